/**
 * Whether card donations are offered, from GET /api/config (nothing about Stripe is built into the
 * bundle). Fetched when the Sign Up dialog opens, and again when the connection comes back after a failure.
 */
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_CURRENCY } from '../model/donation';
import { fetchPublicConfig } from './donation-requests';

export type DonationAvailability =
  | { state: 'loading'; currency: string }
  /** The server could not be asked (offline, or it failed): paid options stay visible but cannot continue. */
  | { state: 'error'; currency: string }
  | { state: 'disabled'; currency: string }
  | { state: 'enabled'; currency: string; publishableKey: string };

export function useDonationConfig(active: boolean, online: boolean) {
  const [availability, setAvailability] = useState<DonationAvailability>({
    state: 'loading',
    currency: DEFAULT_CURRENCY,
  });
  const settled = availability.state === 'enabled' || availability.state === 'disabled';

  useEffect(() => {
    if (!active || !online || settled) return;
    let current = true;
    fetchPublicConfig().then(
      (config) => {
        if (!current) return;
        const currency = config.donationCurrency;
        setAvailability(
          config.donationsEnabled && config.stripePublishableKey
            ? { state: 'enabled', currency, publishableKey: config.stripePublishableKey }
            : { state: 'disabled', currency },
        );
      },
      () => {
        if (current) setAvailability((prev) => ({ state: 'error', currency: prev.currency }));
      },
    );
    return () => {
      current = false;
    };
  }, [active, online, settled]);

  /** The server answered 503 to a payment: stop offering what it cannot take. */
  const markUnavailable = useCallback(
    () => setAvailability((prev) => ({ state: 'disabled', currency: prev.currency })),
    [],
  );

  return { availability, markUnavailable };
}

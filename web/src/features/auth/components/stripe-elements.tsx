/**
 * The one module that imports Stripe's browser libraries. It is reached only through the lazily loaded
 * payment step, and Stripe.js itself is fetched (dynamic import, then Stripe's script) only when that step
 * first renders — never on other pages. Tests replace this module with vi.mock to control the results.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, type ReactNode } from 'react';

export { PaymentElement, useElements, useStripe };

const loads = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js load per key; a failed load (offline, blocked) resolves null and is retried next time. */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let promise = loads.get(publishableKey);
  if (!promise) {
    // `pure` injects Stripe's script only when loadStripe is called, not as an import side effect.
    promise = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch(() => null)
      .then((stripe) => {
        if (!stripe) loads.delete(publishableKey);
        return stripe;
      });
    loads.set(publishableKey, promise);
  }
  return promise;
}

export interface StripeElementsProviderProps {
  publishableKey: string;
  /** Fixed for the provider's life (Stripe's rule): give the provider a new `key` for a new intent. */
  clientSecret: string;
  /** Told whether Stripe.js loaded, so the step can explain a failure instead of spinning. */
  onLoaded?: (ok: boolean) => void;
  children: ReactNode;
}

export function StripeElementsProvider({
  publishableKey,
  clientSecret,
  onLoaded,
  children,
}: StripeElementsProviderProps) {
  const stripe = useMemo(() => loadStripeOnce(publishableKey), [publishableKey]);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current) onLoaded?.(loaded !== null);
    });
    return () => {
      current = false;
    };
  }, [stripe, onLoaded]);
  // The card form follows the app's theme (the `dark` class on <html>).
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  const theme: 'night' | 'stripe' = dark ? 'night' : 'stripe';
  const options = useMemo(() => ({ clientSecret, appearance: { theme } }), [clientSecret, theme]);
  return (
    <Elements stripe={stripe} options={options}>
      {children}
    </Elements>
  );
}

/**
 * Donation calls (docs/product/donations.md#api-calls): the public payment configuration and payment intent
 * creation. The intent call reads the answer itself because the spec names what goes wrong: an answer that is
 * not JSON, or JSON without a client secret.
 */
import type { CreatePaymentIntentInput } from '@schema/contracts/donation';
import {
  donationMessages,
  type PaymentIntentAnswer,
  type PublicConfig,
} from '@schema/contracts/donation-constants';
import { isErrorBody } from '@schema/contracts/errors';
import { api, ApiError } from '@web/lib/api';

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const data = await api<unknown>('/api/config');
  const get = (key: string): unknown =>
    typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined;
  const key = get('stripePublishableKey');
  const currency = get('donationCurrency');
  return {
    stripePublishableKey: typeof key === 'string' && key ? key : null,
    donationCurrency: typeof currency === 'string' && currency ? currency : 'usd',
    // Without a key the card form cannot load, whatever the flag says.
    donationsEnabled: get('donationsEnabled') === true && typeof key === 'string' && key !== '',
  };
}

export async function createPaymentIntent(payload: CreatePaymentIntentInput): Promise<PaymentIntentAnswer> {
  let res: Response;
  try {
    res = await fetch('/api/create-payment-intent', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch (err) {
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  let data: unknown;
  try {
    if (!isJson) throw new Error('not JSON');
    data = await res.json();
  } catch {
    throw new ApiError(res.status, null, donationMessages.notJson);
  }
  if (!res.ok) {
    const body = isErrorBody(data) ? data : null;
    throw new ApiError(res.status, body, body?.message ?? donationMessages.processFailed);
  }
  const clientSecret: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'clientSecret') : undefined;
  const paymentIntentId: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'paymentIntentId') : undefined;
  if (typeof clientSecret !== 'string' || !clientSecret)
    throw new ApiError(res.status, null, donationMessages.noClientSecret);
  return { clientSecret, paymentIntentId: typeof paymentIntentId === 'string' ? paymentIntentId : '' };
}

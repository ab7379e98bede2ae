/**
 * What a payment attempt means for sign-up (docs/product/donations.md#states,
 * docs/spec-differences.md#donations): only `succeeded` is a success, `processing` is pending (the webhook
 * confirms it later), everything else is a payment error.
 */
import { donationMessages } from '@schema/contracts/donation-constants';
import { ApiError } from '@web/lib/api';

export type PaymentOutcome =
  { kind: 'succeeded' } | { kind: 'processing' } | { kind: 'failed'; message: string };

/** The shape of Stripe.js's confirmPayment answer that matters here. */
export interface ConfirmResult {
  error?: { message?: string | undefined } | undefined;
  paymentIntent?: { status: string } | undefined;
}

export function paymentOutcome(result: ConfirmResult): PaymentOutcome {
  if (result.error)
    return { kind: 'failed', message: result.error.message || donationMessages.paymentFailed };
  const status = result.paymentIntent?.status;
  if (status === 'succeeded') return { kind: 'succeeded' };
  if (status === 'processing') return { kind: 'processing' };
  // requires_action left unfinished, requires_payment_method, canceled, or no intent at all: not paid.
  return { kind: 'failed', message: donationMessages.paymentFailed };
}

/**
 * The red box's text when preparing a payment fails: the server's own message (a 502 carries "Failed to
 * create payment intent: …", a 503 says donations are unavailable) or the spec's generic text.
 */
export function donationErrorMessage(err: unknown): string {
  if (err instanceof ApiError && !err.isNetwork && err.message) return err.message;
  return donationMessages.processFailed;
}

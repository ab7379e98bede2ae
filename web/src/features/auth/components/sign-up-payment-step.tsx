/**
 * Sign Up step 'payment', titled Complete Your Donation (docs/product/donations.md#screens, #states,
 * #errors): Stripe's Payment Element, Back and Complete Payment. Loaded lazily by the dialog, so neither this
 * file nor Stripe's libraries are downloaded until a member chooses to donate. The outcome goes back to the
 * dialog, which decides what happens next (only `succeeded` is a success).
 */
import { useCallback, useState, type FormEvent } from 'react';
import { donationMessages } from '@schema/contracts/donation-constants';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatAmount } from '../model/donation';
import { paymentOutcome, type PaymentOutcome } from '../model/payment';
import { FormAlert } from './form-alert';
import { PaymentElement, StripeElementsProvider, useElements, useStripe } from './stripe-elements';

export interface SignUpPaymentStepProps {
  publishableKey: string;
  clientSecret: string;
  /** In major units of `currency`. */
  amount: number;
  currency: string;
  offline: boolean;
  onBack: () => void;
  onResult: (outcome: PaymentOutcome) => void;
}

export default function SignUpPaymentStep({ publishableKey, clientSecret, ...form }: SignUpPaymentStepProps) {
  const [loadFailed, setLoadFailed] = useState(false);
  const onLoaded = useCallback((ok: boolean) => setLoadFailed(!ok), []);
  return (
    <StripeElementsProvider
      key={clientSecret}
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      onLoaded={onLoaded}
    >
      <PaymentForm {...form} loadFailed={loadFailed} />
    </StripeElementsProvider>
  );
}

type PaymentFormProps = Omit<SignUpPaymentStepProps, 'publishableKey' | 'clientSecret'> & {
  loadFailed: boolean;
};

function PaymentForm({ amount, currency, offline, onBack, onResult, loadFailed }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError(donationMessages.stripeNotInitialized);
    if (!elements.getElement('payment')) return setError(donationMessages.paymentElementNotFound);
    setConfirming(true);
    let outcome: PaymentOutcome;
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.origin },
        // Cards (3-D Secure included) finish in place; the server allows no redirect-based methods, so the
        // half-finished sign-up is never lost to a redirect.
        redirect: 'if_required',
      });
      outcome = paymentOutcome(result);
    } catch {
      setConfirming(false);
      return setError(donationMessages.processFailed);
    }
    setConfirming(false);
    onResult(outcome);
  }

  const shownError = error ?? (loadFailed ? donationMessages.stripeNotInitialized : null);
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Card payment"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className="text-base text-stone-800 dark:text-stone-200">
        Your donation: <strong>{formatAmount(amount, currency)}</strong>
      </p>
      {!ready && !loadFailed ? (
        <p className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
          <Spinner size="sm" label="" /> Loading the secure payment form…
        </p>
      ) : null}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setError(donationMessages.stripeNotInitialized)}
      />
      <FormAlert message={shownError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={confirming}>
          Back
        </Button>
        <Button type="submit" disabled={confirming || offline}>
          {confirming ? 'Processing…' : 'Complete Payment'}
        </Button>
      </div>
    </form>
  );
}

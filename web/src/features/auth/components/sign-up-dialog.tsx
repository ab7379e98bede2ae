/**
 * The Sign Up dialog: account → donation → payment (docs/product/accounts.md#screens, #states;
 * docs/product/donations.md#states). The form lives here, not in the steps, so Back, a server error or a step
 * change never loses what the member typed. The payment step (and Stripe with it) is loaded only when a
 * member chooses to donate.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { signUpFormSchema } from '@schema/contracts/auth';
import { authMessages } from '@schema/contracts/auth-constants';
import { donationNotices } from '@schema/contracts/donation-constants';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';
import { useUiStore } from '@web/lib/ui-store';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { checkUsername, register as registerAccount } from '../hooks/auth-requests';
import { createPaymentIntent } from '../hooks/donation-requests';
import { useDonationConfig } from '../hooks/use-donation-config';
import { useOnline } from '../hooks/use-online';
import { DEFAULT_DONATION_OPTION, type DonationValue } from '../model/donation';
import { fieldErrorsFrom } from '../model/errors';
import { avatarDataUrl } from '../model/files';
import { donationErrorMessage, type PaymentOutcome } from '../model/payment';
import type { PickedPicture } from './avatar-picker';
import { FormAlert, FormNotice } from './form-alert';
import { SignUpAccountStep, type SignUpValues } from './sign-up-account-step';
import { SignUpDonationStep } from './sign-up-donation-step';

const SignUpPaymentStep = lazy(() => import('./sign-up-payment-step'));

export type SignUpStep = 'account' | 'donation' | 'payment';
type Account = z.output<typeof signUpFormSchema>;
/** A payment that went through (or is still settling): only the account is left to create. */
type PaidDonation = 'succeeded' | 'processing';

/**
 * The delay before scrolling a new step into view, lets it render first
 * (docs/product/constants.md#interface).
 */
export const STEP_SCROLL_DELAY_MS = 100;
const SIGN_UP_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: SignUpValues = { username: '', email: '', password: '', confirmPassword: '' };
const INITIAL_DONATION: DonationValue = { option: DEFAULT_DONATION_OPTION, customAmount: '' };
/** Registration has already signed the member in (the spec's "you can now log in" would send them looking). */
export const CREATED_SIGNED_IN = "You're signed in. Welcome to DigQuest!";

const titles: Record<SignUpStep, { title: string; description: string }> = {
  account: {
    title: 'Join Our Community',
    description: 'Create your account to share finds and join the conversation.',
  },
  donation: {
    title: 'Support Our Community',
    description: 'A voluntary donation helps keep DigQuest running. You can skip it.',
  },
  payment: {
    title: 'Complete Your Donation',
    description: 'Your card details go straight to Stripe, our payment provider.',
  },
};

export function SignUpDialog() {
  const open = useUiStore((s) => s.authDialog === 'signUp');
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const online = useOnline();
  const { availability, markUnavailable } = useDonationConfig(open, online);
  const donationsOff = availability.state === 'disabled';
  const form = useForm<SignUpValues, unknown, Account>({
    resolver: lazyZodResolver(async () => (await import('@schema/contracts/auth')).signUpFormSchema),
    defaultValues: EMPTY,
  });
  const [step, setStep] = useState<SignUpStep>('account');
  const [account, setAccount] = useState<Account | null>(null);
  const [picture, setPicture] = useState<PickedPicture | null>(null);
  const [donation, setDonation] = useState<DonationValue>(INITIAL_DONATION);
  const [intent, setIntent] = useState<{ clientSecret: string; amount: number } | null>(null);
  const [paid, setPaid] = useState<PaidDonation | null>(null);
  const [paymentFailed, setPaymentFailed] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  // One per sign-up: a retried request gets the same payment intent back (the server mixes in the amount).
  const idempotencyKey = useRef<string | null>(null);
  // The field a server error points at; focused once the account step has rendered it again.
  const [focusField, setFocusField] = useState<(typeof SIGN_UP_FIELDS)[number] | null>(null);

  useEffect(() => {
    if (step !== 'account' || !focusField) return;
    form.setFocus(focusField);
  }, [step, focusField, form]);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (contentRef.current) contentRef.current.scrollTop = 0;
    }, STEP_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  function resetAll() {
    form.reset(EMPTY);
    setStep('account');
    setAccount(null);
    setPicture(null);
    setDonation(INITIAL_DONATION);
    setIntent(null);
    setPaid(null);
    setPaymentFailed(false);
    setFormError(null);
    idempotencyKey.current = null;
  }

  const onContinue = form.handleSubmit(async (values) => {
    setFormError(null);
    setFocusField(null);
    setAccount(values);
    // A donation already paid is not asked for again: only the account is left. With donations off
    // (no payment provider configured) there is nothing to choose, so the step is skipped altogether.
    if (paid) void createAccount(values, paid);
    else if (donationsOff) void createAccount(values, null);
    // A check that could not be made does not hold up Skip: paying checks again and waits for an answer.
    else if (await usernameIsFree(values.username, { untold: 'continue' })) setStep('donation');
  });

  /**
   * Asked before the donation step and again before paying, so a donor never pays and only then learns
   * the name is taken (docs/product/donations.md#states). A refusal goes back to the name. A check that
   * got no answer (offline, a server error) stops the payment with the reason, or lets the member go on.
   */
  async function usernameIsFree(username: string, { untold }: { untold: 'stop' | 'continue' }) {
    setSubmitting(true);
    try {
      await checkUsername(username);
      return true;
    } catch (err) {
      const placed = fieldErrorsFrom(err, SIGN_UP_FIELDS, authMessages.createAccountFailed);
      const message = placed.fields.username;
      if (message) {
        setStep('account');
        form.setError('username', { type: 'server', message });
        setFocusField('username');
        return false;
      }
      if (untold === 'continue') return true;
      setFormError(placed.form ?? authMessages.createAccountFailed);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  async function createAccount(values: Account, afterPayment: PaidDonation | null) {
    setSubmitting(true);
    setFormError(null);
    try {
      const avatarUrl = picture ? await avatarDataUrl(picture.file).catch(() => undefined) : undefined;
      const result = await registerAccount({
        username: values.username,
        email: values.email,
        password: values.password,
        avatarUrl,
      });
      // A server that requires e-mail verification starts no session and says so; the member is told, not signed in.
      const created = result.signedIn
        ? CREATED_SIGNED_IN
        : (result.message ?? authMessages.emailVerificationRequired);
      const donationNote =
        afterPayment === 'processing'
          ? ' Your donation is being confirmed by our payment provider; thank you!'
          : afterPayment === 'succeeded'
            ? ' Thank you for your donation!'
            : '';
      toast({ title: 'Account Created Successfully!', description: created + donationNote });
      resetAll();
      openAuthDialog(null);
    } catch (err) {
      const placed = fieldErrorsFrom(err, SIGN_UP_FIELDS, authMessages.createAccountFailed);
      const rejected = Object.values(placed.fields).some(Boolean);
      // A rejected field sends the member back to fix it; a network failure keeps them here to retry. After a
      // payment the account step is where they finish, whatever went wrong (docs/product/accounts.md#states).
      if (rejected || afterPayment) setStep('account');
      for (const name of SIGN_UP_FIELDS) {
        const message = placed.fields[name];
        if (message) form.setError(name, { type: 'server', message });
      }
      setFocusField(SIGN_UP_FIELDS.find((name) => placed.fields[name]) ?? null);
      setFormError(placed.form);
      if (afterPayment)
        toast({
          ...(rejected ? donationNotices.donationProcessed : donationNotices.errorCreatingAccount),
          variant: 'destructive',
        });
    } finally {
      setSubmitting(false);
    }
  }

  async function onContinueToPayment(amount: number) {
    if (!account) return setStep('account');
    if (!(await usernameIsFree(account.username, { untold: 'stop' }))) return;
    setSubmitting(true);
    setFormError(null);
    setPaymentFailed(false);
    idempotencyKey.current ??= uuidv7();
    try {
      const answer = await createPaymentIntent({
        amount,
        email: account.email,
        name: account.username,
        idempotencyKey: idempotencyKey.current,
      });
      setIntent({ clientSecret: answer.clientSecret, amount });
      setStep('payment');
    } catch (err) {
      setFormError(donationErrorMessage(err));
      // 503: the server takes no donations after all; offer what still works.
      if (err instanceof ApiError && err.status === 503) markUnavailable();
    } finally {
      setSubmitting(false);
    }
  }

  function onPaymentResult(outcome: PaymentOutcome) {
    if (!account) return setStep('account');
    if (outcome.kind === 'failed') {
      setStep('donation');
      setFormError(outcome.message);
      setPaymentFailed(true);
      toast({ ...donationNotices.paymentError, variant: 'destructive' });
      return;
    }
    setPaid(outcome.kind);
    if (outcome.kind === 'succeeded') toast(donationNotices.thankYou);
    void createAccount(account, outcome.kind);
  }

  function onCreateWithoutDonation() {
    if (!account) return setStep('account');
    setDonation((current) => ({ ...current, option: 'skip' }));
    setPaymentFailed(false);
    void createAccount(account, null);
  }

  function onOpenChange(next: boolean) {
    if (next || submitting) return;
    openAuthDialog(null);
  }

  // Stripe's 3-D Secure challenge is an iframe Stripe adds to <body>, outside this dialog. A modal Radix
  // dialog would block its pointer events and pull focus back from it (radix-ui/primitives#2122), so while
  // paying the dialog is non-modal, draws its own backdrop and ignores interaction outside itself.
  const paying = step === 'payment';
  const { title, description } = titles[step];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={!paying}>
      {open && paying
        ? createPortal(
            <div aria-hidden="true" className="fixed inset-0 z-40 bg-stone-950/60" />,
            document.body,
          )
        : null}
      <DialogContent
        ref={contentRef}
        onInteractOutside={paying ? (event) => event.preventDefault() : undefined}
        onOpenAutoFocus={(event) => {
          // Start where the member types, not on the optional picture above the fields.
          if (step !== 'account') return;
          event.preventDefault();
          form.setFocus('username');
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {!online ? (
            <FormNotice>
              Signing up needs an internet connection. Connect and try again; what you've typed is kept.
            </FormNotice>
          ) : null}
          {paid && step === 'account' ? (
            <FormNotice>
              Your donation has been received. Check your details and press Continue to create your account.
            </FormNotice>
          ) : null}
          {paymentFailed && step === 'donation' ? (
            <FormNotice>
              <strong className="block">{donationNotices.paymentError.title}</strong>
              {donationNotices.paymentError.description}{' '}
              <Button
                variant="link"
                className="min-h-0 px-0"
                onClick={onCreateWithoutDonation}
                disabled={submitting || !online}
              >
                Create account without donation
              </Button>
            </FormNotice>
          ) : null}
          <FormAlert message={formError} />
          {step === 'account' ? (
            <SignUpAccountStep
              form={form}
              picture={picture}
              onPictureChange={setPicture}
              onContinue={() => void onContinue()}
              continueLabel={donationsOff ? 'Create Account' : 'Continue'}
              submitting={submitting}
              onSwitchToSignIn={() => openAuthDialog('signIn')}
            />
          ) : step === 'donation' ? (
            <SignUpDonationStep
              value={donationsOff ? { ...donation, option: 'skip' } : donation}
              onChange={setDonation}
              onBack={() => setStep('account')}
              onCreateAccount={() => (account ? void createAccount(account, null) : setStep('account'))}
              onContinueToPayment={
                availability.state === 'enabled' ? (amount) => void onContinueToPayment(amount) : undefined
              }
              submitting={submitting}
              offline={!online}
              currency={availability.currency}
              availability={availability.state}
            />
          ) : paid ? (
            <p role="status" className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
              <Spinner size="sm" label="" /> Creating your account…
            </p>
          ) : intent && availability.state === 'enabled' ? (
            <Suspense fallback={<Spinner label="Loading the payment form…" />}>
              <SignUpPaymentStep
                publishableKey={availability.publishableKey}
                clientSecret={intent.clientSecret}
                amount={intent.amount}
                currency={availability.currency}
                offline={!online}
                onBack={() => setStep('donation')}
                onResult={onPaymentResult}
              />
            </Suspense>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

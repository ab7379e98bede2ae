/**
 * The Sign Up dialog: account → donation (spec 1 §2, §4 Sign-up transitions). The form lives here, not in
 * the steps, so Back, a server error or a step change never loses what the member typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authMessages, signUpFormSchema } from '@schema/contracts/auth';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useUiStore } from '@web/lib/ui-store';
import { register as registerAccount } from '../hooks/auth-requests';
import { useOnline } from '../hooks/use-online';
import { DEFAULT_DONATION_OPTION, type DonationValue } from '../model/donation';
import { fieldErrorsFrom } from '../model/errors';
import { avatarDataUrl } from '../model/files';
import type { PickedPicture } from './avatar-picker';
import { FormAlert, FormNotice } from './form-alert';
import { SignUpAccountStep, type SignUpValues } from './sign-up-account-step';
import { SignUpDonationStep } from './sign-up-donation-step';

export type SignUpStep = 'account' | 'donation';
type Account = z.output<typeof signUpFormSchema>;

/** The spec's delay before scrolling a new step into view (lets the new step render first). */
export const STEP_SCROLL_DELAY_MS = 100;
const SIGN_UP_FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: SignUpValues = { username: '', email: '', password: '', confirmPassword: '' };
const INITIAL_DONATION: DonationValue = { option: DEFAULT_DONATION_OPTION, customAmount: '' };

const titles: Record<SignUpStep, { title: string; description: string }> = {
  account: { title: 'Join Our Community', description: 'Create your account to share finds and join the conversation.' },
  donation: { title: 'Support Our Community', description: 'A voluntary donation helps keep DigQuest running. You can skip it.' },
};

export function SignUpDialog() {
  const open = useUiStore((s) => s.authDialog === 'signUp');
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const online = useOnline();
  const form = useForm<SignUpValues, unknown, Account>({ resolver: zodResolver(signUpFormSchema), defaultValues: EMPTY });
  const [step, setStep] = useState<SignUpStep>('account');
  const [account, setAccount] = useState<Account | null>(null);
  const [picture, setPicture] = useState<PickedPicture | null>(null);
  const [donation, setDonation] = useState<DonationValue>(INITIAL_DONATION);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
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
    setFormError(null);
  }

  const onContinue = form.handleSubmit((values) => {
    setFormError(null);
    setFocusField(null);
    setAccount(values);
    setStep('donation');
  });

  async function onCreateAccount() {
    if (!account) return setStep('account');
    setSubmitting(true);
    setFormError(null);
    try {
      const avatarUrl = picture ? await avatarDataUrl(picture.file).catch(() => undefined) : undefined;
      const result = await registerAccount({ username: account.username, email: account.email, password: account.password, avatarUrl });
      // A server that requires e-mail verification starts no session and says so; the member is told, not signed in.
      const description = result.signedIn ? 'You can now log in to the product immediately!' : (result.message ?? authMessages.emailVerificationRequired);
      toast({ title: 'Account Created Successfully!', description });
      resetAll();
      openAuthDialog(null);
    } catch (err) {
      const placed = fieldErrorsFrom(err, SIGN_UP_FIELDS, authMessages.createAccountFailed);
      const fieldEntries = Object.entries(placed.fields).filter(([, message]) => message);
      // A rejected field sends the member back to fix it; a network failure keeps them here to retry.
      if (fieldEntries.length > 0) setStep('account');
      for (const name of SIGN_UP_FIELDS) {
        const message = placed.fields[name];
        if (message) form.setError(name, { type: 'server', message });
      }
      setFocusField(SIGN_UP_FIELDS.find((name) => placed.fields[name]) ?? null);
      setFormError(placed.form);
    } finally {
      setSubmitting(false);
    }
  }

  function onOpenChange(next: boolean) {
    if (next || submitting) return;
    openAuthDialog(null);
  }

  const { title, description } = titles[step];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent ref={contentRef}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {!online ? (
            <FormNotice>Signing up needs an internet connection. Connect and try again; what you've typed is kept.</FormNotice>
          ) : null}
          <FormAlert message={formError} />
          {step === 'account' ? (
            <SignUpAccountStep
              form={form}
              picture={picture}
              onPictureChange={setPicture}
              onContinue={() => void onContinue()}
              onSwitchToSignIn={() => openAuthDialog('signIn')}
            />
          ) : (
            <SignUpDonationStep
              value={donation}
              onChange={setDonation}
              onBack={() => setStep('account')}
              onCreateAccount={() => void onCreateAccount()}
              submitting={submitting}
              offline={!online}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

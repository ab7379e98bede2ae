/** 'Resend Verification Email' (docs/product/accounts.md#screens, #rules-and-messages, #errors). */
import { useState, type FormEvent } from 'react';
import { authMessages } from '@schema/contracts/auth-constants';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';
import { resendVerification } from '../hooks/auth-requests';

export const resendMessages = {
  networkFailure: 'Failed to send verification email. Please try again.',
} as const;

export function ResendVerificationCard() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    if (!email.trim()) {
      toast({
        title: authMessages.emailRequiredTitle,
        description: authMessages.emailRequired,
        variant: 'destructive',
      });
      return;
    }
    // The account contract (and its validation library) loads with the first send, not with the page.
    const { resendVerificationSchema } = await import('@schema/contracts/auth');
    const parsed = resendVerificationSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? authMessages.invalidEmail);
      return;
    }
    setSending(true);
    try {
      const answer = await resendVerification(parsed.data.email);
      toast({ title: 'Email Sent!', description: answer?.message || authMessages.verificationSent });
    } catch (err) {
      const reached = err instanceof ApiError && !err.isNetwork && err.status < 500;
      const description = reached ? (err.body?.message ?? err.message) : resendMessages.networkFailure;
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Resend Verification Email</CardTitle>
        <CardDescription>Didn't get the email? Enter your address and we'll send a new link.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
          <FormField label="Email" htmlFor="resend-email" error={fieldError}>
            <Input
              id="resend-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'resend-email-error' : undefined}
            />
          </FormField>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Resend Verification Email'}
          </Button>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Can't find it? Check your spam or junk folder too.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

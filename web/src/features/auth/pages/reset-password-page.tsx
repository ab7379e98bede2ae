/** /reset-password?token=: choose a new password from the e-mailed link. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { newPasswordSchema } from '@schema/contracts/auth';
import { authMessages } from '@schema/contracts/auth-constants';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { FormAlert, FormNotice } from '../components/form-alert';
import { confirmPasswordReset } from '../hooks/auth-requests';
import { useOnline } from '../hooks/use-online';
import { openSignIn } from '../model/auth-dialog-store';

type Values = z.input<typeof newPasswordSchema>;
type Outcome = { kind: 'done'; message: string } | { kind: 'invalid'; message: string };

const NETWORK_FAILURE = 'Could not reach the server. Please check your connection and try again.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Reset Your Password</h1>
      {!token ? (
        <LinkProblem message="This page opens from the link in your password reset email. The link is missing its code, so request a new one." />
      ) : outcome?.kind === 'invalid' ? (
        <LinkProblem message={outcome.message} />
      ) : outcome?.kind === 'done' ? (
        <div className="flex flex-col gap-4" aria-live="polite">
          <p>{outcome.message}</p>
          <Button onClick={() => openSignIn('signIn')}>Sign in</Button>
        </div>
      ) : (
        <NewPasswordForm token={token} onOutcome={setOutcome} />
      )}
    </div>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="alert">{message}</p>
      <Button variant="outline" onClick={() => openSignIn('reset')}>
        Request a new link
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, onOutcome }: { token: string; onOutcome: (outcome: Outcome) => void }) {
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<Values, unknown, z.output<typeof newPasswordSchema>>({
    resolver: lazyZodResolver(async () => (await import('@schema/contracts/auth')).newPasswordSchema),
    // The token is not a field: it rides along in the form values so the shared schema checks it too.
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await confirmPasswordReset(values.token, values.password);
      onOutcome({ kind: 'done', message: answer?.message || authMessages.passwordResetDone });
    } catch (err) {
      if (!(err instanceof ApiError) || err.isNetwork || err.status >= 500) return setError(NETWORK_FAILURE);
      if (err.status === 429) return setError(err.body?.message ?? err.message);
      const passwordProblem = err.body?.fields?.password;
      if (passwordProblem) return setFieldError('password', { type: 'server', message: passwordProblem });
      onOutcome({ kind: 'invalid', message: err.body?.message ?? authMessages.resetLinkInvalid });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {!online ? (
        <FormNotice>You're offline. Resetting your password needs an internet connection.</FormNotice>
      ) : null}
      <FormAlert message={error ?? errors.token?.message ?? null} />
      <FormField label="New Password" htmlFor="reset-password" error={errors.password?.message}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'reset-password-error' : undefined}
          {...register('password')}
        />
      </FormField>
      <FormField label="Confirm Password" htmlFor="reset-confirm" error={errors.confirmPassword?.message}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? 'reset-confirm-error' : undefined}
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting || !online}>
        {isSubmitting ? 'Resetting…' : 'Reset Password'}
      </Button>
    </form>
  );
}

/** The Sign In view: username + password (docs/product/accounts.md#screens, #rules-and-messages, #errors). */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { loginSchema } from '@schema/contracts/auth';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { login } from '../hooks/auth-requests';
import { useOnline } from '../hooks/use-online';
import { loginErrorMessage } from '../model/errors';
import { FormAlert, FormNotice } from './form-alert';

type LoginValues = z.input<typeof loginSchema>;

export interface SignInFormProps {
  /** Called after the welcome toast; the dialog or the sign-in page moves on after a short delay. */
  onSignedIn: (user: SelfUser) => void;
  onForgotPassword: () => void;
  onSwitchToSignUp: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword, onSwitchToSignUp }: SignInFormProps) {
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: lazyZodResolver(async () => (await import('@schema/contracts/auth')).loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await login(values);
      toast({ title: 'Success!', description: `Welcome, ${user.username}!` });
      // Keeps the button disabled until the dialog closes, so a second click cannot log in twice.
      setDone(true);
      onSignedIn(user);
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  });

  const busy = isSubmitting || done;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {!online ? <FormNotice>You're offline. Signing in needs an internet connection.</FormNotice> : null}
      <FormAlert message={error} />
      <FormField label="Username" htmlFor="signin-username" error={errors.username?.message}>
        <Input
          id="signin-username"
          autoComplete="username"
          autoCapitalize="none"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'signin-username-error' : undefined}
          {...register('username')}
        />
      </FormField>
      <FormField label="Password" htmlFor="signin-password" error={errors.password?.message}>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'signin-password-error' : undefined}
          {...register('password')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button variant="link" size="sm" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-stone-600 dark:text-stone-400">
        New to DigQuest?{' '}
        <Button variant="link" size="sm" className="inline-flex" onClick={onSwitchToSignUp}>
          Sign up to create an account
        </Button>
      </p>
    </form>
  );
}

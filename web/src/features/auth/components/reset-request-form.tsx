/**
 * The Sign In dialog's Reset Password view: ask for a reset link by e-mail (docs/product/accounts.md#screens,
 * #rules-and-messages, #errors).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { resetRequestSchema } from '@schema/contracts/auth';
import { authMessages } from '@schema/contracts/auth-constants';
import { ApiError } from '@web/lib/api';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { requestPasswordReset } from '../hooks/auth-requests';
import { FormAlert } from './form-alert';

type ResetValues = z.input<typeof resetRequestSchema>;

export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    ResetValues,
    unknown,
    z.output<typeof resetRequestSchema>
  >({
    resolver: lazyZodResolver(async () => (await import('@schema/contracts/auth')).resetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      // The same answer whether or not the address has an account, so it cannot be used to probe.
      toast({ title: 'Success!', description: authMessages.resetSent });
      onBack();
    } catch (err) {
      const limited = err instanceof ApiError && err.status === 429 && err.body?.message;
      setError(limited || authMessages.resetFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={error} />
      <FormField label="Email" htmlFor="reset-email" error={errors.email?.message}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'reset-email-error' : undefined}
          {...register('email')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Reset Email'}
      </Button>
      <Button variant="outline" onClick={onBack} disabled={isSubmitting}>
        Back to Sign in
      </Button>
    </form>
  );
}

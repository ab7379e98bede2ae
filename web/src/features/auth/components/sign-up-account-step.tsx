/**
 * Sign Up step 'account': picture, username, e-mail, passwords (docs/product/accounts.md#screens,
 * #rules-and-messages).
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { signUpFormSchema } from '@schema/contracts/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { AvatarPicker, type PickedPicture } from './avatar-picker';

export type SignUpValues = z.input<typeof signUpFormSchema>;
export type SignUpForm = UseFormReturn<SignUpValues, unknown, z.output<typeof signUpFormSchema>>;

export interface SignUpAccountStepProps {
  form: SignUpForm;
  picture: PickedPicture | null;
  onPictureChange: (picture: PickedPicture | null) => void;
  onContinue: () => void;
  /** 'Create Account' when there is no donation step to continue to. */
  continueLabel?: string;
  /** The account is being created straight from this step. */
  submitting?: boolean;
  onSwitchToSignIn: () => void;
}

const fields = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const satisfies ReadonlyArray<{
  name: keyof SignUpValues;
  label: string;
  type: string;
  autoComplete: string;
}>;

export function SignUpAccountStep({
  form,
  picture,
  onPictureChange,
  onContinue,
  continueLabel = 'Continue',
  submitting = false,
  onSwitchToSignIn,
}: SignUpAccountStepProps) {
  const { register, formState, control } = form;
  const username = useWatch({ control, name: 'username' });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <AvatarPicker username={username} picked={picture} onChange={onPictureChange} />
      {fields.map(({ name, label, type, autoComplete }) => {
        const id = `signup-${name}`;
        const error = formState.errors[name]?.message;
        return (
          <FormField key={name} label={label} htmlFor={id} error={error}>
            <Input
              id={id}
              type={type}
              autoComplete={autoComplete}
              autoCapitalize={type === 'text' ? 'none' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register(name)}
            />
          </FormField>
        );
      })}
      <p className="rounded-lg bg-lime-50 p-3 text-sm text-lime-900 dark:bg-lime-950 dark:text-lime-100">
        Creating an account is quick: no email verification is needed, and you're signed in straight away.
      </p>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Creating your account…' : continueLabel}
      </Button>
      <p className="text-center text-sm text-stone-600 dark:text-stone-400">
        Already have an account?{' '}
        <Button variant="link" size="sm" className="inline-flex" onClick={onSwitchToSignIn}>
          Sign in
        </Button>
      </p>
    </form>
  );
}

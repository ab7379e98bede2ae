/**
 * Edit Profile form (docs/product/accounts.md). Saves go to the server or visibly fail: the form keeps
 * its values on failure and the stored member changes only to what the server answered. A new password or
 * e-mail address needs the current password, asked for in its own field.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { profileFormSchema, ProfileFormInput } from '@schema/contracts/auth';
import { authMessages } from '@schema/contracts/auth-constants';
import { BIO_MAX } from '@schema/contracts/constants';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { updateProfile, uploadAvatar } from '../hooks/auth-requests';
import { useOnline } from '../hooks/use-online';
import { fieldErrorsFrom, serverMessage } from '../model/errors';
import { isEmptyPatch, needsCurrentPassword, profileChanges, profileDefaults } from '../model/profile';
import { AvatarPicker, type PickedPicture } from './avatar-picker';
import { FormNotice } from './form-alert';

const PROFILE_FIELDS = [
  'username',
  'email',
  'bio',
  'password',
  'confirmPassword',
  'currentPassword',
] as const;

const inputs = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'New Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'currentPassword',
    label: 'Current Password',
    type: 'password',
    autoComplete: 'current-password',
  },
] as const satisfies ReadonlyArray<{
  name: keyof ProfileFormInput;
  label: string;
  type: string;
  autoComplete: string;
}>;

const HINTS: Partial<Record<keyof ProfileFormInput, string>> = {
  password: 'Leave both password fields empty to keep your current password.',
  currentPassword: 'Needed only to change your email address or password.',
};

export function ProfileForm({ user }: { user: SelfUser }) {
  const online = useOnline();
  const [picked, setPicked] = useState<PickedPicture | null>(null);
  const form = useForm<ProfileFormInput, unknown, z.output<typeof profileFormSchema>>({
    resolver: lazyZodResolver(async () => (await import('@schema/contracts/auth')).profileFormSchema),
    defaultValues: profileDefaults(user),
  });
  const { register, handleSubmit, formState, control, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const bioLength = (useWatch({ control, name: 'bio' }) ?? '').length;

  const onSubmit = handleSubmit(async (values) => {
    const patch = profileChanges(user, values);
    // The schema asks for it with a new password; a new e-mail address is known only against the member.
    if (needsCurrentPassword(user, patch) && !patch.currentPassword) {
      setError(
        'currentPassword',
        { type: 'required', message: authMessages.currentPasswordForChange },
        { shouldFocus: true },
      );
      return;
    }
    try {
      let saved = user;
      if (picked) {
        saved = await uploadAvatar(user, picked.file);
        // The picture is saved even if the field update below fails; don't upload it twice.
        setPicked(null);
      }
      if (!isEmptyPatch(patch)) saved = await updateProfile(user.id, patch);
      reset(profileDefaults(saved));
      // A changed address may need confirming again before the next sign-in (when the server requires it).
      const reverify = patch.email !== undefined && !saved.isEmailVerified;
      toast({
        title: 'Profile Updated',
        description: reverify
          ? 'Please check your inbox to verify your new email address.'
          : 'Your profile has been saved.',
      });
    } catch (err) {
      const placed = fieldErrorsFrom(err, PROFILE_FIELDS, authMessages.updateProfileFailed);
      for (const name of PROFILE_FIELDS) {
        const message = placed.fields[name];
        if (message) setError(name, { type: 'server', message });
      }
      toast({
        title: 'Update Failed',
        description: serverMessage(err, authMessages.updateProfileFailed),
        variant: 'destructive',
      });
    }
  });

  const nothingToSave = !isDirty && !picked;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {!online ? (
        <FormNotice>You're offline. Profile changes need an internet connection to save.</FormNotice>
      ) : null}
      <AvatarPicker
        username={user.username}
        currentUrl={user.avatarUrl}
        picked={picked}
        onChange={setPicked}
        disabled={isSubmitting}
      />
      {inputs.map(({ name, label, type, autoComplete }) => {
        const id = `profile-${name}`;
        const error = errors[name]?.message;
        return (
          <FormField key={name} label={label} htmlFor={id} error={error} hint={HINTS[name]}>
            <Input
              id={id}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : name in HINTS ? `${id}-hint` : undefined}
              {...register(name)}
            />
          </FormField>
        );
      })}
      <FormField
        label="Bio"
        htmlFor="profile-bio"
        error={errors.bio?.message}
        hint={`${bioLength}/${BIO_MAX}`}
      >
        <Textarea
          id="profile-bio"
          placeholder="A few words for other detectorists: where you search, what you hope to find…"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? 'profile-bio-error' : 'profile-bio-hint'}
          {...register('bio')}
        />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={isSubmitting || nothingToSave}
          onClick={() => {
            reset(profileDefaults(user));
            setPicked(null);
          }}
        >
          Discard Changes
        </Button>
        <Button type="submit" disabled={isSubmitting || !online || nothingToSave}>
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Profile Settings (docs/product/social.md "Profile Settings"): avatar — one of the generated pictures or
 * an uploaded image ('Invalid file type' / 'Please select an image file' for anything else) — username,
 * e-mail (a new address needs the current password, docs/product/accounts.md), bio, years detecting and
 * detector, Save Changes with 'Profile updated successfully' or 'Failed to update profile', Restart tour
 * (where 'Tour skipped' sends the member), and the Blocked members list. Saving needs the network: a
 * profile change is never applied on the device alone.
 */
import { useState, type ChangeEvent } from 'react';
import { useOneSubmitAtATime } from '@web/lib/one-submit-at-a-time';
import { Link } from 'react-router';
import { RotateCcw, Settings } from 'lucide-react';
import { BIO_MAX } from '@schema/contracts/constants';
import { profileSettingsMessages as texts } from '@schema/contracts/messages-constants';
import { defaultAvatarUrl, type SelfUser } from '@schema/contracts/users';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useOnlineStatus } from '@web/sync';
import { saveProfileSettings, type ProfileSettingsPatch } from '../hooks/profile-settings';
import { BlockedMembers } from './blocked-members';
import {
  DetectingDetailsFields,
  detailsChanges,
  useDetailsState,
  type DetailErrors,
} from './detecting-details-fields';

/** Generated pictures to pick from: our own DiceBear avatars, seeded by the name and a number. */
const generatedChoices = (username: string) =>
  [username, ...[1, 2, 3, 4, 5].map((n) => `${username}-${n}`)].map(defaultAvatarUrl);

function SettingsForm({ user, onDone }: { user: SelfUser; onDone(): void }) {
  const online = useOnlineStatus();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [bio, setBio] = useState(user.bio ?? '');
  const { pending: saving, submit } = useOneSubmitAtATime(save);
  const [currentPassword, setCurrentPassword] = useState('');
  const [avatar, setAvatar] = useState<string>(user.avatarUrl);
  const [upload, setUpload] = useState<{ file: File; preview: string } | null>(null);
  const [details, changeDetail] = useDetailsState();
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const emailChanged = email.trim() !== user.email;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: texts.invalidFileType, description: texts.selectImageFile, variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && setUpload({ file, preview: reader.result });
    reader.readAsDataURL(file);
  }

  async function save() {
    const patch: ProfileSettingsPatch = {};
    if (username.trim() !== user.username) patch.username = username.trim();
    if (emailChanged) {
      patch.email = email.trim();
      patch.currentPassword = currentPassword;
    }
    if (bio !== (user.bio ?? '')) patch.bio = bio;
    if (!upload && avatar !== user.avatarUrl) patch.avatarUrl = avatar;
    const detailsChange = await detailsChanges(details);
    setDetailErrors(detailsChange.ok ? {} : detailsChange.errors);
    if (!detailsChange.ok) return;
    try {
      await saveProfileSettings(user, patch, upload?.file ?? null, detailsChange.input);
      toast({ title: texts.updated });
      onDone();
    } catch (err) {
      toast({
        title: texts.failed,
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
      {online ? null : <p className="text-sm text-stone-600 dark:text-stone-400">{texts.offline}</p>}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Avatar</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Generated avatars">
          {generatedChoices(user.username).map((url, i) => (
            <button
              key={url}
              type="button"
              role="radio"
              aria-checked={!upload && avatar === url}
              aria-label={`Generated avatar ${i + 1}`}
              className={`rounded-full p-0.5 ${!upload && avatar === url ? 'ring-2 ring-amber-600' : ''}`}
              onClick={() => {
                setUpload(null);
                setAvatar(url);
              }}
            >
              <UserAvatar username={user.username} avatarUrl={url} />
            </button>
          ))}
          {upload ? (
            <img
              src={upload.preview}
              alt="Your uploaded avatar (preview)"
              className="size-10 rounded-full ring-2 ring-amber-600"
            />
          ) : null}
        </div>
        <label className="text-sm">
          Upload an image
          <input type="file" accept="image/*" className="mt-1 block text-sm" onChange={onFile} />
        </label>
      </fieldset>
      <FormField label="Username" htmlFor="settings-username">
        <Input
          id="settings-username"
          value={username}
          autoComplete="username"
          onChange={(e) => setUsername(e.target.value)}
        />
      </FormField>
      <FormField label="Email" htmlFor="settings-email">
        <Input
          id="settings-email"
          type="email"
          value={email}
          autoComplete="email"
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      {emailChanged ? (
        <FormField
          label="Current Password"
          htmlFor="settings-current-password"
          hint={texts.currentPasswordHint}
        >
          <Input
            id="settings-current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </FormField>
      ) : null}
      <FormField label="Bio" htmlFor="settings-bio" hint={`${bio.length}/${BIO_MAX}`}>
        <Textarea id="settings-bio" value={bio} onChange={(e) => setBio(e.target.value)} />
      </FormField>
      <DetectingDetailsFields details={details} onChange={changeDetail} errors={detailErrors} />
      <Button type="submit" disabled={saving || !online} className="self-end">
        {saving ? 'Saving…' : 'Save Changes'}
      </Button>
    </form>
  );
}

export function ProfileSettingsDialog({ user }: { user: SelfUser }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Settings aria-hidden="true" /> {texts.title}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogDescription>How other detectorists see you.</DialogDescription>
          </DialogHeader>
          {open ? (
            <div className="flex flex-col gap-6">
              <SettingsForm key={user.id} user={user} onDone={() => setOpen(false)} />
              <section aria-labelledby="settings-tour" className="flex flex-col items-start gap-2">
                <h3 id="settings-tour" className="font-medium">
                  Welcome tour
                </h3>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  Take the tour of DigQuest again. What you have earned stays.
                </p>
                {/* The achievements feature restarts it there (features do not import each other). */}
                <Link to="/achievements?tour=restart" className={buttonClasses('outline', 'sm')}>
                  <RotateCcw aria-hidden="true" /> Restart tour
                </Link>
              </section>
              <BlockedMembers />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * /settings/notifications (docs/notifications.md "On the device"): push on this device; what each kind
 * of notification reaches the member by (in the app, push, e-mail); quiet hours, sent with the device's
 * time zone; message previews on the lock screen; messages by e-mail as a daily digest. The settings live
 * on the server and are saved as they change; offline they are shown disabled, with a sentence why.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  NotificationChannel,
  NotificationKind,
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@schema/contracts/notifications';
import { Button } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import { ApiError } from '@web/lib/api';
import { useOnlineStatus } from '@web/sync';
import { ChannelTable } from '../components/channel-table';
import { PushDevice } from '../components/push-device';
import { QuietHours } from '../components/quiet-hours';
import { usePreferences } from '../hooks/preferences';
import { notificationTexts as t } from '../texts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Toggle({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start gap-3 py-1">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-lime-700"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="cursor-pointer font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-sm text-stone-700 dark:text-stone-300">
          {hint}
        </span>
      </div>
    </div>
  );
}

const failure = (err: unknown) =>
  err instanceof ApiError && err.status === 400 && err.body ? err.body.message : t.saveFailed;

function Preferences({
  value,
  save,
  online,
}: {
  value: NotificationPreferences;
  save(change: NotificationPreferencesInput): Promise<void>;
  online: boolean;
}) {
  const [saving, setSaving] = useState(false);
  const disabled = !online || saving;

  const run = (change: NotificationPreferencesInput, done?: string) => {
    setSaving(true);
    save(change)
      .then(() => done && toast({ title: done }))
      .catch((err: unknown) => toast({ title: failure(err), variant: 'destructive' }))
      .finally(() => setSaving(false));
  };
  const setChannel = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    run({ channels: { [kind]: { ...value.channels[kind], [channel]: on } } });

  return (
    <>
      <Section id="notify-kinds" title={t.channelsHeading}>
        <ChannelTable channels={value.channels} disabled={disabled} onChange={setChannel} />
      </Section>
      <Section id="notify-quiet" title={t.quietHeading}>
        <QuietHours value={value} disabled={disabled} onSave={(change, done) => run(change, done)} />
      </Section>
      <Section id="notify-messages" title="Messages">
        <Toggle
          label={t.previews}
          hint={t.previewsHint}
          checked={value.previews}
          disabled={disabled}
          onChange={(previews) => run({ previews })}
        />
        <Toggle
          label={t.digest}
          hint={t.digestHint}
          checked={value.messageDigest}
          disabled={disabled}
          onChange={(messageDigest) => run({ messageDigest })}
        />
      </Section>
    </>
  );
}

export function NotificationSettingsPage() {
  const { user, loading } = useCurrentUser();
  const online = useOnlineStatus();
  const { prefs, save, reload } = usePreferences(user?.id ?? null);

  let body: ReactNode;
  if (loading) body = <Skeleton className="h-64 w-full" />;
  else if (!user) body = <p>Sign in to change your notification settings.</p>;
  else {
    body = (
      <>
        {online ? null : (
          <p
            role="status"
            className="rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {t.offline}
          </p>
        )}
        <Section id="notify-device" title={t.deviceHeading}>
          <PushDevice online={online} />
        </Section>
        {prefs.state === 'loading' ? (
          <div role="status" aria-busy="true">
            <span className="sr-only">Loading your settings…</span>
            <Skeleton className="h-64 w-full" />
          </div>
        ) : prefs.state === 'error' ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert">{prefs.message}</p>
            <Button variant="outline" onClick={reload}>
              Try again
            </Button>
          </div>
        ) : (
          <Preferences value={prefs.value} save={save} online={online} />
        )}
      </>
    );
  }

  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t.settingsTitle}
        description={t.settingsDescription}
        actions={
          <Link
            to="/notifications"
            className="text-lime-800 underline-offset-4 hover:underline dark:text-lime-400"
          >
            Your notifications
          </Link>
        }
      />
      {body}
    </PageContainer>
  );
}

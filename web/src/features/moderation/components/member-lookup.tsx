/**
 * The Members tab of /moderation (docs/moderation.md "Actions"): a moderator names a member and warns or
 * suspends them, or lifts their suspension, without a report to start from. Their standing and earlier
 * actions come from `GET /api/moderation/members/{username}`; each action opens the reason dialog.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { MemberStanding, ModerationActionName } from '@schema/contracts/moderation';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api, ApiError } from '@web/lib/api';
import { actionTexts, moderationTexts as t, suspendedUntil } from '../model/texts';
import { ActionDialog, type ActionTarget } from './action-dialog';
import { LogLine } from './log-entry';

const readStanding = (username: string) =>
  api<MemberStanding>(`/api/moderation/members/${encodeURIComponent(username)}`);

function actionsOn(member: MemberStanding): ModerationActionName[] {
  if (member.moderator) return [];
  return member.suspension ? ['warn', 'suspend', 'unsuspend'] : ['warn', 'suspend'];
}

export function MemberLookup() {
  const ids = useId();
  const [name, setName] = useState('');
  const [member, setMember] = useState<MemberStanding | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState<ActionTarget | null>(null);

  async function look(username: string) {
    setBusy(true);
    setError(null);
    try {
      setMember(await readStanding(username));
    } catch (err) {
      setMember(null);
      setError(
        err instanceof ApiError && err.status === 404
          ? t.memberNotFound
          : err instanceof ApiError && !err.isNetwork
            ? err.message
            : t.offline,
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) void look(name.trim());
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${ids}-title`} className="text-xl font-bold">
          {t.members}
        </h2>
        <p className="text-stone-600 dark:text-stone-400">{t.membersIntro}</p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-name`}>Username</Label>
          <Input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit" disabled={busy || name.trim() === ''}>
          {busy ? 'Looking…' : 'Look up'}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {member ? (
        <article
          aria-label={member.username}
          className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 dark:border-stone-700 dark:bg-stone-900"
        >
          <p>
            <Link to={`/users/${member.id}`} className="font-semibold hover:underline">
              {member.username}
            </Link>
            {' · '}
            {member.moderator
              ? t.isModerator
              : member.suspension
                ? `${suspendedUntil(member.suspension.until)}${member.suspension.reason ? `: ${member.suspension.reason}` : ''}`
                : t.notSuspended}
          </p>
          {member.history.length === 0 ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">{t.noHistory}</p>
          ) : (
            <ul
              className="flex flex-col gap-1 text-sm"
              aria-label={`Earlier actions against ${member.username}`}
            >
              {member.history.map((entry) => (
                <li key={entry.id}>
                  <LogLine entry={entry} />
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            {actionsOn(member).map((action) => (
              <Button
                key={action}
                size="sm"
                variant="outline"
                onClick={() => setTarget({ action, userId: member.id })}
              >
                {actionTexts[action].button}
              </Button>
            ))}
          </div>
        </article>
      ) : null}
      <ActionDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={() => member && void look(member.username)}
      />
    </section>
  );
}

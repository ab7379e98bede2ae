/**
 * What the author reads on their own record a moderator hid (docs/moderation.md "Hidden records"): "Hidden
 * by a moderator: <reason>", that they can edit it and ask for a review, and the button that asks. The mark
 * comes with the record itself — the device's row keeps it offline (entity-descriptor.ts), and REST answers
 * carry it — so nothing is asked of the server to show it.
 */
import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { hiddenNotice, type HideableEntity } from '@schema/contracts/moderation';
import { Button } from '@web/components/ui/button';
import { hiddenReasonOf } from './report';
import { askForReview, reviewTexts } from './review';

export interface HiddenNoticeProps {
  /** The record as the page has it. */
  record: object;
  /** Whether the viewer wrote it: only its author (and moderators) ever get the mark. */
  isOwner: boolean;
  /** The record as moderation names it; `id` null until it has synced (nothing to review yet). */
  entity: HideableEntity;
  id: number | null;
  /** Where the notice sits: a comment's is smaller. */
  compact?: boolean;
}

export function HiddenNotice({ record, isOwner, entity, id, compact = false }: HiddenNoticeProps) {
  const reason = hiddenReasonOf(record);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isOwner || reason === null) return null;

  async function ask() {
    if (id === null) return;
    setBusy(true);
    const outcome = await askForReview(entity, id);
    setBusy(false);
    setSaid({ text: outcome.message, failed: outcome.state !== 'asked' });
  }

  return (
    <div
      role="status"
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${compact ? 'p-2 text-sm' : 'p-3'}`}
    >
      <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col items-start gap-1.5">
        <p className="font-medium">{hiddenNotice(reason)}</p>
        <p>{reviewTexts.hint}</p>
        {id !== null ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void ask()}>
            {busy ? reviewTexts.asking : reviewTexts.button}
          </Button>
        ) : null}
        {said ? (
          <p
            role={said.failed ? 'alert' : undefined}
            className={said.failed ? 'text-red-800 dark:text-red-300' : ''}
          >
            {said.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}

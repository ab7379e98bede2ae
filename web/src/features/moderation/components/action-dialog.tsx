/**
 * One moderator action on a queued record or a member (docs/moderation.md "Actions"): the reason it is taken for
 * (required, shown to the author for hide, warn and suspend, and kept in the log), and for a suspension how
 * long. The contract's validator checks it here as the server will; the server's refusal shows in the dialog.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  checkAction,
  MODERATION_REASON_MAX,
  suspensionDays,
  type ModerationActionName,
  type ReportableEntity,
  type SuspensionDays,
} from '@schema/contracts/moderation';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';
import { takeAction } from '../hooks/moderation-requests';
import { actionTexts } from '../model/texts';

/** A record (its author, for warn and suspend) or a member looked up by name (the Members tab). */
export type ActionTarget =
  | { action: ModerationActionName; entity: ReportableEntity; id: number }
  | { action: ModerationActionName; userId: number };

const ERROR = 'text-sm font-medium text-red-700 dark:text-red-400';
const LENGTHS: { value: string; days: SuspensionDays; label: string }[] = [
  ...suspensionDays.map((d) => ({ value: String(d), days: d, label: d === 1 ? '1 day' : `${d} days` })),
  { value: 'lifted', days: null, label: 'Until a moderator lifts it' },
];

export function ActionDialog({
  target,
  onClose,
  onDone,
}: {
  target: ActionTarget | null;
  onClose(): void;
  onDone(): void;
}) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [length, setLength] = useState('7');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const texts = target ? actionTexts[target.action] : null;

  function close() {
    setReason('');
    setLength('7');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !texts) return;
    const days = LENGTHS.find((l) => l.value === length)?.days ?? null;
    const checked = checkAction({
      ...('userId' in target ? { userId: target.userId } : { entity: target.entity, id: target.id }),
      action: target.action,
      reason,
      days: target.action === 'suspend' ? days : undefined,
    });
    if (!checked.ok) return setError({ field: checked.field, message: checked.message });
    setBusy(true);
    try {
      await takeAction(checked.value);
      toast({ title: texts.done });
      close();
      onDone();
    } catch (err) {
      setError({
        field: 'form',
        message:
          err instanceof ApiError && !err.isNetwork
            ? err.message
            : 'No connection: nothing was done. Please try again when you have signal.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent>
        {texts ? (
          <>
            <DialogHeader>
              <DialogTitle>{texts.title}</DialogTitle>
              <DialogDescription>{texts.does}</DialogDescription>
            </DialogHeader>
            <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
              {target?.action === 'suspend' ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">For how long</legend>
                  {LENGTHS.map((l) => (
                    <label key={l.value} className="flex min-h-9 items-center gap-2">
                      <input
                        type="radio"
                        name={`${ids}-days`}
                        value={l.value}
                        checked={length === l.value}
                        onChange={() => setLength(l.value)}
                        className="size-4 accent-lime-700"
                      />
                      {l.label}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-reason`}>Reason</Label>
                <Textarea
                  id={`${ids}-reason`}
                  rows={3}
                  value={reason}
                  aria-invalid={error?.field === 'reason' ? true : undefined}
                  aria-describedby={`${ids}-count${error?.field === 'reason' ? ` ${ids}-error` : ''}`}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setError(null);
                  }}
                />
                <p id={`${ids}-count`} className="text-sm text-stone-600 dark:text-stone-400">
                  {reason.trim().length} / {MODERATION_REASON_MAX} characters
                </p>
                {error?.field === 'reason' ? (
                  <p id={`${ids}-error`} role="alert" className={ERROR}>
                    {error.message}
                  </p>
                ) : null}
              </div>
              {error && error.field !== 'reason' ? (
                <p role="alert" className={ERROR}>
                  {error.message}
                </p>
              ) : null}
              <DialogFooter className="mt-2">
                <Button variant="outline" disabled={busy} onClick={close}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant={target?.action === 'delete' ? 'destructive' : 'default'}
                  disabled={busy}
                >
                  {busy ? 'Working…' : texts.button}
                </Button>
              </DialogFooter>
            </form>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

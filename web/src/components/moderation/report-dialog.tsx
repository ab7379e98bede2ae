/**
 * The Report dialog (docs/moderation.md "Reports"): a reason, an optional note, Send. The contract's
 * validator checks it first and its texts show beside the field; the server's refusals (the record is gone,
 * it is the member's own, too many reports) show in the dialog; with no signal nothing is lost — the dialog
 * stays open with what was typed. A message's reporter is told first what reporting it shares.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  checkReport,
  REPORT_NOTE_MAX,
  reportReasonLabels,
  reportReasons,
  type ReportableEntity,
  type ReportReason,
} from '@schema/contracts/moderation';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/toast';
import { reportKindLabels, reportTexts, sendReport } from './report';

export interface ReportDialogProps {
  entity: ReportableEntity;
  id: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Errors = Partial<Record<'reason' | 'note' | 'form', string>>;

const ERROR = 'text-sm font-medium text-red-700 dark:text-red-400';

export function ReportDialog({ entity, id, open, onOpenChange }: ReportDialogProps) {
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const kind = reportKindLabels[entity];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReport({ entity, id, reason, note });
    if (!checked.ok) {
      const field = checked.field === 'reason' || checked.field === 'note' ? checked.field : 'form';
      setErrors({ [field]: checked.message });
      return;
    }
    setErrors({});
    setSending(true);
    const outcome = await sendReport(checked.value);
    setSending(false);
    if (outcome.state === 'sent') {
      toast({ title: reportTexts.sent });
      setReason(null);
      setNote('');
      onOpenChange(false);
    } else if (outcome.state === 'queued') {
      toast({ title: reportTexts.queued });
      setReason(null);
      setNote('');
      onOpenChange(false);
    } else if (outcome.state === 'offline') {
      setErrors({ form: reportTexts.offline });
    } else {
      setErrors({
        reason: outcome.fields.reason,
        note: outcome.fields.note,
        form: outcome.fields.reason || outcome.fields.note ? undefined : outcome.message,
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report this {kind}</DialogTitle>
          <DialogDescription>
            {entity === 'messages'
              ? reportTexts.messageNotice
              : 'Choose what is wrong with it. A moderator will look at it.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {reportReasons.map((r) => (
              <label key={r} className="flex min-h-9 items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setErrors((e) => ({ ...e, reason: undefined }));
                  }}
                  className="size-4 accent-lime-700"
                />
                {reportReasonLabels[r]}
              </label>
            ))}
            {errors.reason ? (
              <p id={`${ids}-reason-error`} role="alert" className={ERROR}>
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-note`}>Note (optional)</Label>
            <Textarea
              id={`${ids}-note`}
              rows={3}
              value={note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${ids}-note-count${errors.note ? ` ${ids}-note-error` : ''}`}
              onChange={(e) => {
                setNote(e.target.value);
                setErrors((prev) => ({ ...prev, note: undefined }));
              }}
            />
            <p
              id={`${ids}-note-count`}
              className={`text-sm ${note.trim().length > REPORT_NOTE_MAX ? 'text-red-700 dark:text-red-400' : 'text-stone-600 dark:text-stone-400'}`}
            >
              {note.trim().length} / {REPORT_NOTE_MAX} characters
            </p>
            {errors.note ? (
              <p id={`${ids}-note-error`} role="alert" className={ERROR}>
                {errors.note}
              </p>
            ) : null}
          </div>
          {errors.form ? (
            <p role="alert" className={ERROR}>
              {errors.form}
            </p>
          ) : null}
          <DialogFooter className="mt-2">
            <Button variant="outline" disabled={sending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending…' : 'Send report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

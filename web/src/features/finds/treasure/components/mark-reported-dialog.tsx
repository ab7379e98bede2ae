/**
 * "Mark as reported" (docs/treasure.md "Reminders"): who the member told, on which day and any reference,
 * checked with the contract's messages (a report needs its day) and saved as a local write; the reminders
 * stop once the server has it.
 */
import { useId, useState, type FormEvent } from 'react';
import { RECORDING_LIMITS } from '@schema/contracts/find-recording-constants';
import { ukDate } from '@schema/contracts/treasure';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { markReported, FindRecordingError, type ReportDetails } from '../hooks/treasure-writes';
import { treasureTexts as t } from '../texts';

type Field = 'treasureReportedOn' | 'treasureReportedTo' | 'treasureReference';
type Errors = Partial<Record<Field, string>>;

export function MarkReportedDialog({
  find,
  user,
  open,
  onOpenChange,
}: {
  find: LocalFind;
  user: SelfUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.reportedTitle}</DialogTitle>
          <DialogDescription>
            {find.title}. {t.reportedIntro}
          </DialogDescription>
        </DialogHeader>
        {open ? <ReportedForm find={find} user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportedForm({ find, user, onDone }: { find: LocalFind; user: SelfUser; onDone(): void }) {
  const id = useId();
  const [details, setDetails] = useState<ReportDetails>({
    reportedOn: find.treasureReportedOn ?? '',
    reportedTo: find.treasureReportedTo ?? '',
    reference: find.treasureReference ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    markReported(user, find, details)
      .then(() => {
        toast({ title: t.savedReported });
        onDone();
      })
      .catch((err: unknown) => {
        if (err instanceof FindRecordingError) {
          setErrors(Object.fromEntries(err.problems.map((p) => [p.field, p.message])));
        } else toast({ title: t.saveFailed, variant: 'destructive' });
      })
      .finally(() => setSaving(false));
  };

  const described = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={t.reportedOnLabel}
        htmlFor={`${id}-treasureReportedOn`}
        error={errors.treasureReportedOn}
      >
        <Input
          id={`${id}-treasureReportedOn`}
          type="date"
          max={ukDate(new Date())}
          value={details.reportedOn}
          {...described('treasureReportedOn')}
          onChange={(e) => setDetails({ ...details, reportedOn: e.currentTarget.value })}
        />
      </FormField>
      <FormField
        label={t.reportedToLabel}
        htmlFor={`${id}-treasureReportedTo`}
        error={errors.treasureReportedTo}
      >
        <Input
          id={`${id}-treasureReportedTo`}
          maxLength={RECORDING_LIMITS.reportedToMax}
          value={details.reportedTo}
          {...described('treasureReportedTo')}
          onChange={(e) => setDetails({ ...details, reportedTo: e.currentTarget.value })}
        />
      </FormField>
      <FormField
        label={t.referenceLabel}
        htmlFor={`${id}-treasureReference`}
        error={errors.treasureReference}
      >
        <Input
          id={`${id}-treasureReference`}
          maxLength={RECORDING_LIMITS.referenceMax}
          value={details.reference}
          {...described('treasureReference')}
          onChange={(e) => setDetails({ ...details, reference: e.currentTarget.value })}
        />
      </FormField>
      <DialogFooter className="mt-2">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={saving}>
            {t.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {t.saveReported}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * "Could this be Treasure?" (docs/treasure.md): a dialog on the finder's own find that asks a few questions
 * and answers from the contract's rules (assessTreasure), offline: the nation is looked up from the find
 * spot on the device, the deadline counted on the UK calendar. Where the answer gives a date, the member
 * can mark the find possible Treasure, a local write the server's reminders then follow.
 */
import { useState } from 'react';
import { assessTreasure, ukDate, type TreasureOutcome } from '@schema/contracts/treasure';
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
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { markPossibleTreasure } from '../hooks/treasure-writes';
import { useFindSpotNation } from '../hooks/use-nation';
import { answersOf, foundOnOf, initialForm, type AssistantForm } from '../model/assistant-answers';
import { formatDay } from '../model/clock';
import { treasureTexts as t } from '../texts';
import { AssistantAnswer } from './assistant-answer';
import { AssistantQuestions } from './assistant-questions';

/** Outcomes whose clock follows the member's belief (s.8); the others run from the find alone. */
const BELIEF_COUNTS: readonly TreasureOutcome[] = ['may-be-treasure', 'ask-flo'];

export interface TreasureAssistantProps {
  find: LocalFind;
  user: SelfUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function TreasureAssistant({ find, user, open, onOpenChange }: TreasureAssistantProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.assistantTitle}</DialogTitle>
          <DialogDescription>{t.assistantIntro}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from what the find says, and looks the spot up. */}
        {open ? <AssistantBody find={find} user={user} /> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AssistantBody({ find, user }: { find: LocalFind; user: SelfUser }) {
  const today = ukDate(new Date());
  const foundOn = foundOnOf(find);
  const [form, setForm] = useState<AssistantForm>(() => initialForm(find, foundOn));
  const lookup = useFindSpotNation(find.latitude, find.longitude);
  const [saving, setSaving] = useState(false);

  // The looked-up nation stands until the member picks one.
  const shown: AssistantForm =
    form.nation === '' && lookup.state === 'found' ? { ...form, nation: lookup.nation } : form;
  const answers = answersOf(shown, foundOn);
  const assessment = answers ? assessTreasure(answers) : null;

  const mark = () => {
    if (!assessment || !answers) return;
    setSaving(true);
    const realisedOn = BELIEF_COUNTS.includes(assessment.outcome) ? (answers.realisedOn ?? null) : null;
    markPossibleTreasure(user, find, realisedOn)
      .then(() => toast({ title: t.markedPossible }))
      .catch(() => toast({ title: t.saveFailed, variant: 'destructive' }))
      .finally(() => setSaving(false));
  };

  return (
    <div className="flex flex-col gap-6">
      <AssistantQuestions
        form={shown}
        nationLookup={lookup}
        foundOnText={formatDay(foundOn)}
        today={today}
        onChange={(change) => setForm((current) => ({ ...current, ...change }))}
      />
      <section aria-labelledby="treasure-answer" aria-live="polite" className="flex flex-col gap-3">
        <h3 id="treasure-answer" className="text-base font-semibold">
          {t.answerHeading}
        </h3>
        {assessment ? (
          <AssistantAnswer assessment={assessment} today={today} />
        ) : (
          <p className="text-stone-700 dark:text-stone-300">{t.answerPending}</p>
        )}
        {assessment?.deadline ? (
          <MarkPossible
            status={find.treasureStatus ?? 'none'}
            label={BELIEF_COUNTS.includes(assessment.outcome) ? t.markPossible : t.markPossibleReminders}
            saving={saving}
            onMark={mark}
          />
        ) : null}
      </section>
    </div>
  );
}

function MarkPossible({
  status,
  label,
  saving,
  onMark,
}: {
  status: string;
  label: string;
  saving: boolean;
  onMark(): void;
}) {
  if (status === 'reported') return <p role="status">{t.alreadyReported}</p>;
  if (status === 'possible') return <p role="status">{t.alreadyPossible}</p>;
  return (
    <Button className="self-start" disabled={saving} onClick={onMark}>
      {label}
    </Button>
  );
}

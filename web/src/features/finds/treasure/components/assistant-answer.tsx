/**
 * The assistant's answer (docs/treasure.md): a headline in plain words, the contract's sentences verbatim —
 * why, the date and what it means, the guidance line and what to do now — and the days left, counted on
 * the UK calendar offline.
 */
import { daysLeft, type TreasureAssessment } from '@schema/contracts/treasure';
import { formatDay } from '../model/clock';
import { daysLeftWords, OUTCOME_HEADLINES, treasureTexts as t } from '../texts';

export function AssistantAnswer({ assessment, today }: { assessment: TreasureAssessment; today: string }) {
  const { outcome, reasons, deadline, deadlineNote, advice } = assessment;
  const [guidance, ...steps] = advice;
  const urgent = deadline !== null && assessment.legalDeadline;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg font-semibold">{OUTCOME_HEADLINES[outcome]}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {deadline ? (
        <div
          className={`flex flex-col gap-1 rounded-lg border p-3 ${
            urgent
              ? 'border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950'
              : 'border-stone-300 dark:border-stone-600'
          }`}
        >
          <p className="font-semibold">
            {outcome === 'report-to-ttu' ? t.remindOn(formatDay(deadline)) : t.reportBy(formatDay(deadline))}
            {' · '}
            {daysLeftWords(daysLeft(deadline, today))}
          </p>
          {deadlineNote ? <p className="text-sm">{deadlineNote}</p> : null}
        </div>
      ) : null}
      {guidance ? <p className="font-medium">{guidance}</p> : null}
      <h3 className="font-semibold">{t.whatToDo}</h3>
      <ol className="flex list-decimal flex-col gap-1 pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

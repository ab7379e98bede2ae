/**
 * The Treasure card on a find's page (docs/treasure.md), for its finder only — the Treasure fields reach
 * nobody else: the find's status, its deadline and the days left or overdue (counted offline on the UK
 * calendar), "Could this be Treasure?" to open the assistant and, while it waits to be reported, "Mark as
 * reported".
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { daysLeft, ukDate } from '@schema/contracts/treasure';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { deadlineOf, formatDay } from '../model/clock';
import { daysLeftWords, treasureTexts as t } from '../texts';
import { MarkReportedDialog } from './mark-reported-dialog';
import { TreasureAssistant } from './treasure-assistant';

export function TreasureCard({ find }: { find: LocalFind }) {
  const { user } = useCurrentUser();
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [reportingOpen, setReportingOpen] = useState(false);
  if (!user || user.id !== find.userId) return null;

  const status = find.treasureStatus ?? 'none';
  const deadline = deadlineOf(find);
  const left = deadline ? daysLeft(deadline, ukDate(new Date())) : null;

  return (
    <section
      aria-labelledby={`treasure-${find.uid}`}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <h2 id={`treasure-${find.uid}`} className="text-lg font-semibold">
        {t.cardTitle}
      </h2>
      {status === 'none' ? <p>{t.cardNone}</p> : null}
      {status === 'possible' ? (
        <>
          <p>{t.cardPossible}</p>
          {deadline && left !== null ? (
            <p className={`font-semibold ${left < 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
              {t.deadline(formatDay(deadline))} · {daysLeftWords(left)}
            </p>
          ) : null}
        </>
      ) : null}
      {status === 'reported' ? (
        <>
          <p>{t.cardReported}</p>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {t.reportedDetails(
              formatDay(find.treasureReportedOn ?? ''),
              find.treasureReportedTo ?? null,
              find.treasureReference ?? null,
            )}
          </p>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => setAssistantOpen(true)}>
          {t.openAssistant}
        </Button>
        {status === 'possible' ? (
          <Button onClick={() => setReportingOpen(true)}>{t.markReported}</Button>
        ) : null}
        {status === 'possible' ? (
          <Link
            to="/finds/reporting"
            className="text-sm text-lime-800 underline underline-offset-4 dark:text-lime-400"
          >
            {t.pageTitle}
          </Link>
        ) : null}
      </div>
      <TreasureAssistant find={find} user={user} open={assistantOpen} onOpenChange={setAssistantOpen} />
      <MarkReportedDialog find={find} user={user} open={reportingOpen} onOpenChange={setReportingOpen} />
    </section>
  );
}

/** One line of the audit log or of an author's history: who did what to which record, when and why. */
import type { LogEntry } from '@schema/contracts/moderation';
import { isReportableName } from '../model/record-view';
import { reportKindLabels } from '@web/components/moderation/report';
import { formatDayTime } from '@web/lib/dates';
import { actionPast } from '../model/texts';

function what(entry: LogEntry): string {
  if (entry.entity !== null && entry.recordId !== null) {
    const kind = isReportableName(entry.entity) ? reportKindLabels[entry.entity] : entry.entity;
    return `${kind} #${entry.recordId}`;
  }
  return entry.userId === null ? 'a member' : `member #${entry.userId}`;
}

export function LogLine({ entry }: { entry: LogEntry }) {
  const days =
    entry.action === 'suspend' ? (entry.days === null ? ' until lifted' : ` for ${entry.days} days`) : '';
  return (
    <>
      <span className="font-semibold">{entry.moderator ?? 'A former moderator'}</span>{' '}
      {actionPast[entry.action]} {what(entry)}
      {days}: <q>{entry.reason}</q>{' '}
      <time dateTime={entry.createdAt} className="text-sm text-stone-600 dark:text-stone-400">
        {formatDayTime(entry.createdAt)}
      </time>
    </>
  );
}

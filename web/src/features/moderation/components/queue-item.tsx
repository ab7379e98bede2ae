/**
 * One reported record in the queue (docs/moderation.md "The queue"): what it is and how it reads to other
 * members, the reports by reason with the reporters' notes, its author with their earlier actions, and what
 * a moderator can do about it. Each action opens the reason dialog (action-dialog.tsx).
 */
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import {
  hiddenNotice,
  isHideable,
  moderatorDeletableEntities,
  reportReasonLabels,
  type ModerationActionName,
  type QueueItem,
  type ReportReason,
} from '@schema/contracts/moderation';
import { reportKindLabels } from '@web/components/moderation/report';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDayTime } from '@web/lib/dates';
import { recordView } from '../model/record-view';
import { actionTexts, moderationTexts, suspendedUntil } from '../model/texts';
import { LogLine } from './log-entry';

const DELETABLE: ReadonlySet<string> = new Set(moderatorDeletableEntities);

export function actionsFor(item: QueueItem): ModerationActionName[] {
  const actions: ModerationActionName[] = ['dismiss'];
  if (item.record !== null && isHideable(item.entity))
    actions.push(item.hiddenByModerator ? 'restore' : 'hide');
  if (item.record !== null && DELETABLE.has(item.entity)) actions.push('delete');
  if (item.author) actions.push('warn', 'suspend');
  if (item.author?.suspendedUntil) actions.push('unsuspend');
  return actions;
}

export function QueueItemCard({
  item,
  onAct,
}: {
  item: QueueItem;
  onAct(action: ModerationActionName): void;
}) {
  const view = recordView(item.entity, item.id, item.record);
  const kind = reportKindLabels[item.entity];
  const headingId = `queue-${item.entity}-${item.id}`;
  const reasons = Object.entries(item.reasons) as [ReportReason, number][];
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-700 dark:bg-stone-900"
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{kind}</Badge>
          <span className="text-sm text-stone-600 dark:text-stone-400">
            {item.reports === 1 ? '1 report' : `${item.reports} reports`}, first{' '}
            <time dateTime={item.firstReportedAt}>{formatDayTime(item.firstReportedAt)}</time>
          </span>
        </div>
        <h2 id={headingId} className="break-words text-xl font-bold">
          {view.heading ?? `${kind[0]?.toUpperCase()}${kind.slice(1)} #${item.id}`}
        </h2>
        {item.hiddenByModerator ? (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {hiddenNotice(item.hiddenByModerator.reason)}
          </p>
        ) : null}
      </header>
      {item.record === null ? (
        <p className="text-stone-600 dark:text-stone-400">{moderationTexts.gone}</p>
      ) : view.excerpt ? (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 border-stone-300 pl-3 dark:border-stone-600">
          {view.excerpt}
        </blockquote>
      ) : null}
      {view.href ? (
        <Link
          to={view.href}
          className="flex items-center gap-1 self-start text-sm font-medium text-lime-800 hover:underline dark:text-lime-300"
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Open the {kind}
        </Link>
      ) : null}
      <section aria-label="Reports" className="flex flex-col gap-2">
        <ul className="flex flex-wrap gap-2">
          {reasons.map(([reason, count]) => (
            <li key={reason}>
              <Badge variant="outline">
                {reportReasonLabels[reason]}: {count}
              </Badge>
            </li>
          ))}
        </ul>
        {item.notes.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm">
            {item.notes.map((n, i) => (
              <li key={i}>
                <span className="font-medium">{reportReasonLabels[n.reason]}:</span> <q>{n.note}</q>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {item.author ? (
        <section aria-label="Author" className="flex flex-col gap-1 text-sm">
          <p>
            By{' '}
            <Link to={`/users/${item.author.id}`} className="font-semibold hover:underline">
              {item.author.username}
            </Link>
            {item.author.suspendedUntil ? (
              <span className="font-medium text-red-800 dark:text-red-300">
                {' '}
                · {suspendedUntil(item.author.suspendedUntil)}
              </span>
            ) : null}
          </p>
          {item.authorHistory.length === 0 ? (
            <p className="text-stone-600 dark:text-stone-400">{moderationTexts.noHistory}</p>
          ) : (
            <ul
              className="flex flex-col gap-1"
              aria-label={`Earlier actions against ${item.author.username}`}
            >
              {item.authorHistory.map((entry) => (
                <li key={entry.id}>
                  <LogLine entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {actionsFor(item).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'destructive' : 'outline'}
            onClick={() => onAct(action)}
          >
            {actionTexts[action].button}
          </Button>
        ))}
      </div>
    </article>
  );
}

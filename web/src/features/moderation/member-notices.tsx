/**
 * What a moderator told this member (docs/moderation.md "Actions"): each warning once, in a dialog with
 * its reason, marked seen on OK; a suspension in force as a banner on every page. Loaded by the layout
 * after the first page is shown (its own chunk), and reads the member's standing once per session.
 */
import { Ban } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { MyModeration } from '@schema/contracts/moderation';
import { loadMyModeration, markWarningSeen } from '@web/components/moderation/my-moderation';
import { installReportSender, reportTexts } from '@web/components/moderation/report';
import { toast } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { useLiveValue } from '@web/sync';
import { announcedReports, queueReport } from './report-queue';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { moderationTexts as t } from './model/texts';

type Warning = MyModeration['warnings'][number];

// From here on a report goes through the device's outbox (report-queue.ts), so it is kept with no signal.
installReportSender((input) => queueReport(input));

/**
 * "Your report was sent.": a report queued on this device (with no signal, or before a sync could answer)
 * is announced when its server id arrives — unless the dialog already said it was sent.
 */
function useReportsSentNotice(userId: number) {
  const rows = useLiveValue(() => db.reports.where('userId').equals(userId).toArray(), [userId], []);
  const [waiting] = useState(() => new Set<string>());
  useEffect(() => {
    for (const row of rows) {
      if (row.id === null) waiting.add(row.uid);
      else if (waiting.delete(row.uid) && !announcedReports.has(row.uid))
        toast({ title: reportTexts.sentLater });
    }
  }, [rows, waiting]);
}

/** Warnings shown in this session: a remount (another member signing in and back) does not show them twice. */
const shown = new Set<number>();

export function MemberNotices({ userId }: { userId: number }) {
  const [standing, setStanding] = useState<{ userId: number; value: MyModeration } | null>(null);
  const [queue, setQueue] = useState<Warning[]>([]);
  useReportsSentNotice(userId);
  useEffect(() => {
    let cancelled = false;
    loadMyModeration(userId).then(
      (value) => {
        if (cancelled) return;
        setStanding({ userId, value });
        setQueue(value.warnings.filter((w) => !shown.has(w.id)));
      },
      // No signal or a server error: the next session asks again.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const suspension = standing?.userId === userId ? standing.value.suspension : null;
  const warning = queue[0];

  function acknowledge() {
    if (!warning) return;
    shown.add(warning.id);
    // Marked seen on the server; if that fails (no signal) the warning shows again next session.
    void markWarningSeen(warning.id).catch(() => undefined);
    setQueue((q) => q.slice(1));
  }

  return (
    <>
      {suspension ? (
        <div
          role="status"
          className="flex items-start gap-2 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{suspension.message}</p>
        </div>
      ) : null}
      <Dialog open={warning !== undefined} onOpenChange={(open) => !open && acknowledge()}>
        <DialogContent>
          {warning ? (
            <>
              <DialogHeader>
                <DialogTitle>{t.warningTitle}</DialogTitle>
                <DialogDescription>{t.warned(warning.reason)}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button onClick={acknowledge}>OK</Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

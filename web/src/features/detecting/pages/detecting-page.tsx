/**
 * /detecting — Detecting now (docs/permissions.md "Detecting now"): follows the position while the member
 * detects and warns, with no signal needed, when they walk into or near a protected site, leave their
 * permission's boundary, step into an excluded area, or when GPS accuracy is worse than 20 m. The screen
 * stays on while it runs; the position is asked for only when the member presses Start. Every check goes
 * in the device's site-check log, which the member can download.
 */
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { useCurrentUser } from '@web/db/current-user';
import { db } from '@web/db/database';
import { useLiveValue } from '@web/sync';
import { AlertBanner } from '../components/alert-banner';
import { ReadingPanel } from '../components/reading-panel';
import { SiteCheckLog } from '../components/site-check-log';
import { useDetecting } from '../hooks/use-detecting';
import { useWakeLock } from '../hooks/use-wake-lock';
import { useWatchPosition } from '../hooks/use-watch-position';
import type { PermissionSpot } from '../model/permission-check';
import { detectingTexts as t } from '../model/texts';
import { prepareSound } from '../services/alert-signal';
import { checkProtectedOnDevice } from '../services/protected-check';

/** The member's own spots that have a permission boundary drawn. */
function usePermissionSpots(userId: number | null): PermissionSpot[] {
  return useLiveValue(
    async () =>
      userId === null
        ? []
        : (await db.locations.where('userId').equals(userId).toArray()).filter((s) => s.permissionBoundary),
    [userId],
    [],
  );
}

const watchProblem = { denied: t.denied, unavailable: t.unavailable, unsupported: t.unsupported } as const;

export function DetectingPage() {
  const { user } = useCurrentUser();
  const [on, setOn] = useState(false);
  const watch = useWatchPosition(on);
  const wake = useWakeLock(on);
  const spots = usePermissionSpots(user?.id ?? null);
  const fix = watch.state === 'fix' ? watch.fix : null;
  const { reading, alerts, acknowledge, failed } = useDetecting(fix, spots, checkProtectedOnDevice);

  return (
    <PageContainer className="max-w-2xl space-y-4">
      <PageHeader title={t.title} description={t.intro} />
      <AlertBanner alerts={on ? alerts : []} onAcknowledge={acknowledge} />
      <div className="flex flex-wrap items-center gap-3">
        {on ? (
          <Button size="lg" variant="outline" onClick={() => setOn(false)}>
            {t.stop}
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={() => {
              prepareSound();
              acknowledge();
              setOn(true);
            }}
          >
            {t.start}
          </Button>
        )}
        {on && wake === 'on' && <p className="text-sm text-muted-foreground">{t.screenOn}</p>}
        {on && (wake === 'unsupported' || wake === 'refused') && (
          <p className="text-sm text-muted-foreground">{t.screenMaySleep}</p>
        )}
      </div>
      {on && watch.state === 'waiting' && <p role="status">{t.waiting}</p>}
      {on && watch.state === 'error' && (
        <p role="alert" className="font-semibold text-destructive">
          {watchProblem[watch.reason]}
        </p>
      )}
      {on && failed && (
        <p role="alert" className="font-semibold text-destructive">
          {t.checkFailed}
        </p>
      )}
      {on && reading && <ReadingPanel reading={reading} />}
      <SiteCheckLog />
    </PageContainer>
  );
}

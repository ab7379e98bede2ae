/** The site-check log's count, its CSV download and clearing it (docs/permissions.md "Site checks"). */
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { useLiveValue } from '@web/sync';
import { siteChecksCsv } from '../model/site-checks';
import { detectingTexts as t } from '../model/texts';
import { allSiteChecks, clearSiteChecks, siteCheckCount } from '../services/site-check-store';

async function download(): Promise<void> {
  const csv = siteChecksCsv(await allSiteChecks());
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `digquest-site-checks-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  // The click has started the download; the address can go once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function SiteCheckLog() {
  const count = useLiveValue(siteCheckCount, [], 0);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold">{t.logHeading}</h2>
      <p>{t.logCount(count)}</p>
      <p className="text-sm text-muted-foreground">{t.logAbout}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={count === 0} onClick={() => void download()}>
          {t.download}
        </Button>
        <Button variant="ghost" disabled={count === 0} onClick={() => setConfirming(true)}>
          {t.clear}
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        title={t.clear}
        description={t.clearConfirm}
        onConfirm={async () => {
          await clearSiteChecks();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

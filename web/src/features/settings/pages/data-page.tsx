/**
 * /settings/data, "Your data" (docs/export.md): download everything that is the member's as one ZIP,
 * or import finds, photos, spots and permissions from such a file. Both need the server, so both wait
 * for signal; signed out, the page says to sign in.
 */
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/db/current-user';
import { useOnlineStatus } from '@web/sync';
import { DownloadMyData } from '../components/download-my-data';
import { ImportExport } from '../components/import-export';
import { SettingsSection } from '../components/settings-section';
import { yourDataTexts as t } from '../model/your-data';

export function DataPage() {
  const { user, loading } = useCurrentUser();
  const online = useOnlineStatus();
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Link to="/settings/storage" className={buttonClasses('outline')}>
            Storage
          </Link>
        }
      />
      {loading ? (
        <div className="flex justify-center py-12" aria-busy="true">
          <Spinner label="Loading…" className="size-8" />
        </div>
      ) : !user ? (
        <p className="text-stone-700 dark:text-stone-300">{t.signedOut}</p>
      ) : (
        <>
          {!online && (
            <p
              role="status"
              className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            >
              {t.offline}
            </p>
          )}
          <SettingsSection title={t.downloadTitle}>
            <DownloadMyData online={online} />
          </SettingsSection>
          <SettingsSection title={t.importTitle}>
            <ImportExport online={online} />
          </SettingsSection>
        </>
      )}
    </PageContainer>
  );
}

/**
 * Settings → Storage (web/src/sync/README.md C16): what this device keeps so the app works without signal —
 * the space it uses, whether the browser promised to keep it, how many records of each kind, the lists
 * kept offline, the protected sites held for checks with no signal — and a way to clear other members'
 * cached records (never the member's own, never changes waiting to sync).
 */
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { useKeptLists, useStoredCounts } from '@web/sync';
import { useProtectedAreasSummary } from '@web/sync/protected-areas';
import { ClearCommunityData } from '../components/clear-community-data';
import { SettingsSection } from '../components/settings-section';
import { KeptOffline } from '../components/kept-offline';
import { ProtectedAreasStored } from '../components/protected-areas-stored';
import { StorageUsage } from '../components/storage-usage';
import { StoredRecords } from '../components/stored-records';
import { useStorageInfo } from '../hooks/use-storage-estimate';

export function StoragePage() {
  const { info, askPersistence } = useStorageInfo();
  const counts = useStoredCounts();
  const kept = useKeptLists();
  const protectedAreas = useProtectedAreasSummary();
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Storage"
        description="What DigQuest keeps on this device so it works without signal."
        actions={
          <>
            <Link to="/settings/notifications" className={buttonClasses('outline')}>
              Notification settings
            </Link>
            <Link to="/settings/data" className={buttonClasses('outline')}>
              Your data
            </Link>
          </>
        }
      />
      <SettingsSection title="Space on this device">
        <StorageUsage info={info} askPersistence={askPersistence} />
      </SettingsSection>
      <SettingsSection title="Records on this device">
        <StoredRecords counts={counts} />
      </SettingsSection>
      <SettingsSection title="Kept offline">
        <KeptOffline lists={kept} />
      </SettingsSection>
      <SettingsSection title="Protected sites">
        <ProtectedAreasStored summary={protectedAreas} />
      </SettingsSection>
      <SettingsSection title="Cached community data">
        <ClearCommunityData />
      </SettingsSection>
    </PageContainer>
  );
}

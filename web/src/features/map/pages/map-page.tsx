/**
 * /map (docs/map.md): the detecting map. The spots (markers, list, filters, Add New Spot, Import, spot
 * search) plug into MapShell's slots when they are built; until then the page is the map itself: search,
 * Find My Location, the offline basemap and Save this area for offline.
 */
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { MapShell } from '../components/map-shell';

export function MapPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Detecting Map"
        description="Find places by name, grid reference or coordinates. The map of Great Britain and Ireland works without signal."
      />
      <MapShell />
    </PageContainer>
  );
}

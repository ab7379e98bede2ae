/**
 * Row type of the site-check log (database.ts version 16, table `site_checks`): one check "Detecting now"
 * logged on this device (docs/permissions.md "Site checks"). Device-only, never synced: it holds exact
 * positions. Keyed by an auto-incremented id, so the log reads oldest first.
 */
export interface SiteCheckRow {
  id?: number;
  /** ISO instant. */
  at: string;
  latitude: number;
  longitude: number;
  accuracyM: number;
  /** inside, near, clear or no-data. */
  protectedStatus: string;
  /** The protected areas listed, "Name (12 m)", separated by "; ". */
  protectedAreas: string;
  /** inside, excluded, outside or none, with the permission's spot name when there is one. */
  permission: string;
}

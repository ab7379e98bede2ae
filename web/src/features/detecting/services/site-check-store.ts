/**
 * The site-check log on the device (Dexie table `site_checks`, docs/permissions.md "Site checks"): never
 * synced — it holds exact positions — and bounded: beyond MAX_SITE_CHECKS the oldest go first. The member
 * exports it as CSV or clears it from the Detecting now page.
 */
import { db } from '@web/db/database';
import type { SiteCheck } from '../model/site-checks';

export const MAX_SITE_CHECKS = 50_000;

export async function logSiteCheck(check: SiteCheck): Promise<void> {
  await db.transaction('rw', db.site_checks, async () => {
    await db.site_checks.add(check);
    const extra = (await db.site_checks.count()) - MAX_SITE_CHECKS;
    if (extra > 0) await db.site_checks.orderBy('id').limit(extra).delete();
  });
}

/** Every check, oldest first. */
export const allSiteChecks = (): Promise<SiteCheck[]> => db.site_checks.orderBy('id').toArray();

export const siteCheckCount = (): Promise<number> => db.site_checks.count();

export const clearSiteChecks = (): Promise<void> => db.site_checks.clear();

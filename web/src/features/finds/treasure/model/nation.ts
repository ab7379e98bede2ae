/**
 * Which of the Treasure clock's nations (docs/treasure.md "Where in the UK") a find spot lies in, worked out
 * on the device by the shared lookup (schema/contracts/protected-areas/nation.ts, `@rapideditor/country-coder`).
 * Its borders are coarse (they include coastal waters and are simplified along the Welsh and Scottish
 * borders), so the assistant shows the answer as a suggestion the member confirms. The library is about
 * 700 KB of borders: it is imported only when asked, never with the app or the find's page.
 */
import type { Nation } from '@schema/contracts/treasure';

export interface FindSpot {
  latitude: number;
  longitude: number;
}

/**
 * The nation of a find spot, or 'elsewhere' outside the UK's four nations (open sea included). The Isle of
 * Man and the Channel Islands are Crown Dependencies with laws of their own (not the Treasure Act), so, like
 * anywhere outside the UK, they are 'elsewhere'.
 */
export async function nationAt(spot: FindSpot): Promise<Nation> {
  const lookup = await import('@schema/contracts/protected-areas/nation');
  return lookup.nationAt(spot) ?? 'elsewhere';
}

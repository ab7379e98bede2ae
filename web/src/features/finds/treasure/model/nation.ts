/**
 * Which of the Treasure clock's nations (docs/treasure.md "Where in the UK") a find spot lies in, worked out
 * on the device with `@rapideditor/country-coder`: its borders are coarse (they include coastal waters and
 * are simplified along the Welsh and Scottish borders), so the assistant shows the answer as a suggestion
 * the member confirms. The library is about 700 KB of borders: it is imported only when asked, never with
 * the app or the find's page.
 */
import type { Nation } from '@schema/contracts/treasure';

export interface FindSpot {
  latitude: number;
  longitude: number;
}

/**
 * The library's territory aliases for the UK's four nations. The Isle of Man and the Channel Islands are
 * Crown Dependencies with laws of their own (not the Treasure Act), so, like anywhere outside the UK, they
 * are 'elsewhere'.
 */
const NATION_BY_ALIAS: Readonly<Record<string, Nation>> = {
  'GB-ENG': 'england',
  'GB-WLS': 'wales',
  'GB-SCT': 'scotland',
  'GB-NIR': 'northern-ireland',
};

/** The nation of a territory's aliases (as country-coder lists them); 'elsewhere' for any other. */
export function nationOfAliases(aliases: readonly string[] | undefined): Nation {
  for (const alias of aliases ?? []) {
    const nation = NATION_BY_ALIAS[alias];
    if (nation) return nation;
  }
  return 'elsewhere';
}

/** The nation of a find spot, or 'elsewhere' outside the UK's four nations (open sea included). */
export async function nationAt({ latitude, longitude }: FindSpot): Promise<Nation> {
  const coder = await import('@rapideditor/country-coder');
  const territory = coder.feature([longitude, latitude], { level: 'territory' });
  return nationOfAliases(territory?.properties.aliases);
}

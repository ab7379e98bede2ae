/**
 * The find spot's nation, offline, from real places (docs/treasure.md "Where in the UK"): the four nations,
 * towns either side of the Welsh and Scottish borders and the Irish one, the Crown Dependencies and the
 * Republic of Ireland (never the Treasure Act), and the sea near and far from the coast.
 */
import { describe, expect, it } from 'vitest';
import type { Nation } from '@schema/contracts/treasure';
import { nationAt } from './nation';

const places: [string, number, number, Nation][] = [
  ['London', 51.5072, -0.1276, 'england'],
  ['Cardiff', 51.4816, -3.1791, 'wales'],
  ['Belfast', 54.5973, -5.9301, 'northern-ireland'],
  ['Edinburgh', 55.9533, -3.1883, 'scotland'],
  // Border towns: Wales on one side, England on the other.
  ['Chepstow', 51.6418, -2.6735, 'wales'],
  ['Monmouth', 51.812, -2.716, 'wales'],
  ['Hay-on-Wye', 52.0745, -3.1255, 'wales'],
  ['Knighton', 52.3436, -3.0497, 'wales'],
  ['Chester', 53.1934, -2.8919, 'england'],
  ['Oswestry', 52.8597, -3.0546, 'england'],
  // Either side of the Scottish border.
  ['Berwick-upon-Tweed', 55.7705, -2.0051, 'england'],
  ['Carlisle', 54.8925, -2.935, 'england'],
  ['Gretna', 54.9954, -3.0697, 'scotland'],
  // Either side of the Irish border.
  ['Newry', 54.1751, -6.3397, 'northern-ireland'],
  ['Dundalk', 54.0003, -6.4049, 'elsewhere'],
  ['Dublin', 53.3498, -6.2603, 'elsewhere'],
  // Crown Dependencies: not the UK for the Treasure Act.
  ['Douglas, Isle of Man', 54.1509, -4.4818, 'elsewhere'],
  ['St Helier, Jersey', 49.1867, -2.1046, 'elsewhere'],
  ['St Peter Port, Guernsey', 49.4542, -2.5369, 'elsewhere'],
  // The sea: near the coast it counts with the land (the foreshore and estuaries); far out it is nobody's.
  ['Thames estuary off Southend', 51.5, 0.75, 'england'],
  ['Bristol Channel off Barry', 51.35, -3.5, 'wales'],
  ['mid Irish Sea', 53.8, -5.0, 'elsewhere'],
];

describe('nationAt: the nation of a find spot, offline', () => {
  it.each(places)('%s is %s', async (_, latitude, longitude, nation) => {
    expect(await nationAt({ latitude, longitude })).toBe(nation);
  });
});

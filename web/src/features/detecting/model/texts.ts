/** The words of "Detecting now" (docs/permissions.md "Detecting now"), in one place for the page and its tests. */
import { formatCount } from '@web/lib/numbers';

export const detectingTexts = {
  title: 'Detecting now',
  intro:
    'Follows your position and warns you — with a banner, a vibration and a sound — when you walk into or near a protected site, leave your permission’s boundary or step into an area excluded from it. It works with no signal. Keep this page open while you detect.',
  start: 'Start detecting',
  stop: 'Stop',
  waiting: 'Finding your position…',
  denied: 'Location access denied. Allow it in your browser’s settings to use Detecting now.',
  unavailable: 'Your position is not available yet. Move into the open; the check starts as soon as it is.',
  unsupported: 'This browser cannot follow your position.',
  checkFailed:
    'Could not read the protected sites on this device. Do not rely on this page until it works again.',
  screenOn: 'The screen stays on while this page is open.',
  screenMaySleep: 'This browser may let the screen sleep: keep it awake to see the warnings.',
  acknowledge: 'OK',
  position: 'Your position',
  protectedHeading: 'Protected sites',
  protectedInside: (name: string) => `Inside ${name}. Stop detecting and move away.`,
  protectedNear: (name: string, m: number) => `${name} is ${m} m away.`,
  protectedClear: 'No protected site within 50 m and your GPS accuracy.',
  protectedNoData:
    'No protected-site data for this place on this device. Check the official map for your nation before you detect.',
  permissionHeading: 'Your permission',
  permissionInside: (spot: string, edgeM: number) => `On ${spot}, ${edgeM} m from the boundary.`,
  permissionExcluded: (spot: string) => `In an area excluded from your permission for ${spot}.`,
  permissionOutside: (spot: string, m: number) =>
    `Outside your permissions: ${spot}’s boundary is ${m} m away.`,
  permissionNone:
    'No permission boundary drawn. Draw one on a spot on the map to be warned when you leave it.',
  logHeading: 'Site checks',
  logCount: (n: number) =>
    n === 0 ? 'No site checks on this device yet.' : `${formatCount(n)} site checks on this device.`,
  logAbout:
    'Each check is kept on this device only, with the time, your position and its accuracy and the answer — a record that you checked.',
  download: 'Download site checks (CSV)',
  clear: 'Clear site checks',
  clearConfirm: 'Delete every site check on this device? This cannot be undone.',
} as const;

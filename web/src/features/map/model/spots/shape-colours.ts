/**
 * How the map draws a permission's edges and expiry (docs/permissions.md "On the map"), shared by the map's
 * layers and the location guide: the boundary as a green outline, excluded areas in grey, and a red ring
 * round the marker of a spot whose permission has expired.
 */
export const SHAPE_COLOURS = {
  boundary: '#15803d',
  exclusionFill: '#57534e',
  exclusionLine: '#292524',
  expiredRing: '#b91c1c',
  ring: '#ffffff',
} as const;

export const SHAPE_LEGEND = {
  boundary: 'Permission boundary',
  exclusion: 'Excluded area (no detecting)',
  expired: 'Red ring: permission expired',
} as const;

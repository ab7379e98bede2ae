/**
 * Latitude and longitude fields as forms send them (a number, or text from an input), for the contracts
 * that take a point: spots and AR routes. Each area names its own messages.
 */
import { z } from 'zod';

/** Text or a number; '' and null mean "none" (undefined), so the field's required message applies. */
export function toNumber(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v === null ? undefined : v;
}

export interface CoordinateMessages {
  /** Neither given. */
  required: string;
  latitudeRange: string;
  longitudeRange: string;
}

/** Latitude −90…90 and longitude −180…180, each with the area's messages. */
export function coordinateFields(m: CoordinateMessages) {
  const degrees = (min: number, max: number, range: string) =>
    z.preprocess(
      toNumber,
      z
        .number({ error: (issue) => (issue.input === undefined ? m.required : range) })
        .min(min, range)
        .max(max, range),
    );
  return {
    latitude: degrees(-90, 90, m.latitudeRange),
    longitude: degrees(-180, 180, m.longitudeRange),
  };
}

/**
 * GPX (1.0 and 1.1) and Garrett .kmi waypoints, and the points of routes, as import candidates (docs/map.md
 * "Importing KML, KMZ, KMI and GPX"). Read straight from the document, whatever the prefix: togeojson turns a
 * route into a line and drops its named points. A waypoint needs only `lat` and `lon`; its `desc` (else
 * `cmt`) is plain text, as the GPX schema defines it; `<type>` and DigQuest's `<extensions>` give the spot's
 * own fields. Tracks are left out. A position written with a decimal comma is refused, not moved.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { descriptionText, type Candidate } from './items';
import { importMessages } from './messages';
import { DIGQUEST_GPX_NS, readDetails, type SpotFieldName } from './spot-fields';
import { ImportError } from './unpack';
import { childElements, childText, localNameOf } from './xml';

const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const DECIMAL_COMMA = /^\s*[+-]?\d+,\d+\s*$/;

function coordinate(element: Element, name: 'lat' | 'lon'): number | null {
  const raw = element.getAttribute(name) ?? '';
  if (DECIMAL_COMMA.test(raw)) throw new ImportError(importMessages.commaDecimal(raw.trim()));
  return DECIMAL.test(raw) ? Number(raw) : null;
}

/** DigQuest's own fields: `<type>`, then elements of its namespace inside `<extensions>`. */
function detailsOf(point: Element) {
  const extensions = childElements(point).find((c) => localNameOf(c) === 'extensions');
  const ours = new Map<string, string>();
  const visit = (element: Element) => {
    for (const child of childElements(element)) {
      if (child.namespaceURI === DIGQUEST_GPX_NS && child.localName)
        ours.set(child.localName, child.textContent ?? '');
      visit(child);
    }
  };
  if (extensions) visit(extensions);
  return readDetails((field: SpotFieldName) =>
    field === 'type' ? (childText(point, 'type') ?? ours.get(field)) : ours.get(field),
  );
}

function candidateOf(point: Element, folder: string | null): Candidate {
  const latitude = coordinate(point, 'lat');
  const longitude = coordinate(point, 'lon');
  const description = childText(point, 'desc') || childText(point, 'cmt');
  const details = detailsOf(point);
  return {
    rawName: childText(point, 'name') ?? '',
    description: description ? descriptionText(description) : null,
    position: latitude === null || longitude === null ? null : [longitude, latitude],
    nameRequired: false,
    ...(folder ? { folder } : {}),
    ...(details ? { details } : {}),
  };
}

export function gpxCandidates(doc: Document): Array<Candidate | { ignored: true }> {
  const found: Array<Candidate | { ignored: true }> = [];
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const element = all.item(i);
    if (!element) continue;
    const name = localNameOf(element);
    if (name === 'wpt') found.push(candidateOf(element, null));
    else if (name === 'rtept') {
      const route = element.parentNode ? childText(element.parentNode, 'name')?.trim() : null;
      found.push(candidateOf(element, route ? `Route: ${route}` : 'Route'));
    } else if (name === 'trk') found.push({ ignored: true });
  }
  return found;
}

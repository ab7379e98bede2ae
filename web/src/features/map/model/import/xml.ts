/**
 * The XML side of the import (docs/map.md "Importing KML, KMZ, KMI and GPX"): @xmldom/xmldom, since
 * workers have no DOMParser. White space before `<?xml` is dropped (editors and servers leave some), and a
 * document whose KML or GPX elements carry a prefix (`<kml:Placemark>`) is rewritten without it, so that
 * togeojson, which looks elements up by their plain names, finds them.
 */
import { DOMImplementation, DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { locationMessages } from '@schema/contracts/locations-constants';
import { ImportError } from './unpack';

const FORMAT_NAMESPACES = new Set([
  'http://www.opengis.net/kml/2.2',
  'http://earth.google.com/kml/2.0',
  'http://earth.google.com/kml/2.1',
  'http://earth.google.com/kml/2.2',
  'http://www.topografix.com/GPX/1/0',
  'http://www.topografix.com/GPX/1/1',
]);

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

export function parseXml(text: string): Document {
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') throw new ImportError(locationMessages.importInvalidXml);
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(text.replace(/^[\s\uFEFF]+/, ''), 'text/xml');
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(locationMessages.importInvalidXml);
  }
  if (!doc.documentElement) throw new ImportError(locationMessages.importInvalidXml);
  return hasPrefixedFormatElements(doc) ? withoutPrefixes(doc) : doc;
}

const isFormatElement = (node: Element) =>
  node.namespaceURI !== null && FORMAT_NAMESPACES.has(node.namespaceURI);

function hasPrefixedFormatElements(doc: Document): boolean {
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const element = all.item(i);
    if (element?.prefix && isFormatElement(element)) return true;
  }
  return false;
}

/** A copy of the document in which KML and GPX elements have no prefix; other elements keep theirs. */
function withoutPrefixes(doc: Document): Document {
  const root = doc.documentElement;
  if (!root) return doc;
  const copy = new DOMImplementation().createDocument(root.namespaceURI, root.localName ?? root.nodeName);
  const rename = (element: Element) =>
    isFormatElement(element)
      ? copy.createElementNS(element.namespaceURI, element.localName ?? element.nodeName)
      : copy.createElementNS(element.namespaceURI, element.nodeName);
  const copyChildren = (from: Node, to: Node) => {
    for (let child = from.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT) {
        const element = child as Element;
        const made = rename(element);
        for (let i = 0; i < element.attributes.length; i++) {
          const attribute = element.attributes.item(i);
          if (attribute && !attribute.name.startsWith('xmlns'))
            made.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
        }
        to.appendChild(made);
        copyChildren(element, made);
      } else if (child.nodeType === TEXT) to.appendChild(copy.createTextNode(child.nodeValue ?? ''));
      else if (child.nodeType === CDATA) to.appendChild(copy.createCDATASection(child.nodeValue ?? ''));
    }
  };
  const copiedRoot = copy.documentElement;
  if (copiedRoot) copyChildren(root, copiedRoot);
  return copy;
}

/** An element's name without its prefix, lower case. */
export const localNameOf = (node: { localName?: string | null; nodeName: string }) =>
  (node.localName ?? node.nodeName.split(':').pop() ?? '').toLowerCase();

/** The element children of a node. */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.nodeType === ELEMENT) out.push(child as Element);
  return out;
}

/** The text of the first child element called `name` (any prefix), or null. */
export function childText(node: Node, name: string): string | null {
  const child = childElements(node).find((c) => localNameOf(c) === name);
  return child ? (child.textContent ?? '') : null;
}

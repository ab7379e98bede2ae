/**
 * Export of the member's own spots (docs/map.md "Export"): GPX, KML or GeoJSON. The writer is shared with
 * the server's "Download my data" (docs/export.md), so both write the same files: it lives in
 * schema/contracts/spot-export/export.ts, and this module is its name in the map feature.
 */
export {
  EXPORT_FORMATS,
  exportSpots,
  plainDecimal,
  toGeoJson,
  toGpx,
  toKml,
  type ExportableSpot,
  type ExportFormat,
} from '@schema/contracts/spot-export/export';

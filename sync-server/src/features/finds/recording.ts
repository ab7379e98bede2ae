/**
 * A find's recording details on the server (docs/find-recording.md, docs/treasure.md): reading them from a
 * REST form, checking the rules that read two fields on what the find will hold, writing them to the row,
 * and shaping them for a viewer. Who sees what: the public details go to everyone; the Treasure fields, the
 * position's accuracy and the notes for the FLO go to the finder alone (moderator included: they are not the
 * finder); the find spot to others only as the centre of the grid square the finder allows.
 */
import {
  RECORDING_INPUT_FIELDS,
  recordingProblems,
  type FindRecording,
  type FindRecordingOwnerOnly,
  type FindRecordingPublic,
} from '@schema/contracts/find-recording';
import { publicFindspotFor } from '@schema/contracts/grid/public-square';
import { treasureDeadline, ukDate } from '@schema/contracts/treasure';
import type { finds } from '@schema/db/tables';
import { badRequest } from '../../lib/errors';
import type { Viewer } from '../../sync/registry';
import { isOwner } from '../../sync/visibility';

type FindRow = typeof finds.$inferSelect;

const NUMBER_FIELDS = new Set<string>([
  'quantity',
  'weightGrams',
  'lengthMm',
  'widthMm',
  'thicknessMm',
  'diameterMm',
  'dateFromYear',
  'dateToYear',
  'positionAccuracyM',
]);

/**
 * The recording fields of a REST form (multipart sends text): numbers read as numbers, a blank field is
 * "none" — left out of a create, null (cleared) on an edit. A number that does not read stays text, so
 * the contract refuses it with the field's own message.
 */
export function recordingFromForm(
  fields: Record<string, string>,
  mode: 'create' | 'edit',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of RECORDING_INPUT_FIELDS) {
    const raw = fields[name];
    if (raw === undefined) continue;
    if (raw.trim() === '') {
      // Quantity and the choices with a default cannot be cleared, only set.
      if (
        mode === 'edit' &&
        !['quantity', 'discoveryMethod', 'findspotPrecision', 'treasureStatus'].includes(name)
      )
        out[name] = null;
      continue;
    }
    out[name] = NUMBER_FIELDS.has(name) && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return out;
}

/** What a row holds as the contract's input shape, to check an edit against (recordingProblems). */
function recordingOf(row: FindRow): FindRecording {
  return {
    dateFromYear: row.dateFromYear,
    dateToYear: row.dateToYear,
    treasureStatus: row.treasureStatus as FindRecording['treasureStatus'],
    treasureReportedOn: row.treasureReportedOn,
  };
}

/**
 * The cross-field rules on what the find will hold once `change` is applied: an edit that moves only the
 * start of a range past its end is refused, as is "reported" without its day. 400 with the field's message.
 */
export function checkRecordingAfter(row: FindRow | null, change: FindRecording): void {
  const merged = { ...(row ? recordingOf(row) : {}), ...change };
  const problem = recordingProblems(merged)[0];
  if (problem) throw badRequest(problem.message, { fields: { [problem.field]: problem.message } });
}

/** Column values for a create: the defaults the contract promises (foundOn: the UK day it was logged). */
export function recordingForCreate(input: FindRecording, now = new Date()): Partial<FindRow> {
  return { ...recordingForUpdate(input), foundOn: input.foundOn ?? ukDate(now) };
}

/** Column values for an edit: only what was given changes (undefined leaves a column as it is). */
export function recordingForUpdate(input: FindRecording): Partial<FindRow> {
  const values: Partial<FindRow> = {};
  for (const name of RECORDING_INPUT_FIELDS) {
    const value = input[name];
    if (value !== undefined) Object.assign(values, { [name]: value });
  }
  // foundOn cannot be cleared: without it the logged day stands in, so clearing means that.
  if (input.foundOn === null) delete values.foundOn;
  return values;
}

const foundOnOf = (row: FindRow) => row.foundOn ?? ukDate(new Date(row.createdAt));

function publicRecording(row: FindRow, viewer: Viewer): FindRecordingPublic {
  const exact =
    row.latitude !== null && row.longitude !== null
      ? { latitude: Number(row.latitude), longitude: Number(row.longitude) }
      : null;
  const viewerKind = isOwner(viewer, row.userId) ? 'owner' : viewer ? 'member' : 'visitor';
  return {
    objectType: row.objectType,
    quantity: row.quantity,
    primaryMaterial: row.primaryMaterial as FindRecordingPublic['primaryMaterial'],
    secondaryMaterial: row.secondaryMaterial as FindRecordingPublic['secondaryMaterial'],
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    thicknessMm: row.thicknessMm,
    diameterMm: row.diameterMm,
    completeness: row.completeness as FindRecordingPublic['completeness'],
    dateFromYear: row.dateFromYear,
    dateToYear: row.dateToYear,
    discoveryMethod: row.discoveryMethod as FindRecordingPublic['discoveryMethod'],
    depthBand: row.depthBand as FindRecordingPublic['depthBand'],
    landUse: row.landUse as FindRecordingPublic['landUse'],
    foundOn: foundOnOf(row),
    positionSource: row.positionSource as FindRecordingPublic['positionSource'],
    pasRecordId: row.pasRecordId,
    findspotPrecision: row.findspotPrecision as FindRecordingPublic['findspotPrecision'],
    ...publicFindspotFor(
      exact && Number.isFinite(exact.latitude) && Number.isFinite(exact.longitude) ? exact : null,
      row.findspotPrecision as FindRecordingPublic['findspotPrecision'],
      viewerKind,
    ),
  };
}

function ownerRecording(row: FindRow): FindRecordingOwnerOnly {
  const status = row.treasureStatus as FindRecordingOwnerOnly['treasureStatus'];
  return {
    positionAccuracyM: row.positionAccuracyM,
    floNotes: row.floNotes,
    treasureStatus: status,
    treasureRealisedOn: row.treasureRealisedOn,
    treasureReportedOn: row.treasureReportedOn,
    treasureReportedTo: row.treasureReportedTo,
    treasureReference: row.treasureReference,
    treasureDeadline: status === 'none' ? null : treasureDeadline(foundOnOf(row), row.treasureRealisedOn),
  };
}

/**
 * The recording details as this viewer may see them. The columns were written through the contract, so the
 * casts above only narrow text back to the union it was checked against.
 */
export function recordingFor(
  row: FindRow,
  viewer: Viewer,
): FindRecordingPublic | (FindRecordingPublic & FindRecordingOwnerOnly) {
  const shown = publicRecording(row, viewer);
  return isOwner(viewer, row.userId) ? { ...shown, ...ownerRecording(row) } : shown;
}

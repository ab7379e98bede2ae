/**
 * The Treasure assistant's writes to a find: marking it possible Treasure (with the day the member first
 * thought so) and marking it reported. They are the find's own recording edits (updateFindRecording): the
 * find changes in IndexedDB — its deadline too, as the finds' descriptor folds it — and the update is
 * queued in one transaction, so it holds offline and reaches the server with the next sync. A change the
 * server would refuse throws FindRecordingError with the contract's messages by field.
 */
import type { FindRecording } from '@schema/contracts/find-recording';
import type { SelfUser } from '@schema/contracts/users';
import type { LocalFind } from '@web/db/database';
import { updateFindRecording } from '../../hooks/find-writes';

export { FindRecordingError } from '../../hooks/find-writes';

export type TreasureChanges = Partial<
  Pick<
    FindRecording,
    'treasureStatus' | 'treasureRealisedOn' | 'treasureReportedOn' | 'treasureReportedTo' | 'treasureReference'
  >
>;

/** Saves what differs (nothing is queued when nothing does). */
export function saveTreasureFields(user: SelfUser, find: LocalFind, changes: TreasureChanges): Promise<void> {
  return updateFindRecording(user, find, changes);
}

/**
 * "Mark as possible Treasure". `realisedOn` is the day the member first thought so (it can move the s.8
 * deadline later); null where the clock runs from the find alone (Northern Ireland's archaeological
 * objects, Scotland's reminder).
 */
export function markPossibleTreasure(user: SelfUser, find: LocalFind, realisedOn: string | null) {
  return saveTreasureFields(user, find, { treasureStatus: 'possible', treasureRealisedOn: realisedOn });
}

export interface ReportDetails {
  reportedOn: string;
  reportedTo: string;
  reference: string;
}

/** "Mark as reported": the day is required (the contract's message says so), the rest optional. */
export function markReported(user: SelfUser, find: LocalFind, details: ReportDetails) {
  return saveTreasureFields(user, find, {
    treasureStatus: 'reported',
    treasureReportedOn: details.reportedOn.trim() === '' ? null : details.reportedOn.trim(),
    treasureReportedTo: details.reportedTo,
    treasureReference: details.reference,
  });
}

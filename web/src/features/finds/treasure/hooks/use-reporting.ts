/**
 * Live reads for the Treasure screens, from this device's IndexedDB (works offline): the member's finds
 * marked possible Treasure, and their FLO's and coroner's details.
 */
import { db, type LocalFind } from '@web/db/database';
import { useLive, type Live } from '@web/sync';

/** The member's own finds marked possible Treasure (their finds are always on the device, C16). */
export function usePossibleTreasure(userId: number | null): Live<LocalFind[]> {
  return useLive(
    () =>
      userId === null
        ? []
        : db.finds
            .where('userId')
            .equals(userId)
            .filter((find) => find.treasureStatus === 'possible')
            .toArray(),
    [userId],
  );
}

export interface TreasureContact {
  name: string;
  email: string;
  phone: string;
}

export interface TreasureContacts {
  flo: TreasureContact;
  coroner: TreasureContact;
}

const NO_CONTACT: TreasureContact = { name: '', email: '', phone: '' };
export const NO_CONTACTS: TreasureContacts = { flo: NO_CONTACT, coroner: NO_CONTACT };

/**
 * A device preference, never synced, in the key/value table `sync_state` beside the map's last view
 * (db/sync-types.ts MapViewRow): one row per member, so another member signing in on this device keeps
 * their own. No new table, no new database version.
 */
interface ContactsRow {
  key: `treasure-contacts:${number}`;
  userId: number;
  contacts: TreasureContacts;
}

const contactsTable = () => db.table<ContactsRow, ContactsRow['key']>('sync_state');
const keyOf = (userId: number): ContactsRow['key'] => `treasure-contacts:${userId}`;

/**
 * The member's contacts, with whose they are: a live query keeps its last answer while the next one runs,
 * so a screen checks `userId` before showing them (the answer for nobody comes first while the session is
 * read).
 */
export function useTreasureContacts(
  userId: number | null,
): Live<{ userId: number | null; contacts: TreasureContacts }> {
  return useLive(async () => {
    const row = userId === null ? undefined : await contactsTable().get(keyOf(userId));
    const contacts = row
      ? { flo: { ...NO_CONTACT, ...row.contacts.flo }, coroner: { ...NO_CONTACT, ...row.contacts.coroner } }
      : NO_CONTACTS;
    return { userId, contacts };
  }, [userId]);
}

export async function saveTreasureContacts(userId: number, contacts: TreasureContacts): Promise<void> {
  await contactsTable().put({ key: keyOf(userId), userId, contacts });
}

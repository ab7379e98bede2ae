/** User shapes on the wire. A public user never carries e-mail, hashes or tokens. */
export interface PublicUser {
  id: number;
  username: string;
  avatarUrl: string;
  bio: string | null;
  created_at: string;
}

/** The signed-in member's own record: the only place an e-mail address is sent. */
export interface SelfUser extends PublicUser {
  email: string;
  isEmailVerified: boolean;
}

export * from './users-display';
import { usernameShownTo } from './users-display';

/**
 * The generated default avatar (served by our server with DiceBear), used whenever a member has none:
 * it follows the username, so a renamed member gets the new name's picture.
 */
export function defaultAvatarUrl(username: string): string {
  return `/avatars/${encodeURIComponent(username)}.svg`;
}

/** The fields of a stored account the wire shapes are made from (a database row satisfies it). */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  isEmailVerified: boolean;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
}

/**
 * Row → wire, the one place it happens: a public user is built field by field, so a column added to
 * the table (hashes, tokens) can never leak by accident.
 */
export function toPublicUser(
  row: Pick<UserRecord, 'id' | 'username' | 'avatarUrl' | 'bio' | 'createdAt'>,
): PublicUser {
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl ?? defaultAvatarUrl(row.username),
    bio: row.bio,
    created_at: row.createdAt,
  };
}

/**
 * A member's name and picture as `viewerId` is shown them: usernameShownTo, and the generated avatar made
 * from the name shown — otherwise the picture's address would spell out what the name hides.
 */
export function memberShownTo(
  member: { id: number; username: string; avatarUrl: string | null },
  viewerId: number | null | undefined,
): { username: string; avatarUrl: string } {
  const username = usernameShownTo(member, viewerId);
  return { username, avatarUrl: member.avatarUrl ?? defaultAvatarUrl(username) };
}

/**
 * A public user as `viewerId` sees them (docs/product/accounts.md, docs/privacy.md): to anyone but the
 * member, a name that looks like an e-mail address is masked, and so is the generated avatar's address.
 * Masking an already masked name changes nothing.
 */
export function toPublicUserFor(
  row: Pick<UserRecord, 'id' | 'username' | 'avatarUrl' | 'bio' | 'createdAt'>,
  viewerId: number | null | undefined,
): PublicUser {
  return { ...toPublicUser(row), ...memberShownTo(row, viewerId) };
}

/** The member's own record: the public fields plus e-mail and its verification state. */
export function toSelfUser(row: UserRecord): SelfUser {
  return { ...toPublicUser(row), email: row.email, isEmailVerified: row.isEmailVerified };
}

/**
 * A username as stored and compared: NFKC folds fullwidth, "mathematical" and ligature letters into the
 * plain ones (ＤｉｇＱｕｅｓｔｏｒ is DigQuestor) and odd spaces into the ordinary one, so one name as seen
 * on screen is one name in the database.
 */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * Characters that show as nothing, or change how the text around them is shown: controls, format
 * characters (Unicode category Cf: zero-width spaces and joiners, direction marks, embeddings, overrides
 * and isolates, the BOM, the soft hyphen), line and paragraph separators, private-use code points, lone
 * surrogates, everything Unicode calls default-ignorable (Hangul fillers, the combining grapheme joiner,
 * Khmer and Mongolian invisibles, variation selectors, tags) and the braille blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Spaces other than the plain one that NFKC leaves alone (e.g. the Ogham space mark). */
const ODD_SPACE = /[^\S ]|(?! )\p{Zs}/u;

/** True when the name holds an invisible or direction-changing character, or a space other than ' '. */
export function hasHiddenCharacters(name: string): boolean {
  return INVISIBLE.test(name) || ODD_SPACE.test(name);
}

/**
 * Letters from other scripts (and digits) that look like Latin ones, folded to the Latin letter after
 * lower-casing. A small table aimed at the names we reserve, not Unicode's full confusables list: it covers
 * every letter of "DigQuestor" and the usual swaps (Cyrillic і, е, о, ѕ, т; Greek ο, ι, υ, τ; 0 for o; 1,
 * l and | for i). `l` and `i` share a class because a capital I and a small l are drawn alike.
 */
// prettier-ignore
const LOOKALIKES: Record<string, string> = {
  а: 'a', ɑ: 'a', α: 'a',
  в: 'b', β: 'b',
  с: 'c', ϲ: 'c',
  ԁ: 'd', ꭰ: 'd', ᗪ: 'd',
  е: 'e', ҽ: 'e', ε: 'e', ꬲ: 'e',
  ɡ: 'g', ց: 'g', ԍ: 'g', 9: 'g',
  һ: 'h', н: 'h',
  і: 'i', ı: 'i', ӏ: 'i', ι: 'i', ǀ: 'i', ɩ: 'i', l: 'i', 1: 'i', '|': 'i', '!': 'i', ꭵ: 'i',
  ј: 'j',
  к: 'k', κ: 'k',
  м: 'm',
  η: 'n', п: 'n',
  о: 'o', ο: 'o', օ: 'o', ᴏ: 'o', ø: 'o', σ: 'o', 0: 'o',
  р: 'p', ρ: 'p',
  ԛ: 'q', զ: 'q',
  г: 'r', ɾ: 'r', ʀ: 'r', ᴦ: 'r',
  ѕ: 's', ꜱ: 's', 5: 's', $: 's',
  т: 't', τ: 't',
  υ: 'u', ս: 'u', ᴜ: 'u', μ: 'u',
  ν: 'v', ѵ: 'v',
  ԝ: 'w', ѡ: 'w',
  х: 'x', χ: 'x',
  у: 'y',
};

/**
 * What a name looks like, reduced to plain letters: NFKC, lower case, accents dropped, lookalikes folded,
 * separators and punctuation removed. Two names with the same skeleton are easily mistaken for each other
 * ("DigQuestor", "Dіg Quest0r", "dig_questor", "DígQuestör").
 */
export function usernameSkeleton(name: string): string {
  const plain = normalizeUsername(name).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let folded = '';
  for (const char of plain) folded += LOOKALIKES[char] ?? char;
  return folded.replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Usernames as the form and the server both judge them: NFKC, no hidden characters, nothing that passes
 * for the official account. The attack strings are the ones that registered before this rule.
 */
import { describe, expect, it } from 'vitest';
import { fieldMessages as errors } from './validation';
import {
  authMessages,
  deleteAccountSchema,
  isReservedUsername,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  signUpFormSchema,
} from './auth';
import { hasHiddenCharacters, normalizeUsername, usernameSkeleton } from './users';

const ok = { email: 'someone@example.com', password: 'secret1' };

/** Impersonations of DigQuestor that registered before: hidden characters around or inside the name. */
const HIDDEN = {
  'zero-width space after': 'DigQuestor\u200B',
  'zero-width space before': '\u200BDigQuestor',
  'zero-width joiner inside': 'Dig\u200DQuestor',
  'zero-width non-joiner': 'DigQ\u200Cuestor',
  'word joiner': 'DigQuestor\u2060',
  'byte-order mark': 'Dig\uFEFFQuestor',
  'left-to-right mark': 'DigQuestor\u200E',
  'right-to-left mark': '\u200FDigQuestor',
  'right-to-left override': 'DigQuestor\u202E',
  'first-strong isolate': '\u2068DigQuestor\u2069',
  'arabic letter mark': 'DigQuestor\u061C',
  'soft hyphen': 'Dig\u00ADQuestor',
  'Hangul filler': 'DigQuestor\u3164',
  'braille blank': 'DigQuestor\u2800',
  'combining grapheme joiner': 'DigQuestor\u034F',
  'variation selector': 'DigQuestor\uFE0F',
  'ogham space mark': 'Dig\u1680Questor',
  tab: 'Dig\tQuestor',
} as const;

/** Lookalikes of DigQuestor with no hidden character: refused as the reserved name. */
const LOOKALIKES = [
  'D\u0456gQuestor', // Cyrillic і
  'DigQu\u0435stor', // Cyrillic е
  'DigQuest\u043Er', // Cyrillic о
  'DigQuest\u03BFr', // Greek ο
  'Dig\u051AuEstor', // Cyrillic Ԛ
  'DigQue\u0455tor', // Cyrillic ѕ
  'DigQues\u0442or', // Cyrillic т
  'D\u0131gQuestor', // dotless ı
  'DigQuest0r', // zero for o
  'D1gQuestor', // one for i
  'DlgQuestor', // small L for i
  'D|gQuestor',
  'DígQuestör', // accents
  'Dig Questor',
  'dig_questor',
  'Dig.Questor',
  'Dig-Questor',
  '\uFF24\uFF49\uFF47\uFF31\uFF55\uFF45\uFF53\uFF54\uFF4F\uFF52', // fullwidth ＤｉｇＱｕｅｓｔｏｒ
  '\u{1D403}\u{1D422}\u{1D420}Questor', // mathematical bold 𝐃𝐢𝐠
  'DIGQUESTOR',
];

describe('normalizeUsername', () => {
  it('folds compatibility characters (NFKC) and trims', () => {
    expect(normalizeUsername('  \uFF21lice ')).toBe('Alice');
    expect(normalizeUsername('\u{1D400}nn')).toBe('Ann');
    expect(normalizeUsername('Ann\u00A0Digger')).toBe('Ann Digger');
    expect(normalizeUsername('ﬁnder')).toBe('finder');
  });
});

describe('hasHiddenCharacters', () => {
  for (const [what, name] of Object.entries(HIDDEN)) {
    it(`finds a ${what}`, () => expect(hasHiddenCharacters(normalizeUsername(name))).toBe(true));
  }
  it('passes ordinary names, spaces, accents, other scripts and emoji', () => {
    for (const name of ['alice', 'Ann Digger', 'José', 'Дмитрий', '李明', 'Digger🪙', 'o’brien'])
      expect(hasHiddenCharacters(name)).toBe(false);
  });
});

describe('usernameSkeleton / isReservedUsername', () => {
  it('reduces every lookalike to the reserved name', () => {
    for (const name of LOOKALIKES) {
      expect(usernameSkeleton(name), name).toBe(usernameSkeleton('DigQuestor'));
      expect(isReservedUsername(name), name).toBe(true);
    }
  });
  it('leaves names that merely contain or resemble part of it alone', () => {
    for (const name of ['DigQuestor2', 'theDigQuestor', 'DigQuest', 'Questor', 'DigQuestors', 'Дмитрий'])
      expect(isReservedUsername(name), name).toBe(false);
  });
});

describe('the username rules in the shared schemas', () => {
  it('refuses hidden characters on sign-up with their own message (form and API)', () => {
    for (const name of Object.values(HIDDEN)) {
      for (const schema of [registerSchema, signUpFormSchema]) {
        const input = { ...ok, username: name, confirmPassword: ok.password };
        expect(errors(schema, input).username, JSON.stringify(name)).toBe(
          authMessages.usernameHiddenCharacters,
        );
      }
    }
  });
  it('refuses a lookalike of the official name with the reserved-name message', () => {
    for (const name of LOOKALIKES) {
      expect(errors(registerSchema, { ...ok, username: name }).username, name).toBe(
        authMessages.reservedUsername,
      );
    }
  });
  it('stores the normalised name', () => {
    expect(registerSchema.parse({ ...ok, username: ' \uFF21lice\u00A0B ' }).username).toBe('Alice B');
    expect(profileUpdateSchema.parse({ username: '\uFF21lice' }).username).toBe('Alice');
  });
  it('normalises the name typed at sign-in the same way, without refusing anything', () => {
    expect(loginSchema.parse({ username: '\uFF21lice ', password: 'x' }).username).toBe('Alice');
  });
  it('refuses hidden characters in a rename', () => {
    expect(errors(profileUpdateSchema, { username: 'alice\u200B' })).toEqual({
      username: authMessages.usernameHiddenCharacters,
    });
  });
});

describe('current password in the account contracts', () => {
  it('is optional in a profile update (the server asks for it when needed)', () => {
    expect(profileUpdateSchema.parse({ password: 'newpass', currentPassword: 'old' })).toEqual({
      password: 'newpass',
      currentPassword: 'old',
    });
  });
  it('is required to delete the account', () => {
    expect(errors(deleteAccountSchema, {})).toEqual({
      currentPassword: authMessages.currentPasswordForDeletion,
    });
    expect(errors(deleteAccountSchema, { currentPassword: '' })).toEqual({
      currentPassword: authMessages.currentPasswordForDeletion,
    });
    expect(deleteAccountSchema.parse({ currentPassword: 'secret1' })).toEqual({ currentPassword: 'secret1' });
  });
});

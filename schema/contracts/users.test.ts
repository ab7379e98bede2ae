import { describe, expect, it } from 'vitest';
import {
  badgesFor,
  defaultAvatarUrl,
  FOUNDER_BADGE,
  initialsOf,
  isEmailLike,
  maskEmailLike,
  TOP_POSTER_BADGE,
  toPublicUser,
  toPublicUserFor,
  toSelfUser,
  usernameShownTo,
  type UserRecord,
} from './users';

const row: UserRecord = {
  id: 7,
  username: 'Ann Digger',
  email: 'ann@example.com',
  isEmailVerified: true,
  avatarUrl: null,
  bio: 'Beach detecting',
  createdAt: '2024-03-05T10:00:00.000Z',
};

describe('badges (docs/product/accounts.md#rules-and-messages)', () => {
  it("gives user 1 'Founder'", () => {
    expect(FOUNDER_BADGE).toBe('Founder');
    expect(badgesFor({ id: 1, username: 'someone' })).toEqual(['Founder']);
  });
  it("gives 'Top Poster' to the members the server names, never for a name containing 'quest'", () => {
    expect(TOP_POSTER_BADGE).toBe('Top Poster');
    expect(badgesFor({ id: 5, username: 'alice' }, [5, 8, 9])).toEqual(['Top Poster']);
    expect(badgesFor({ id: 5, username: 'QuestMaster' })).toEqual([]);
    expect(badgesFor({ id: 1, username: 'DigQuestor' }, [1])).toEqual(['Founder', 'Top Poster']);
  });
  it('gives others none', () => {
    expect(badgesFor({ id: 2, username: 'alice' })).toEqual([]);
  });
});

describe('initialsOf (avatar fallback: first two letters in capitals)', () => {
  it('takes two letters in capitals', () => {
    expect(initialsOf('alice')).toBe('AL');
    expect(initialsOf('  bo')).toBe('BO');
  });
  it('never returns an empty string', () => {
    expect(initialsOf('   ')).toBe('?');
  });
});

describe('maskEmailLike (docs/product/accounts.md#rules-and-messages)', () => {
  it('masks a name that looks like an e-mail address, keeping the last domain part', () => {
    expect(maskEmailLike('john@example.com')).toBe('jo***@e***.com');
    expect(maskEmailLike('jonathan@mail.example.co.uk')).toBe('jon***@m***.uk');
  });
  it('leaves ordinary names alone', () => {
    expect(maskEmailLike('alice')).toBe('alice');
    expect(maskEmailLike('a@b')).toBe('a@b');
  });
  it('leaves a name the server already masked as it is, however short the address was', () => {
    for (const name of ['j@example.com', 'jo@x.io', 'john@example.com', 'jonathan.smith@example.co.uk']) {
      const masked = maskEmailLike(name);
      expect(masked, name).not.toBe(name);
      expect(maskEmailLike(masked), name).toBe(masked);
    }
  });
});

describe('usernameShownTo / toPublicUserFor (docs/privacy.md "E-mail addresses")', () => {
  const member = { ...row, username: 'jonathan.smith@example.co.uk' };
  it('shows an e-mail-like name in full to its member only, masked to others and to visitors', () => {
    expect(usernameShownTo(member, member.id)).toBe(member.username);
    expect(usernameShownTo(member, 8)).toBe('jon***@e***.uk');
    expect(usernameShownTo(member, null)).toBe('jon***@e***.uk');
    expect(usernameShownTo(row, null)).toBe('Ann Digger');
    expect(isEmailLike(member.username)).toBe(true);
    expect(isEmailLike('jon***@e***.uk')).toBe(false);
  });
  it('makes the generated avatar from the name shown', () => {
    expect(toPublicUserFor(member, null)).toMatchObject({
      username: 'jon***@e***.uk',
      avatarUrl: `/avatars/${encodeURIComponent('jon***@e***.uk')}.svg`,
    });
    expect(toPublicUserFor(member, member.id).avatarUrl).toBe(defaultAvatarUrl(member.username));
  });
});

describe('defaultAvatarUrl', () => {
  it('is our generated avatar for the name, URL-encoded', () => {
    expect(defaultAvatarUrl('alice')).toBe('/avatars/alice.svg');
    expect(defaultAvatarUrl('Ann Digger/2')).toBe('/avatars/Ann%20Digger%2F2.svg');
  });
});

describe('toPublicUser / toSelfUser (row → wire, one place)', () => {
  it('gives the public fields only, with the spec names', () => {
    const withSecrets = { ...row, password: 'scrypt$hash', emailVerificationToken: 'tok' };
    const user = toPublicUser(withSecrets);
    expect(user).toEqual({
      id: 7,
      username: 'Ann Digger',
      avatarUrl: '/avatars/Ann%20Digger.svg',
      bio: 'Beach detecting',
      created_at: '2024-03-05T10:00:00.000Z',
    });
    expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'bio', 'created_at', 'id', 'username']);
  });
  it('keeps a stored avatar', () => {
    expect(toPublicUser({ ...row, avatarUrl: '/uploads/abc.webp' }).avatarUrl).toBe('/uploads/abc.webp');
  });
  it('adds e-mail and verification state for the member themself only', () => {
    const self = toSelfUser({ ...row, isEmailVerified: false });
    expect(self).toEqual({ ...toPublicUser(row), email: 'ann@example.com', isEmailVerified: false });
    expect(self).not.toHaveProperty('password');
  });
});

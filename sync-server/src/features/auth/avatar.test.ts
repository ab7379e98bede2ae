import { describe, expect, it } from 'vitest';
import { classifyAvatar, decodeDataUrl } from './avatar';

describe('decodeDataUrl', () => {
  it('decodes base64 and percent-encoded payloads', () => {
    expect(Buffer.from(decodeDataUrl('data:image/png;base64,aGVsbG8=') ?? []).toString()).toBe('hello');
    expect(Buffer.from(decodeDataUrl('data:text/plain,hi%20there') ?? []).toString()).toBe('hi there');
  });
  it('gives null for an empty or broken payload', () => {
    expect(decodeDataUrl('data:image/png;base64,')).toBeNull();
    expect(decodeDataUrl('data:text/plain,%E0%A4%A')).toBeNull();
    expect(decodeDataUrl('not a data url')).toBeNull();
  });
});

describe('classifyAvatar', () => {
  it('leaves an absent field unchanged', () => {
    expect(classifyAvatar(undefined, 'ann')).toEqual({ kind: 'unchanged' });
  });
  it('treats null, empty and the generated avatar of the name as the default', () => {
    expect(classifyAvatar(null, 'ann')).toEqual({ kind: 'default' });
    expect(classifyAvatar('  ', 'ann')).toEqual({ kind: 'default' });
    expect(classifyAvatar('/avatars/Ann%20B.svg', 'Ann B')).toEqual({ kind: 'default' });
  });
  it('keeps paths we serve', () => {
    expect(classifyAvatar('/uploads/abc.webp', 'ann')).toEqual({ kind: 'path', url: '/uploads/abc.webp' });
    expect(classifyAvatar('/avatars/bob.svg', 'ann')).toEqual({ kind: 'path', url: '/avatars/bob.svg' });
  });
  it('turns data URLs into bytes to store', () => {
    const choice = classifyAvatar('data:image/png;base64,aGk=', 'ann');
    expect(choice.kind).toBe('upload');
    expect(choice.kind === 'upload' && Buffer.from(choice.bytes ?? []).toString()).toBe('hi');
    expect(classifyAvatar('DATA:image/png;base64,', 'ann')).toEqual({ kind: 'upload', bytes: null });
  });
  it.each([
    'https://example.com/a.png',
    '//example.com/a.png',
    'javascript:alert(1)',
    '/uploads/../secrets',
    '/uploads/%2e%2e',
    '/uploads/a/b.webp',
    '/uploads/.hidden',
    '/uploads/a.webp?x=1',
    '/api/users/1',
    'uploads/a.webp',
    '/uploads/%E0%A4%A',
  ])('rejects %s', (value) => {
    expect(classifyAvatar(value, 'ann')).toEqual({ kind: 'rejected' });
  });
});

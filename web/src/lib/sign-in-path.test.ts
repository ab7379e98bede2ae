import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './sign-in-path';

describe('signInPath', () => {
  it('returns to the page that asked, with its query', () => {
    expect(signInPath('/finds/abc/reporting?step=2')).toBe('/login?next=%2Ffinds%2Fabc%2Freporting%3Fstep%3D2');
  });

  it('is plain /login for the home page or no page', () => {
    expect(signInPath()).toBe('/login');
    expect(signInPath('/')).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('keeps a path of this app', () => {
    expect(safeNextPath('/safety')).toBe('/safety');
    expect(safeNextPath('/map?lat=51.5&lng=-0.1#x')).toBe('/map?lat=51.5&lng=-0.1#x');
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['safety'],
    ['/login'],
    ['/login?next=/safety'],
  ])('sends %j to the home page', (raw) => {
    expect(safeNextPath(raw)).toBe('/');
  });
});

/**
 * The sign-in page's address and where it returns to (docs/product/accounts.md "Sign in"): a page that asks a
 * signed-out visitor to sign in links to `/login?next=<this page>`, and the sign-in page sends the member back
 * there once signed in. Only a path of this app is followed: anything else (another host, `//host`, a
 * `javascript:` URL, the sign-in page itself) returns to the home page, so the link cannot be used to send a
 * member off-site.
 */
export const SIGN_IN_PATH = '/login';

/** `/login`, returning to `next` (a path with its query) once signed in. */
export function signInPath(next?: string): string {
  const back = next ? safeNextPath(next) : '/';
  return back === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(back)}`;
}

/** The in-app path to return to after signing in, or `/` when `raw` is missing or not one of ours. */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  // Control characters (a tab or newline inside "//") would let a browser read it as another host.
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return '/';
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (path === SIGN_IN_PATH || path.startsWith(`${SIGN_IN_PATH}/`)) return '/';
  return raw;
}

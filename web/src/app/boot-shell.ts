/**
 * The static shell of index.html (docs/architecture.md "First paint"): a header, and on `/` the hero,
 * painted before the app's code arrives, while the app's root stays hidden (public/boot.js, index.css).
 * Ended in the same frame as the first page's render, so the page replaces the shell with nothing drawn
 * in between: the layout's loading placeholder is never seen over it, and nothing visible moves.
 */
export function endBootShell(): void {
  document.getElementById('boot-shell')?.remove();
  document.documentElement.removeAttribute('data-booting');
  document.documentElement.removeAttribute('data-boot-home');
}

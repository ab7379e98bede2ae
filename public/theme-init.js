// Applies the saved colour theme before first paint so dark-mode users never see a light flash.
// A classic blocking script (not inline: the server's CSP allows only 'self' scripts).
// Mirrors web/src/app/theme/theme.ts: key 'ui-theme', values light | dark | system.
(function () {
  try {
    var t = localStorage.getItem('ui-theme');
    var dark = t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) {
      document.documentElement.classList.add('dark');
      var meta = document.querySelector('meta[name="theme-color"]');
      if (meta) meta.setAttribute('content', '#1c1917');
    }
  } catch {
    // Storage blocked: the app applies the system theme once it starts.
  }
})();

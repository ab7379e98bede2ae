// Runs before first paint, as a classic blocking script (not inline: the server's CSP allows only 'self'
// scripts). docs/architecture.md "First paint".
(function () {
  var html = document.documentElement;
  // 1. The saved colour theme, so dark-mode users never see a light flash.
  //    Mirrors web/src/app/theme/theme.ts: key 'ui-theme', values light | dark | system.
  try {
    var t = localStorage.getItem('ui-theme');
    var dark = t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) {
      html.classList.add('dark');
      var meta = document.querySelector('meta[name="theme-color"]');
      if (meta) meta.setAttribute('content', '#1c1917');
    }
  } catch {
    // Storage blocked: the app applies the system theme once it starts.
  }
  // 2. The static shell in index.html (header, and on `/` the hero) shows until the app's first page has
  //    rendered; meanwhile the app's root stays hidden (index.css), so its loading placeholder never
  //    flashes over the shell. web/src/lib/boot-shell.ts ends this.
  html.setAttribute('data-booting', '');
  if (location.pathname === '/') {
    html.setAttribute('data-boot-home', '');
    // The hero photo is the home page's largest paint: ask for it now, ahead of the app's code.
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = '/images/hero.jpg';
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }
})();

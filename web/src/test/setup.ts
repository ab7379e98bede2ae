import { afterEach, beforeAll } from 'vitest';
// Component tests opt into jsdom with `// @vitest-environment jsdom`; Dexie and server tests stay in node.
// The DOM matchers load only where there is a DOM: the node files (two thirds of the suite) each saved about
// 100 ms of set-up without them (docs/testing.md "How long the suite takes").
if (typeof document !== 'undefined') await import('@testing-library/jest-dom/vitest');

// The app loads Radix with the first dialog, menu, tooltip or toast (components/ui/lazy-parts.ts). Component
// tests render one and query it in the same tick, so they start as the app is after that first one: loaded.
// The lazy path itself is tested in components/ui/lazy-facades.test.tsx.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  // findBy*/waitFor wait up to 10 s rather than 1 s: the whole suite shares two cores with the in-process
  // server (and, in CI, PostgreSQL), and a page answering the real server can take more than a second
  // there. A test that waits for something that never comes still fails.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  await Promise.all([
    import('@web/components/ui/dialog'),
    import('@web/components/ui/dropdown-menu'),
    import('@web/components/ui/tooltip'),
    import('@web/components/ui/toast'),
  ]);
  const { preloadAllParts } = await import('@web/components/ui/lazy-parts');
  await preloadAllParts();
});

// Vitest globals are off, so Testing Library cannot register its automatic cleanup itself.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// Component tests opt into jsdom with `// @vitest-environment jsdom`; Dexie tests stay in node.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its automatic cleanup itself.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

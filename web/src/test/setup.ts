// Component tests opt into jsdom with `// @vitest-environment jsdom`; Dexie tests stay in node.
import '@testing-library/jest-dom/vitest';

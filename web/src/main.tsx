import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { seedZodJitless } from '@web/lib/zod-jitless';
import './index.css';

seedZodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

// The first render as a transition: React draws it in slices that yield to the browser, so a phone's
// first visit has no long task for the whole page (docs/architecture.md "Data flow").
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

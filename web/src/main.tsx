import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { seedZodJitless } from '@web/lib/zod-jitless';
import './index.css';

seedZodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

// The first render in a task of its own, after the one that ran the modules (the database's schema, the
// route table): on a phone each is a long task already, and together they were one twice as long, which
// the browser cannot interrupt for a tap (docs/architecture.md "First paint"). A transition too, so that
// React (the dev server's) draws it in slices; the build's Preact renders it at once.
const reactRoot = createRoot(root);
setTimeout(() =>
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { preloadHeroImageOnHome } from '@web/features/home/hero-image';
import { seedZodJitless } from '@web/lib/zod-jitless';
import './index.css';

seedZodJitless();
preloadHeroImageOnHome();

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

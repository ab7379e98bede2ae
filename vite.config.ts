import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleReport, routeChunks, sourcemapsOutAndPrecompress } from './scripts/vite-build-plugins';
import {
  ALL_TESTS,
  ENGINE_FREE_TESTS,
  POSTGRES_ONLY_TESTS,
  POSTGRES_TESTS,
} from './sync-server/src/test/projects';

/**
 * The built app runs on Preact's React-compatible layer (docs/decisions): the same components and hooks at a
 * seventh of react-dom's download, which a phone's first visit pays for on every page. Only the build is
 * aliased: unit tests render with React itself, and the browser suite drives the Preact build.
 */
const PREACT_ALIASES = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  react: 'preact/compat',
};

/**
 * React Router ships a production build beside its development one, but its package resolves every import to
 * the development build, whose extra checks and warnings would run on members' phones
 * (remix-run/react-router#14102). The build takes the production one; tests keep the checks.
 */
const ROUTER_PRODUCTION = {
  'react-router': path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  resolve: {
    alias: {
      '@schema': fileURLToPath(new URL('./schema', import.meta.url)),
      '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
      ...(command === 'build' ? { ...PREACT_ALIASES, ...ROUTER_PRODUCTION } : {}),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // scripts/check-bundle.ts reads it to measure what the first visit to `/` downloads.
    manifest: true,
    // Every browser we support preloads modules natively; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    // Maps are written without a sourceMappingURL comment and moved out of the web root after the build
    // (sourcemapsOutAndPrecompress): kept in dist/sourcemaps for reading error reports, never served.
    sourcemap: 'hidden',
    rollupOptions: {
      treeshake: {
        // The shared layers run nothing when imported (no listeners, no registrations: only declarations), so
        // a module whose exports nobody uses can be left out. Without this, a barrel such as
        // web/src/sync/index.ts drags every module with a top-level `new …()` into the first download.
        moduleSideEffects: (id) => !/\/(web\/src\/(sync|db|lib|components)|schema\/contracts)\//.test(id),
      },
      output: {
        // Vendors change less often than our code: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|preact)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (/node_modules\/(dexie|dexie-react-hooks)\//.test(id)) return 'dexie';
          // The map's libraries load only with a map (/map, or the home section scrolled into view).
          // react-map-gl stays out: its lazy import('maplibre-gl') would pull Vite's preload helper, which
          // the entry needs too, into this chunk and make the entry import it.
          if (/node_modules\/(maplibre-gl|pmtiles|@protomaps)\//.test(id)) return 'maplibre';
          // Radix is not grouped: each primitive loads with the first dialog, menu, tooltip or toast that
          // needs it (web/src/components/ui/lazy-parts.ts), sharing chunks Rollup splits out as needed.
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': apiTarget, '/avatars': apiTarget, '/uploads': apiTarget } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        // The app's identity for the browser: fixed, so a later change of start_url is not a new app.
        id: '/',
        name: 'DigQuest',
        short_name: 'DigQuest',
        description: 'Log finds offline, talk detecting, and keep your spots private.',
        lang: 'en-GB',
        dir: 'ltr',
        theme_color: '#3f6212',
        background_color: '#fafaf9',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The richer install dialog. WebP, which the service worker does not precache (globPatterns):
        // only the install dialog needs them. Remade by `npm run screenshots:make`.
        screenshots: [
          {
            src: '/screenshots/finds-narrow.webp',
            sizes: '390x844',
            type: 'image/webp',
            form_factor: 'narrow',
            label: 'The finds gallery on a phone: coins, buckles and brooches shared by detectorists',
          },
          {
            src: '/screenshots/finds-wide.webp',
            sizes: '1280x800',
            type: 'image/webp',
            form_factor: 'wide',
            label: 'The finds gallery on a computer, with search and period filters',
          },
        ],
        // Long-press on the installed icon. `?share=1` opens the finds page's share dialog.
        shortcuts: [
          {
            name: 'Log a find',
            short_name: 'Log a find',
            description: 'Share a find with its photo; works offline',
            url: '/finds?share=1',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Detecting map',
            short_name: 'Map',
            description: 'Your private map of detecting spots',
            url: '/map',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Community forum',
            short_name: 'Forum',
            description: 'Read and post in the detecting forum',
            url: '/forum',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // mjs: MapLibre's worker; basemap/: the shipped map and place names, so /map opens offline. The
        // service worker precaches the rest at install and keeps these map files only once a map is opened
        // (web/src/sw-map-cache.ts, docs/map.md "The map offline").
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2,webmanifest,jpg}', 'basemap/*.{pmtiles,json}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    bundleReport(),
    routeChunks(),
    // Last: runs after vite-plugin-pwa has written the service worker.
    sourcemapsOutAndPrecompress(),
  ],
  test: {
    root: '.',
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: one worker on a 2-core machine. Server tests spend
    // much of their time waiting on PostgreSQL, the file system and timers, so three workers keep two cores
    // busy (the suite's wall time fell by a third on such a machine; figures in docs/testing.md).
    maxWorkers: Math.max(availableParallelism() - 1, 3),
    testTimeout: 20000,
    setupFiles: ['./web/src/test/setup.ts'],
    // One suite, two engines (docs/testing.md; the lists: sync-server/src/test/projects.ts). `npm run
    // test:unit` runs both; `npm run test:sqlite` only the first, for a machine without PostgreSQL.
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ALL_TESTS,
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY_TESTS],
          env: { DB_ENGINE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          exclude: [...configDefaults.exclude, ...ENGINE_FREE_TESTS],
          env: { DB_ENGINE: 'postgres' },
          // A database of its own for the run, at TEST_DATABASE_URL; dropped at the end.
          globalSetup: ['./sync-server/src/test/global-setup.ts'],
        },
      },
    ],
  },
}));

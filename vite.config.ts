import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pagePreloadScript } from './src/client/app/page-preload-script';

/**
 * Writes a .br and a .gz copy beside every text file of the build; the server sends the one the
 * browser accepts (@fastify/static's preCompressed), so no CPU is spent compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'markwell-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * A visitor with a stored session is shown the signed-in app, whose files, and the screen's, the first download
 * fetches only once it has arrived and run (routes.tsx, app/page-loaders.ts); the screen's data too. An inline script
 * in index.html, made from the route table (app/page-preload-script.ts), starts all of them as soon as the page
 * arrives: the session and the screen's reads (fetch), then the signed-in app's files and the screen's (modulepreload).
 * On a phone the signed-in pages' largest paint waited for that chain (docs/benchmarks.md). A visitor without a
 * session fetches nothing more. The server allows the script in its CSP by its hash, as it does the theme script.
 */
function preloadSignedInApp(): Plugin {
  return {
    name: 'markwell-preload-signed-in-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map<string, { imports: string[] }>();
        const byModule = new Map<string, string>();
        let entry: string | undefined;
        for (const [fileName, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunks.set(fileName, chunk);
          if (chunk.isEntry) entry = fileName;
          if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, fileName);
        }
        const app = byModule.get(SIGNED_IN_APP);
        if (!entry || !app) throw new Error('markwell-preload-signed-in-app: the entry or the signed-in app chunk is missing');
        const withImports = (fileName: string, found = new Set<string>()): Set<string> => {
          if (found.has(fileName)) return found;
          found.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, found);
          return found;
        };
        const first = withImports(entry);
        const beyondFirst = (fileName: string) => [...withImports(fileName)].filter((file) => !first.has(file));
        const filesOf = (module: string) => {
          const chunk = byModule.get(path.resolve(CLIENT_DIR, `${module}.tsx`));
          if (!chunk) throw new Error(`markwell-preload-signed-in-app: no chunk for the lazy screen ${module} (app/pages.ts)`);
          return beyondFirst(chunk);
        };
        return [{ tag: 'script', children: pagePreloadScript(beyondFirst(app), filesOf), injectTo: 'head' }];
      },
    },
  };
}

/** Shared groups smaller than this (bytes, before minifying) join their nearest neighbour instead of being a file. */
const MERGE_BELOW_BYTES = 4000;

const CLIENT_DIR = path.resolve(import.meta.dirname, 'src/client');
const AUTH_PAGE = path.resolve(import.meta.dirname, 'src/client/features/auth/auth-page.tsx');
const SIGNED_IN_APP = path.resolve(import.meta.dirname, 'src/client/app/signed-in-app.tsx');

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const reachable = new WeakMap<object, Set<string>>();

/**
 * The modules `root` imports statically, directly or through others, read from the bundler's own module graph (the
 * name functions' context). `ownCodeOnly`: the walk stays in the app's own code and never enters a package.
 * Worked out once per bundling pass (the graph's objects are the same within one pass).
 */
function reachableFrom(root: string, graph: ModuleGraph, ownCodeOnly: boolean): Set<string> {
  const rootInfo = graph.getModuleInfo(root);
  if (!rootInfo) return new Set();
  let found = reachable.get(rootInfo);
  if (found) return found;
  found = new Set();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id) || (ownCodeOnly && id.includes('/node_modules/'))) continue;
    found.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  reachable.set(rootInfo, found);
  return found;
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  plugins: [
    react(),
    tailwindcss(),
    preloadSignedInApp(),
    precompress(),
    // The installable app (README 'Offline and installing'): the manifest and src/client/sw.ts, which precaches
    // every built file. Registered by the signed-in app (app/register-service-worker.ts), never by the landing
    // or /auth pages' own code, so their first download does not grow.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Markwell',
        short_name: 'Markwell',
        description: 'A-Level exam practice with point-by-point marking.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4f46e5', // --color-brand-600 (styles.css)
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: [
      // wouter imports useSyncExternalStore from the use-sync-external-store shim, written for React 16/17; React 19
      // has the hook itself, so the shim (and its CommonJS wrapper) stays out of the first download.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // A shared group's chunk is named after every lazy part that uses it ('shared~exam-page~results-page~...'):
        // its file is called 'shared-<hash>.js' instead.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('shared~') ? 'shared' : '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            // Everything the first page needs (React, the router, the landing page, the shell) in one file instead
            // of the handful of small shared chunks the automatic split makes: one request, and one gzip stream
            // compresses better. The signed-in app, the login form and Radix's dialog, toast, tooltip and menu stay
            // in lazy chunks (src/client/app/routes.tsx).
            { name: 'shell', tags: ['$initial'], priority: 30 },
            // After the first download, modules that two or more lazy parts share (the login form, the signed-in app,
            // each screen: routes.tsx and app/screens.ts) go in three kinds of file; a module only one lazy part uses
            // stays in that part's own chunk (KaTeX in rich-html, Recharts in time-charts).
            //
            // 1. What the login form shares with the signed-in app (the card, the text box), beyond the first
            //    download: one file, so /auth fetches nothing else of the app (its 100 KB budget,
            //    tests/e2e/landing-weight.spec.ts). Only the app's own code is followed: the packages it uses are
            //    already in the first download, and following a package's index that re-exports all its parts
            //    (radix-ui) would bring in every part of it.
            {
              name: (id, graph) => (reachableFrom(AUTH_PAGE, graph, true).has(id) ? 'auth-shared' : null),
              minShareCount: 2,
              priority: 25,
            },
            // 2. The signed-in app's shell: everything the signed-in app imports that a screen also uses (TanStack
            //    Query, Radix's dialog and menu, the icons, the API client, DOMPurify) in one file. Every signed-in
            //    page needs it, and as one file it is one request, not twenty: on a phone's six connections
            //    with 150 ms round trips, a page of 30 small files waited 0.3-1.2 s longer for its largest paint
            //    (docs/benchmarks.md). Followed through packages too, so a part of a package that only screens use
            //    but that its index re-exports (a Radix primitive, say) comes here as well: a few KB the home page
            //    may not need, against files more on each screen.
            {
              name: (id, graph) => (reachableFrom(SIGNED_IN_APP, graph, false).has(id) ? 'signed-in-shell' : null),
              minShareCount: 2,
              priority: 20,
            },
            // 3. What screens share among themselves and the signed-in app does not import (the exam's and the
            //    results page's rich text, the class pages' forms): grouped by the set of screens that use it
            //    (entriesAware), small sets merged into their nearest neighbour, so a screen fetches only what it
            //    uses in a few files.
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/** Shared groups smaller than this (bytes, before minifying) join their nearest neighbour instead of being a file. */
const MERGE_BELOW_BYTES = 2000;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  plugins: [
    react(),
    tailwindcss(),
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
        // A shared group's chunk is named after every lazy part that uses it ('shared~auth-page~signed-in-app~...'):
        // its file is called 'shared-<hash>.js' instead.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('shared~') ? 'shared' : '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            // Everything the first page needs (React, the router, the landing page, the shell) in one file instead
            // of the handful of small shared chunks the automatic split makes: one request, and one gzip stream
            // compresses better. The signed-in app, the login form and Radix's dialog, toast, tooltip and menu stay
            // in lazy chunks (src/client/app/routes.tsx).
            { name: 'shell', tags: ['$initial'], priority: 30 },
            // After the first download, modules that several lazy parts share (packages such as Radix and the icons,
            // and the app's own components) are grouped by the set of lazy parts that use them (entriesAware), with
            // small sets merged into their nearest neighbour: the login form brings only what it uses, and a
            // signed-in screen fetches a handful of files, not one per icon, card or Radix primitive. A module
            // only one lazy part uses stays in that part's own chunk (KaTeX in rich-html, Recharts in time-charts).
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
              priority: 20,
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

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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

const clientFile = (file: string) => path.resolve(import.meta.dirname, 'src/client', file);

/**
 * radix-ui and lucide-react re-export every Radix package and every icon from one index module; a module that
 * imports from them uses only what it names. Maps the index's export names to the modules that define them.
 */
const BARRELS = new Map([
  ['radix-ui', path.resolve(import.meta.dirname, 'node_modules/radix-ui/dist/index.mjs')],
  ['lucide-react', path.resolve(import.meta.dirname, 'node_modules/lucide-react/dist/esm/lucide-react.mjs')],
]);
const barrelExports = new Map<string, Map<string, string>>();

function exportsOf(ctx: Rolldown.ChunkingContext, barrel: string): Map<string, string> {
  let found = barrelExports.get(barrel);
  if (found) return found;
  found = new Map();
  const source = fs.readFileSync(barrel, 'utf8');
  const packages = ctx.getModuleInfo(barrel)?.importedIds ?? [];
  for (const [, name, from] of source.matchAll(/import \* as (\w+) from "([^"]+)"/g)) {
    const id = packages.find((p) => p.includes(`/node_modules/${from}/`));
    if (id) found.set(name, id);
  }
  for (const [, names, from] of source.matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    const id = path.resolve(path.dirname(barrel), from);
    for (const name of names.split(','))
      found.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        id,
      );
  }
  barrelExports.set(barrel, found);
  return found;
}

/** The modules behind the names `importer` imports from a barrel (all of the barrel's, if it cannot tell). */
function barrelPartsOf(ctx: Rolldown.ChunkingContext, importer: string, barrel: string, pkg: string): string[] {
  const source = fs.readFileSync(importer, 'utf8');
  const exported = exportsOf(ctx, barrel);
  const parts = [...source.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g'))]
    .flatMap((m) => m[1].split(','))
    .map((part) => part.trim().split(/\s+as\s+/)[0])
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => exported.get(name));
  return parts.every((id) => id !== undefined) ? (parts as string[]) : (ctx.getModuleInfo(barrel)?.importedIds ?? []);
}

/** Every module reachable from these through static imports (through a barrel, only what is named). */
function staticClosure(ctx: Rolldown.ChunkingContext, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) {
      const pkg = [...BARRELS].find(([, barrel]) => barrel === dep)?.[0];
      if (pkg) stack.push(...barrelPartsOf(ctx, id, dep, pkg));
      else stack.push(dep);
    }
  }
  return seen;
}

interface ChunkPlan {
  signedIn: Set<string>;
  loggedOutLazy: Map<string, string>;
  screensShared: Set<string>;
}
const plans = new WeakMap<object, ChunkPlan>();

/**
 * Which file a module goes in, after the first download (`$initial`):
 * - what the signed-in app (signed-in-app.tsx and its static imports) needs and no logged-out page's lazy part
 *   uses: one file, 'signed-in-app', instead of the dozens of small shared chunks (an icon, a card) the automatic
 *   split makes, each one more request on a phone;
 * - what the logged-out pages load later (the login form, the Help dialog, the tooltip, the toast): one file per
 *   set of those parts that use it, so the login form still brings only its own code and a signed-in page that
 *   uses some of it fetches a handful of files, not one per icon;
 * - what two or more signed-in screens (page-loaders.ts) share besides that: one file, 'screens-shared'.
 * Everything else (each screen's own code; KaTeX and Recharts, which are loaded lazily) is split automatically.
 * radix-ui and lucide-react are followed through their index to what each module names (barrelPartsOf), or
 * every Radix package and every icon would seem to be part of the first download.
 */
function chunkPlan(ctx: Rolldown.ChunkingContext): ChunkPlan {
  const main = ctx.getModuleInfo(clientFile('main.tsx'))!;
  let plan = plans.get(main);
  if (plan) return plan;
  const initial = staticClosure(ctx, [main.id]);
  const signedInApp = clientFile('app/signed-in-app.tsx');
  const pages = new Set(ctx.getModuleInfo(clientFile('app/page-loaders.ts'))?.dynamicallyImportedIds ?? []);
  const lazyRoots = new Set(
    [...initial].flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => id !== signedInApp && !pages.has(id)),
  );
  const users = new Map<string, string[]>();
  for (const root of [...lazyRoots].sort()) {
    const name = path.basename(root).replace(/\.[^.]*$/, '');
    for (const id of staticClosure(ctx, [root])) if (!initial.has(id)) users.set(id, [...(users.get(id) ?? []), name]);
  }
  const signedIn = new Set([...staticClosure(ctx, [signedInApp])].filter((id) => !initial.has(id) && !users.has(id)));
  const screens = new Map<string, number>();
  for (const page of pages)
    for (const id of staticClosure(ctx, [page]))
      if (!initial.has(id) && !users.has(id) && !signedIn.has(id)) screens.set(id, (screens.get(id) ?? 0) + 1);
  plan = {
    signedIn,
    loggedOutLazy: new Map([...users].map(([id, names]) => [id, names.join('+')])),
    screensShared: new Set([...screens].filter(([, count]) => count > 1).map(([id]) => id)),
  };
  plans.set(main, plan);
  return plan;
}

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
        codeSplitting: {
          // Everything the first page needs (React, the router, TanStack Query, the landing page, the
          // shell) in one file, instead of the handful of small shared chunks the automatic split
          // makes: one request, and one gzip stream compresses better. The signed-in app, the login
          // form and Radix's dialog, toast, tooltip and menu stay in lazy chunks (src/client/app/routes.tsx).
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: (id, ctx) => {
                const plan = chunkPlan(ctx);
                if (plan.signedIn.has(id)) return 'signed-in-app';
                return plan.loggedOutLazy.get(id) ?? (plan.screensShared.has(id) ? 'screens-shared' : null);
              },
              includeDependenciesRecursively: false,
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

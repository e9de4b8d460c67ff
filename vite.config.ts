import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  plugins: [react(), tailwindcss()],
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
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});

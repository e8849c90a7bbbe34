import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
/** The API server `npm run dev` starts beside Vite (scripts/dev.sh). */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

// The browser app. Vite's root is src/web; the server serves dist/web.
export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: bench/bundle.ts reads each page's chunk graph from it (the
    // server does not serve dot-directories).
    manifest: true,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2020',
  },
  // npm run dev: Vite serves the app with hot reload (its own pages, /dev/outbox included) and
  // hands /api to the API server.
  server: {
    proxy: { '/api': apiTarget },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Ports are fixed so that the URLs printed by `npm run dev` and used by the
// end-to-end tests never move: dev server 5173, preview 4173.
// The end-to-end build (`--mode e2e`) goes to dist/e2e so it never replaces the
// regular build.
// The playground is a development tool in every build: `development` instead of Vite's
// `production` condition keeps @site-identity/devtools' panel in the e2e build too.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: { conditions: ['module', 'browser', 'development'] },
  build: { outDir: mode === 'e2e' ? 'dist/e2e' : 'dist' },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));

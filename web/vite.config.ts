import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The API serves this app on its own port: the built files in production, Vite's middleware in development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // rjsf's markdown is never switched on here: see web/src/shared/plain-markdown.tsx.
    alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/shared/plain-markdown.tsx', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Not Vite's default `assets/`: the server answers /assets/img/... and /assets/wav/... (the captcha) itself.
    assetsDir: 'static',
    // No source maps in the build: production serves none (and the server refuses any .map, api/src/web-app).
    sourcemap: false,
  },
});

import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Only the rjsf fields and widgets the questionnaire draws: @rjsf/core's Form registers all its defaults, whether
 * or not a form uses them, so its registry's lists are swapped for the questionnaire's own
 * (web/src/survey/rjsf-registry/).
 */
function questionnaireRjsfRegistry(): Plugin {
  const replacements: Record<string, string> = {
    './components/fields/index.js': fileURLToPath(new URL('./src/survey/rjsf-registry/fields.ts', import.meta.url)),
    './components/widgets/index.js': fileURLToPath(new URL('./src/survey/rjsf-registry/widgets.ts', import.meta.url)),
  };
  return {
    name: 'questionnaire-rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replaceAll('\\', '/').endsWith('/@rjsf/core/lib/getDefaultRegistry.js')) return null;
      return replacements[source] ?? null;
    },
  };
}

// The API serves this app on its own port: the built files in production, Vite's middleware in development.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), questionnaireRjsfRegistry()],
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
    // .vite/manifest.json: which chunks each screen needs, so the server can name them as preloads in the page
    // (api/src/web-app/screen-preload.ts). express.static does not serve dot-folders.
    manifest: true,
  },
});

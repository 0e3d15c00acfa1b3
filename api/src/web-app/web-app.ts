import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { renderIndexHtml, type SiteConfig } from '../../../common/site.js';
import type { PortalPasses } from '../site/portal-pass.js';
import { siteConfigFor } from '../site/portal-recognition.js';
import { screenSourceFor, withScreenPreloads, type BuildManifest } from './screen-preload.js';

const WEB_DIST_DIR = resolve('dist/web');
const WEB_SOURCE_DIR = resolve('web');

/** Paths the server answers itself (the API, and the captcha's assets under /assets/); every other GET is a page. */
function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');
}

type PageRenderer = (request: Request, response: Response) => Promise<string>;

/** Client-side routes fall back to index.html, so /survey/3/abc or /adviser/ load the app, which picks the page. */
function servePages(app: NestExpressApplication, renderPage: PageRenderer): void {
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(request.path)) return next();
    renderPage(request, response)
      .then((html) => response.set('Cache-Control', 'no-cache').type('html').send(html))
      .catch(next);
  });
}

/**
 * Whether a path asks for a source map, however it is spelled: serve-static decodes the path before it looks for the
 * file, so `/static/app.js%2Emap` is `app.js.map` to it.
 */
export function isSourceMapPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return /\.map\/*$/i.test(decoded);
}

/** Production serves no source maps: the build makes none (web/vite.config.ts), and one put there is not served. */
function refuseSourceMaps(request: Request, response: Response, next: NextFunction): void {
  if (!isSourceMapPath(request.path)) return next();
  response.status(404).type('text/plain').send('Not found');
}

/**
 * The built app's pages and files go out compressed (gzip, or whatever the browser accepts that compression does):
 * the JavaScript is a third of its size gzipped, and on a phone's slow connection its download is most of the wait
 * before the page shows. The API's own answers are left as they are.
 */
const compressFiles = compression();
function compressWebApp(request: Request, response: Response, next: NextFunction): void {
  if (isServerPath(request.path)) return next();
  compressFiles(request, response, next);
}

/** The embed kit's one script (web/public/embed.js), which partners' pages load from their own origin. */
export const EMBED_SCRIPT_PATH = '/embed.js';

/**
 * embed.js runs on partners' pages: it may be loaded cross-origin (Cross-Origin-Resource-Policy: cross-origin, for a
 * partner whose own pages require it); like the other unhashed files it is cached for an hour, not a year, so a
 * fix reaches every partner's page the same day.
 */
function embedScriptHeaders(request: Request, response: Response, next: NextFunction): void {
  if (request.path === '/' || request.path === '') response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
}

async function serveBuiltApp(app: NestExpressApplication, siteConfig: SiteConfig, passes: PortalPasses): Promise<void> {
  const template = await readFile(join(WEB_DIST_DIR, 'index.html'), 'utf8').catch(() => {
    throw new Error(`The web app is not built (${WEB_DIST_DIR}/index.html is missing): run npm run build. npm start does this itself.`);
  });
  const manifest = JSON.parse(
    await readFile(join(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8').catch(() => {
      throw new Error(`The web app's build manifest (${WEB_DIST_DIR}/.vite/manifest.json) is missing: run npm run build.`);
    }),
  ) as BuildManifest;
  // A screen's page is the same for every visitor but for the portal it is shown in, so each is worked out once
  // and the settings written in per request.
  const pages = new Map<string | null, string>();
  const pageFor = (pathname: string) => {
    const screen = screenSourceFor(pathname);
    if (!pages.has(screen)) pages.set(screen, withScreenPreloads(template, manifest, pathname));
    return pages.get(screen)!;
  };
  app.use(refuseSourceMaps);
  app.use(compressWebApp);
  // Built files have content hashes in their names, so they never change and can be cached for a year.
  app.use('/static', express.static(join(WEB_DIST_DIR, 'static'), { immutable: true, maxAge: '1y', index: false }));
  app.use('/static', (_request: Request, response: Response) => response.status(404).type('text/plain').send('Not found'));
  app.use(EMBED_SCRIPT_PATH, embedScriptHeaders);
  app.use(express.static(WEB_DIST_DIR, { index: false, maxAge: '1h' }));
  servePages(app, async (request, response) =>
    renderIndexHtml(pageFor(request.path), siteConfigFor(request, response, siteConfig, passes)),
  );
}

async function serveLiveApp(app: NestExpressApplication, siteConfig: SiteConfig, passes: PortalPasses): Promise<void> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(WEB_SOURCE_DIR, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.getHttpServer() } },
    appType: 'custom',
  });
  app.getHttpServer().on('close', () => void vite.close());
  app.use(EMBED_SCRIPT_PATH, embedScriptHeaders);
  app.use(vite.middlewares);
  servePages(app, async (request, response) => {
    const template = await readFile(join(WEB_SOURCE_DIR, 'index.html'), 'utf8');
    return renderIndexHtml(
      await vite.transformIndexHtml(request.originalUrl, template),
      siteConfigFor(request, response, siteConfig, passes),
    );
  });
}

/**
 * The web app on the API's own port: in production the built files from dist/web; in development Vite's
 * live server, with hot reload. Both write the site settings into the page the same way.
 */
export async function serveWebApp(
  app: NestExpressApplication,
  mode: 'production' | 'development',
  siteConfig: SiteConfig,
  passes: PortalPasses,
): Promise<void> {
  await (mode === 'production' ? serveBuiltApp(app, siteConfig, passes) : serveLiveApp(app, siteConfig, passes));
}

import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from './api-process.js';
import { SCREENSHOT_DIR } from './chromium.js';

/**
 * PDFs drawn as a person sees them: pdf.js (the viewer Firefox uses) renders each page in Chromium, and the pages
 * are saved as pictures under test-results/screenshots/ to be looked at. A small local web server hands the page
 * pdf.js and the files.
 */

const PDFJS_DIR = join(REPO_ROOT, 'node_modules/pdfjs-dist');
const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.html': 'text/html',
};

const VIEWER_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>PDF check</title></head>
<body style="margin:0;background:#808080">
<script type="module">
  import * as pdfjs from '/pdfjs/build/pdf.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.mjs';
  window.renderPdf = async (url) => {
    const pdf = await pdfjs.getDocument({ url, standardFontDataUrl: '/pdfjs/standard_fonts/' }).promise;
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1.5 });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      document.body.append(canvas);
      await page.render({ canvas, viewport }).promise;
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        if (pixels[index] < 200 || pixels[index + 1] < 200 || pixels[index + 2] < 200) inked += 1;
      }
      pages.push({ width: canvas.width, height: canvas.height, inkedShare: inked / (canvas.width * canvas.height), png: canvas.toDataURL('image/png') });
    }
    return pages;
  };
  window.viewerReady = true;
</script>
</body></html>`;

export interface RenderedPage {
  width: number;
  height: number;
  /** The share of pixels that are not white: 0 for a blank page. */
  inkedShare: number;
  png: string;
}

function serve(documents: Record<string, Buffer>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (type: string, body: Buffer | string) => response.writeHead(200, { 'Content-Type': type }).end(body);
    if (path === '/') return send(TYPES['.html'], VIEWER_PAGE);
    const document = /^\/documents\/([\w-]+)\.pdf$/.exec(path)?.[1];
    if (document && documents[document]) return send('application/pdf', documents[document]);
    const file = /^\/pdfjs\/((?:build|standard_fonts)\/[\w.-]+)$/.exec(path);
    if (file) {
      try {
        return send(TYPES[file[1].slice(file[1].lastIndexOf('.'))] ?? 'application/octet-stream', readFileSync(join(PDFJS_DIR, file[1])));
      } catch {
        // Falls through to 404.
      }
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The pages as pictures, named `<name>-page-<n>.png`; pictures of an earlier, longer run are removed first. */
export function savePictures(name: string, pages: RenderedPage[]): void {
  for (const file of readdirSync(SCREENSHOT_DIR).filter((file) => file.startsWith(`${name}-page-`))) rmSync(join(SCREENSHOT_DIR, file));
  pages.forEach((one, index) => {
    writeFileSync(
      join(SCREENSHOT_DIR, `${name}-page-${index + 1}.png`),
      Buffer.from(one.png.replace(/^data:image\/png;base64,/, ''), 'base64'),
    );
  });
}

/** Every page of each document drawn by pdf.js in a new Chromium page, saved as `<name>-page-<n>.png`. */
export async function renderPdfs(browser: Browser, documents: Record<string, Buffer>): Promise<Record<string, RenderedPage[]>> {
  const server = await serve(documents);
  const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (globalThis as unknown as { viewerReady?: boolean }).viewerReady === true);
    const rendered: Record<string, RenderedPage[]> = {};
    for (const name of Object.keys(documents)) {
      rendered[name] = await page.evaluate(
        (url) => (globalThis as unknown as { renderPdf: (url: string) => Promise<RenderedPage[]> }).renderPdf(url),
        `/documents/${name}.pdf`,
      );
      savePictures(name, rendered[name]);
    }
    return rendered;
  } finally {
    await page.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

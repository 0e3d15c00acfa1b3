import type { Browser } from 'playwright-core';
import { loadSiteConfig } from '../../api/src/site/site-definitions.js';
import { DEFINITIONS_DIR } from '../../api/src/site/site.module.js';
import { renderResultPdf } from '../../api/src/documents/result-pdf.js';
import { RESULT_BOTH_SYSTEMS } from '../fixtures/result.js';
import { chromiumPath, describeInChromium, launchChromium } from '../support/chromium.js';
import { renderPdfs, type RenderedPage } from '../support/pdf-pictures.js';

/**
 * The results PDF as a person sees it: pdf.js draws it in Chromium, and each page is saved as a picture under
 * test-results/screenshots/ to be looked at. The PDF is made from the fixture, so no server or database is needed.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

describeInChromium('the results PDF drawn by pdf.js in Chromium', () => {
  let browser: Browser;
  let rendered: Record<string, RenderedPage[]>;

  beforeAll(async () => {
    const site = await loadSiteConfig(DEFINITIONS_DIR, null);
    const generatedAt = new Date('2026-11-23T10:00:00Z');
    const documents = {
      'result-pdf': await renderResultPdf(RESULT_BOTH_SYSTEMS, { period: 'weekly', site, generatedAt }),
      'result-pdf-better-off-monthly': await renderResultPdf(
        { ...RESULT_BOTH_SYSTEMS, isBetterOff: true },
        { period: 'monthly', site, generatedAt },
      ),
    };
    browser = await launchChromium();
    rendered = await renderPdfs(browser, documents);
  }, 60_000);

  afterAll(() => browser?.close());

  it('draws page 1 as an A4 page with content on it (saved as result-pdf-page-1.png)', () => {
    const pages = rendered['result-pdf'];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const [first] = pages;
    // A4 is 595 x 842 points; at scale 1.5 that is 892 x 1262 pixels.
    expect(first.width).toBe(892);
    expect(first.height).toBe(1262);
    // Text, the reference box and the tables cover a few per cent of the page; a blank page would be 0.
    expect(first.inkedShare).toBeGreaterThan(0.02);
  });

  it('draws every page of both documents, none of them blank', () => {
    for (const pages of Object.values(rendered)) {
      for (const one of pages) expect(one.inkedShare).toBeGreaterThan(0.005);
    }
  });
});

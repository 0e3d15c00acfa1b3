import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './api-process.js';

/** The WCAG levels the product must meet: 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let axeSource: string | null = null;

function readAxeSource(): string {
  axeSource ??= readFileSync(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core in the page and returns what breaks the WCAG A and AA rules. axe goes in through the DevTools
 * protocol (page.evaluate), not as an inline <script>: the app's Content-Security-Policy refuses inline script,
 * and DevTools evaluation is not subject to it. The checks run on the page as it is now, so open menus, errors
 * and the like are checked as shown.
 */
export async function findAccessibilityViolations(page: Page, context: { include?: string[]; exclude?: string[] } = {}): Promise<Result[]> {
  if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(readAxeSource());
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA_TAGS }, resultTypes: ['violations'] };
  const target = {
    include: context.include?.map((selector) => [selector]) ?? [['html']],
    exclude: context.exclude?.map((selector) => [selector]) ?? [],
  };
  // A string, not a function, so this file needs no DOM types: the page has its own `axe` and `document`.
  const results = (await page.evaluate(`axe.run(${JSON.stringify(target)}, ${JSON.stringify(options)})`)) as AxeResults;
  return results.violations;
}

/** Each violation as a person reads it: rule, impact, what it needs, where, and what is wrong there. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
        return `    at ${node.target.map(String).join(' > ')}\n      ${summary}`;
      });
      return [`- ${violation.id} [${violation.impact ?? 'unknown impact'}]: ${violation.help}`, `    ${violation.helpUrl}`, ...nodes].join(
        '\n',
      );
    })
    .join('\n');
}

/** Fails the test with every violation listed readably, when axe finds any. */
export async function expectNoAccessibilityViolations(page: Page, context?: { include?: string[]; exclude?: string[] }): Promise<void> {
  const violations = await findAccessibilityViolations(page, context);
  if (violations.length > 0) {
    throw new Error(`axe found ${violations.length} WCAG 2.2 A/AA violation(s) on ${page.url()}:\n${describeViolations(violations)}`);
  }
}

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './api-process.js';

/**
 * Issue 30, point 4: what a policy officer reads is plain English. A page's words may not show a parameter's path
 * (gov/dwp/...) outside its detail line, an amount in pence, a date written yyyy-mm-dd, a source file's name, a
 * ruleset's folder name or "repository". A detail line, for those who want the path, is marked `data-detail-line`;
 * what the officer typed into a box is theirs, not the page's.
 */

/** The rulesets' folder names (child-benefit, pip...): a policy officer reads "Child Benefit", not the folder. */
const RULESET_FOLDERS = readdirSync(join(REPO_ROOT, 'rulesets')).filter((name) =>
  existsSync(join(REPO_ROOT, 'rulesets', name, 'ruleset.json')),
);

const CHECKS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a date written yyyy-mm-dd', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'a parameter’s path', pattern: /\b[a-z][a-z0-9_]*(?:\/[a-z0-9_]+){2,}\b/ },
  { what: 'an amount in pence', pattern: /\b\d[\d,]*(?:\.\d+)?\s?pence\b|\b\d{3,}p\b|\bpence (?:a|per|each) /i },
  { what: 'a file’s name', pattern: /\b[\w-]+\.(?:json|tsx?|jsx?|mjs|md|ya?ml|csv|hbs|sql)\b/ },
  { what: 'the word “repository”', pattern: /\brepositor(?:y|ies)\b/i },
  { what: 'a ruleset’s folder name', pattern: new RegExp(`(?<![\\w/-])(?:${RULESET_FOLDERS.join('|')})(?![\\w/-])`) },
];

/** The text of the page's main content as shown: hidden parts, detail lines and what was typed into boxes left out. */
export async function shownText(page: Page): Promise<string[]> {
  // A string, not a function, so this file needs no DOM types (as test/support/axe.ts does).
  return (await page.evaluate(`(() => {
    const root = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const lines = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[data-detail-line], script, style, textarea, [hidden]')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const text = node.textContent.replace(/\\s+/g, ' ').trim();
      if (text) lines.push(text);
    }
    for (const option of root.querySelectorAll('select option')) lines.push(option.textContent.trim());
    return lines;
  })()`)) as string[];
}

/** Each way the page's words fail a policy officer, with the words; none when the page is plain English. */
export async function plainEnglishProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const line of await shownText(page)) {
    const words = line.replace(/https?:\/\/\S+/g, '');
    for (const { what, pattern } of CHECKS) if (pattern.test(words)) problems.push(`${what}: “${line}”`);
  }
  return [...new Set(problems)];
}

export async function expectPlainEnglish(page: Page): Promise<void> {
  const problems = await plainEnglishProblems(page);
  if (problems.length > 0) throw new Error(`${new URL(page.url()).pathname} is not plain English:\n${problems.join('\n')}`);
}

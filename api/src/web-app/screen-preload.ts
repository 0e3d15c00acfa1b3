/**
 * Every screen but the landing page is a chunk of its own that the app imports once it has started
 * (web/src/app/App.tsx), so a phone would fetch the app's code, run it, and only then start fetching the screen's:
 * two downloads one after the other before the page can show. The page's HTML instead names the screen's chunks
 * as module preloads, so the browser fetches them alongside the app's own code.
 */

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The source (relative to web/) of the screen a page address shows, as the web app's routes (web/src/app/routes.ts)
 * pick it; null for the landing page, which is in the app's own chunk, and for any address it does not know.
 * A wrong answer costs only a wasted or a missing preload; the app still loads what it needs.
 */
export function screenSourceFor(pathname: string): string | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  switch (first) {
    case 'survey':
      return 'src/survey/SurveyScreen.tsx';
    case 'result':
      return 'src/result/ResultScreen.tsx';
    // /intermediary/... is the adviser area's older address (web/src/app/routes.ts redirectFor).
    case 'adviser':
    case 'intermediary':
      if (second === 'calculation') return 'src/adviser/AdviserCalculationScreen.tsx';
      if (second === 'compare') return 'src/adviser/CompareScreen.tsx';
      if (second === 'caseload') return 'src/adviser/CaseloadScreen.tsx';
      return 'src/adviser/AdviserHome.tsx';
    case 'account':
      return 'src/account/AccountScreen.tsx';
    case 'accuracy':
      return 'src/accuracy/AccuracyPage.tsx';
    case 'policy':
      return 'src/policy/PolicyScreen.tsx';
    default:
      return null;
  }
}

/** The files of a chunk and of everything it imports statically, without the entry's (the page loads those already). */
export function screenFiles(manifest: BuildManifest, source: string): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>();
  const walkEntry = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    manifest[key]?.imports?.forEach(walkEntry);
  };
  if (entry?.src) walkEntry(entry.src);
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || loaded.has(key) || !manifest[key]) return;
    seen.add(key);
    files.push(manifest[key].file);
    manifest[key].imports?.forEach(walk);
  };
  walk(source);
  return files;
}

/** The page's HTML with module preloads of its screen's chunks before `</head>`; unchanged for the landing page. */
export function withScreenPreloads(html: string, manifest: BuildManifest, pathname: string): string {
  const source = screenSourceFor(pathname);
  if (!source) return html;
  // crossorigin as Vite writes its own preloads: module scripts are fetched in CORS mode, and a preload must match.
  const links = screenFiles(manifest, source).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return links.length === 0 ? html : html.replace('</head>', () => `${links.join('\n    ')}\n  </head>`);
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screenFiles, screenSourceFor, withScreenPreloads, type BuildManifest } from './screen-preload.js';

// Shaped like dist/web/.vite/manifest.json after `npm run build:web`.
const manifest: BuildManifest = {
  'index.html': { file: 'static/index-A.js', src: 'index.html', isEntry: true, imports: ['_jsx-runtime-B.js'] },
  '_jsx-runtime-B.js': { file: 'static/jsx-runtime-B.js' },
  '_model-C.js': { file: 'static/model-C.js', imports: ['_jsx-runtime-B.js'] },
  '_rule-environment-D.js': { file: 'static/rule-environment-D.js', imports: ['_model-C.js', 'index.html'] },
  'src/survey/SurveyScreen.tsx': {
    file: 'static/SurveyScreen-E.js',
    src: 'src/survey/SurveyScreen.tsx',
    imports: ['_jsx-runtime-B.js', 'index.html', '_rule-environment-D.js', '_model-C.js'],
  },
};
const page = '<html><head><title>Benefits Calculator</title></head><body></body></html>';

describe('screen preloads', () => {
  it('name the screen a page address shows, as the web app routes it', () => {
    expect(screenSourceFor('/')).toBeNull();
    expect(screenSourceFor('/survey')).toBe('src/survey/SurveyScreen.tsx');
    expect(screenSourceFor('/survey/3/9c1d')).toBe('src/survey/SurveyScreen.tsx');
    expect(screenSourceFor('/result/9c1d')).toBe('src/result/ResultScreen.tsx');
    expect(screenSourceFor('/adviser/')).toBe('src/adviser/AdviserHome.tsx');
    expect(screenSourceFor('/intermediary/calculation/9c1d')).toBe('src/adviser/AdviserCalculationScreen.tsx');
    expect(screenSourceFor('/adviser/compare/a,b')).toBe('src/adviser/CompareScreen.tsx');
    expect(screenSourceFor('/adviser/caseload')).toBe('src/adviser/CaseloadScreen.tsx');
    expect(screenSourceFor('/account/clients')).toBe('src/account/AccountScreen.tsx');
    expect(screenSourceFor('/accuracy')).toBe('src/accuracy/AccuracyPage.tsx');
    expect(screenSourceFor('/policy/parameters/gov/dwp')).toBe('src/policy/PolicyScreen.tsx');
  });

  it('name only screens the app really loads on demand, so a renamed screen fails here', () => {
    const app = readFileSync(resolve(import.meta.dirname, '../../../web/src/app/App.tsx'), 'utf8');
    const lazy = [...app.matchAll(/lazy\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map((match) => `src/${match[1]}.tsx`);
    const named = [
      '/survey',
      '/result/x',
      '/adviser/',
      '/adviser/calculation/x',
      '/adviser/compare/x',
      '/adviser/caseload',
      '/account',
      '/accuracy',
      '/policy/',
    ].map(screenSourceFor);
    expect(new Set(named)).toEqual(new Set(lazy));
  });

  it('are the screen chunk and what it imports, without what the entry loads already', () => {
    expect(screenFiles(manifest, 'src/survey/SurveyScreen.tsx')).toEqual([
      'static/SurveyScreen-E.js',
      'static/rule-environment-D.js',
      'static/model-C.js',
    ]);
  });

  it('go into the head of a screen’s page, and the landing page is left as it is', () => {
    const survey = withScreenPreloads(page, manifest, '/survey/2/9c1d');
    expect(survey).toContain('<link rel="modulepreload" crossorigin href="/static/SurveyScreen-E.js">');
    expect(survey.indexOf('rule-environment-D.js')).toBeLessThan(survey.indexOf('</head>'));
    expect(survey).not.toContain('jsx-runtime-B.js');
    expect(withScreenPreloads(page, manifest, '/')).toBe(page);
    // A screen missing from the manifest (a build without it) preloads nothing rather than failing the page.
    expect(withScreenPreloads(page, manifest, '/accuracy')).toBe(page);
  });
});

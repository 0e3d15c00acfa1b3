import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ResultModel, ResultSection } from '../../../common/result/model';
import type { SiteConfig } from '../../../common/site';
import type { Visit } from '../../../common/visit';
import { requestParentScroll } from '../embed/parent-window';
import { usePageTitle } from '../shared/page-title';
import { useTestMode } from '../test-mode';
import { AnswersSection } from './AnswersSection';
import { ExtraHelpSection } from './ExtraHelpSection';
import { INITIAL_PERIOD_STATE, shownPeriod, type PeriodState } from './period';
import { PrintOrSaveSection } from './PrintOrSaveSection';
import { recordSection } from './result-api';
import { ResultTestingPanel } from './ResultTestingPanel';
import { useIsNarrowScreen } from './screen-size';
import { SECTION_ORDER, SECTION_TITLES, sectionOfAnchor } from './sections';
import { YourResults } from './YourResults';

// Only advisers see it (the server sends the client only to them), so it loads only for them.
const AdviserSection = lazy(() => import('../adviser/AdviserSection'));

/** The body class that lifts the chat icon above the bottom bar (styles.css). */
export const BOTTOM_BAR_BODY_CLASS = 'has-bottom-bar';

/** The menu of sections: a sidebar from 768px, a bar along the bottom of the screen below (styles.css). */
function ResultNav({ section, onSelect }: { section: ResultSection; onSelect(section: ResultSection): void }) {
  return (
    <nav className="result-nav" aria-label="Results sections">
      <ul className="result-nav__list">
        {SECTION_ORDER.map((candidate) => (
          <li key={candidate}>
            <button
              type="button"
              className="result-nav__item"
              data-section={candidate}
              aria-current={candidate === section ? 'page' : undefined}
              onClick={() => onSelect(candidate)}
            >
              {SECTION_TITLES[candidate]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Back and Next between the sections, in menu order. */
function SectionPager({ section, onSelect }: { section: ResultSection; onSelect(section: ResultSection): void }) {
  const index = SECTION_ORDER.indexOf(section);
  const previous = SECTION_ORDER[index - 1];
  const next = SECTION_ORDER[index + 1];
  return (
    <div className="section-pager">
      {previous && (
        <button type="button" className="button button--secondary" onClick={() => onSelect(previous)}>
          Back<span className="visually-hidden">: {SECTION_TITLES[previous]}</span>
        </button>
      )}
      {next && (
        <button type="button" className="button section-pager__next" onClick={() => onSelect(next)}>
          Next<span className="visually-hidden">: {SECTION_TITLES[next]}</span>
        </button>
      )}
    </div>
  );
}

interface Props {
  result: ResultModel;
  site: SiteConfig;
  visit: Visit;
  search: string;
  /** A new result from the better-off questions, or from going back to the results without the change. */
  onRecalculated(result: ResultModel): void;
  onFailed(error: unknown): void;
}

/** The id a hash names ('#email-results' -> 'email-results'); '' when none or when it cannot be decoded. */
function anchorOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

/**
 * The results: four sections chosen from the menu, 'Your
 * results' first. Choosing one tells the server (for its analytics) and moves focus to the section's heading, so
 * keyboard and screen reader users land on what they chose.
 */
export function ResultsPage({ result, site, visit, search, onRecalculated, onFailed }: Props) {
  // A link such as /result/{session}#feedback opens at that part of the page, in whichever section it is.
  const [section, setSection] = useState<ResultSection>(() => sectionOfAnchor(anchorOf(window.location.hash)));
  const [periodState, setPeriodState] = useState<PeriodState>(INITIAL_PERIOD_STATE);
  const [moves, setMoves] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const isNarrowScreen = useIsNarrowScreen();
  const testMode = useTestMode(search, site.testMode);
  usePageTitle(SECTION_TITLES[section]);

  useEffect(() => {
    const id = anchorOf(window.location.hash);
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, []);

  useEffect(() => {
    if (moves === 0) return;
    heading.current?.focus();
    window.scrollTo?.(0, 0);
    requestParentScroll(window);
  }, [moves]);

  useEffect(() => {
    if (!isNarrowScreen) return;
    document.body.classList.add(BOTTOM_BAR_BODY_CLASS);
    return () => document.body.classList.remove(BOTTOM_BAR_BODY_CLASS);
  }, [isNarrowScreen]);

  function select(next: ResultSection) {
    if (next !== section) {
      recordSection(result.session, next);
      setSection(next);
    }
    setMoves((count) => count + 1);
  }

  /** New figures replace the old ones: focus goes back to the top of the section, where the better-off summary starts. */
  function recalculated(next: ResultModel) {
    setPeriodState((current) => ({ ...current, isBreakdownOpen: false }));
    onRecalculated(next);
    setMoves((count) => count + 1);
  }

  const period = shownPeriod(result.eligibility, periodState);

  return (
    <div className="results">
      {testMode.gate}
      <div className="results__layout">
        <ResultNav section={section} onSelect={select} />
        <div className="results__content">
          <h1 id="result-section-title" className="results__title" ref={heading} tabIndex={-1}>
            {SECTION_TITLES[section]}
          </h1>
          {section === 'claim' && (
            <YourResults
              result={result}
              site={site}
              visit={visit}
              search={search}
              isNarrowScreen={isNarrowScreen}
              periodState={periodState}
              onPeriodStateChange={setPeriodState}
              onSelectSection={select}
              onRecalculated={recalculated}
              onFailed={onFailed}
            />
          )}
          {section === 'information' && <ExtraHelpSection extraHelp={result.extraHelps} charity={site.charity} />}
          {section === 'worked' && <AnswersSection categories={result.categories} session={result.session} search={search} />}
          {section === 'email' && <PrintOrSaveSection session={result.session} token={result.token} period={period} visit={visit} />}
          {section !== 'claim' && <SectionPager section={section} onSelect={select} />}
        </div>
      </div>
      {result.client !== null && (
        <Suspense fallback={null}>
          <AdviserSection session={result.session} />
        </Suspense>
      )}
      {result.testing && <ResultTestingPanel testing={result.testing} variables={result.variables} />}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import type { UkCountry } from '../../../../common/survey/model';

export interface LocalAuthority {
  code: string;
  name: string;
  country: UkCountry;
}

let authorities: Promise<LocalAuthority[]> | null = null;

/** The UK's local authorities (definitions/lookup), loaded only when a postcode no provider knows needs one. */
export function loadLocalAuthorities(): Promise<LocalAuthority[]> {
  authorities ??= import('../../../../definitions/lookup/local-authorities.json', { with: { type: 'json' } }).then((module) => {
    const list = (module.default ?? module) as unknown as { localAuthorities: LocalAuthority[] };
    return [...list.localAuthorities].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  });
  return authorities;
}

/** GOV.UK's accessible autocomplete and its styles, loaded with the council question only. */
function loadAutocomplete() {
  return import('./autocomplete').then((module) => module.default);
}

/** The council question's wording: Northern Ireland has district councils but no council tax. */
export function councilQuestionText(nation: UkCountry | null): string {
  return nation === 'Northern Ireland' ? 'Which council area do you live in?' : 'Which council do you pay council tax to?';
}

const simplified = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The councils whose name holds what was typed (case, commas and '&' forgiven: 'hull' finds 'Kingston upon Hull, City
 * of'), those starting with it first.
 */
export function councilsMatching(typed: string, councils: readonly LocalAuthority[]): LocalAuthority[] {
  const query = simplified(typed);
  if (!query) return [];
  const found = councils.filter((council) => simplified(council.name).includes(query));
  const starts = (council: LocalAuthority) => (simplified(council.name).startsWith(query) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b));
}

/** What the list and the box show for a council: its name, with its nation when every UK council is offered. */
function labelOf(council: LocalAuthority, withNation: boolean): string {
  return withNation ? `${council.name} (${council.country})` : council.name;
}

/**
 * Keeps the question's hint and error in the input's aria-describedby, and its aria-invalid, which the autocomplete
 * sets itself as the person types (its own hint comes and goes), so both are always read with the box.
 */
function keepDescribed(
  input: HTMLInputElement,
  wanted: () => { hintId: string; errorId: string; invalid: boolean },
): { apply(): void; stop(): void } {
  const apply = () => {
    const { hintId, errorId, invalid } = wanted();
    const own = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== hintId && id !== errorId);
    const ids = [...own, hintId, ...(invalid ? [errorId] : [])].join(' ');
    if (input.getAttribute('aria-describedby') !== ids) input.setAttribute('aria-describedby', ids);
    if (invalid && input.getAttribute('aria-invalid') !== 'true') input.setAttribute('aria-invalid', 'true');
    if (!invalid && input.hasAttribute('aria-invalid')) input.removeAttribute('aria-invalid');
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(input, { attributes: true, attributeFilter: ['aria-describedby', 'aria-invalid'] });
  return { apply, stop: () => observer.disconnect() };
}

interface Props {
  /** The id of the box: the error summary links to it. */
  id: string;
  postcode: string;
  /** The nation of the postcode's area when it is all in one: its councils are offered first. */
  nation: UkCountry | null;
  /** The council chosen so far (its code), or ''. */
  chosen: string;
  /** The id of the question's error message. */
  errorId: string;
  /** The question's error when it is about the council (shown above the box), or ''. */
  error: string;
  /** Moves focus to the box once it is ready: the question has just gone on to ask for the council. */
  focus: boolean;
  onChoose(council: LocalAuthority | null): void;
}

/**
 * 'Which council do you pay council tax to?', asked when the postcode is a real one that no look-up knows: an
 * accessible autocomplete (GOV.UK's) over the councils of the postcode's nation, or of the UK when the nation is not
 * certain or the person asks for them all.
 */
export function CouncilChooser({ id, postcode, nation, chosen, errorId, error, focus, onChoose }: Props) {
  const invalid = error !== '';
  const [councils, setCouncils] = useState<LocalAuthority[] | null>(null);
  const [everyNation, setEveryNation] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const choose = useRef(onChoose);
  choose.current = onChoose;
  const chosenCouncil = councils?.find((council) => council.code === chosen) ?? null;
  // A council chosen outside the postcode's nation keeps the whole list, so that the choice shows as made.
  const narrowTo = nation && !everyNation && (!chosenCouncil || chosenCouncil.country === nation) ? nation : null;
  const offered = useMemo(
    () => (councils ?? []).filter((council) => narrowTo === null || council.country === narrowTo),
    [councils, narrowTo],
  );
  const hintId = `${id}-hint`;
  const described = useRef({ hintId, errorId, invalid });
  described.current = { hintId, errorId, invalid };
  const chosenNow = useRef(chosen);
  chosenNow.current = chosen;
  const keeper = useRef<ReturnType<typeof keepDescribed> | null>(null);
  // Focus goes to the box when the question has just asked for it, or the person asked for every council.
  const focusNext = useRef(focus);

  useEffect(() => {
    let live = true;
    void loadLocalAuthorities().then((loaded) => live && setCouncils(loaded));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element || councils === null) return;
    let live = true;
    const withNation = narrowTo === null;
    const byLabel = new Map(offered.map((council) => [labelOf(council, withNation).toLowerCase(), council]));
    const current = councils.find((council) => council.code === chosen);
    void loadAutocomplete().then((accessibleAutocomplete) => {
      if (!live) return;
      element.replaceChildren();
      accessibleAutocomplete({
        element,
        id,
        name: `${id}-name`,
        source: (typed: string, show: (results: string[]) => void) =>
          show(councilsMatching(typed, offered).map((council) => labelOf(council, withNation))),
        defaultValue: current ? labelOf(current, withNation) : '',
        minLength: 1,
        confirmOnBlur: true,
        displayMenu: 'inline',
        inputClasses: 'input',
        // The list is named by the question, not by what is typed in the box.
        menuAttributes: { 'aria-labelledby': `${id}-label` },
        tNoResults: () => (withNation ? 'No council found by that name' : `No council in ${narrowTo ?? 'the UK'} found by that name`),
        onConfirm: (label: string | undefined) => {
          const input = element.querySelector('input');
          const picked = byLabel.get((label ?? input?.value ?? '').trim().toLowerCase()) ?? null;
          // Leaving the box with text that names no council takes back an earlier choice rather than keep it unseen;
          // leaving it as it was (to the error summary, say) changes nothing.
          if ((picked?.code ?? '') !== chosenNow.current) choose.current(picked);
        },
      });
      const input = element.ownerDocument.getElementById(id) as HTMLInputElement | null;
      if (input) {
        input.setAttribute('autocomplete', 'off');
        keeper.current = keepDescribed(input, () => described.current);
        if (focusNext.current) input.focus();
        focusNext.current = false;
      }
    });
    return () => {
      live = false;
      keeper.current?.stop();
      keeper.current = null;
    };
    // `chosen` is the box's own doing once it is mounted: it must not rebuild the box as the person picks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [councils, offered, narrowTo, id]);

  // An error shown or cleared is read with the box at once, without rebuilding it (which would lose what was typed).
  useEffect(() => keeper.current?.apply(), [invalid]);

  return (
    <div className="postcode__authority">
      <label className="question__label question__label--small" id={`${id}-label`} htmlFor={id}>
        {councilQuestionText(nation)}
      </label>
      <p id={hintId} className="question__hint">
        We do not have the council for {postcode}. Start typing its name and choose it from the list
        {narrowTo ? `, which has the councils in ${narrowTo}` : ''}.
      </p>
      {invalid && (
        <p id={errorId} className="question__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div ref={container} className="council-chooser">
        {councils === null && <p className="question__hint">Loading the councils…</p>}
      </div>
      {narrowTo && (
        <p className="postcode__every-nation">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              focusNext.current = true;
              setEveryNation(true);
            }}
          >
            My council is not in {narrowTo}
          </button>
        </p>
      )}
    </div>
  );
}

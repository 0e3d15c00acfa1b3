import { useEffect, useRef, useState } from 'react';
import {
  COUNCIL_TAX_BAND_ANSWERS,
  COUNCIL_TAX_BAND_NOT_KNOWN,
  councilOptionsOf,
  councilTaxBandAnswersOf,
  isCouncilTaxBandAnswer,
} from '../../../../common/survey/council-tax-band';
import type { UkCountry } from '../../../../common/survey/model';
import { ExternalLink } from '../../shared/ExternalLink';
import { lookUpBands, surveyPath, type BandAddress } from '../survey-api';
import type { ControlProps } from './control';

/** Address table size and pagination window. */
export const ADDRESSES_PER_PAGE = 10;
export const PAGINATION_SIZE = 3;

export const LOOK_UP_OPTION = 'Look this up for me';
export const USE_ADDRESS_QUESTION = 'Would you like us to use your address to look up your council tax band?';
export const USE_ADDRESS_YES = 'Yes, I would like to tell you my address';
export const USE_ADDRESS_NO = 'No, I would like to look up my band myself';
export const LOOKUP_UNAVAILABLE_TEXT =
  'Currently we cannot look up your council tax band. The band look-up service will be up and running shortly, so please try again later...';
/** GOV.UK's 'Check your Council Tax band' (the Valuation Office Agency's list, England and Wales). */
export const GOV_UK_BAND_CHECK_URL = 'https://www.gov.uk/council-tax-bands';
/** The Scottish Assessors' portal, whose home page searches the council tax valuation list of every Scottish home. */
export const SCOTTISH_ASSESSORS_URL = 'https://www.saa.gov.uk/';

/**
 * How to find the band, for the nation of the postcode: the bill first, then the official list (GOV.UK for England
 * and Wales, the Scottish Assessors for Scotland; both while the nation is not known), then 'I don't know my band'.
 */
function FindYourBand({ id, country, canSayNotKnown }: { id: string; country: UkCountry | '' | undefined; canSayNotKnown: boolean }) {
  const govUk = <ExternalLink href={GOV_UK_BAND_CHECK_URL}>Check your Council Tax band on GOV.UK</ExternalLink>;
  const assessors = <ExternalLink href={SCOTTISH_ASSESSORS_URL}>the Scottish Assessors’ website</ExternalLink>;
  return (
    <p id={id} className="question__hint council__find-band">
      Your band is on your council tax bill.{' '}
      {country === 'Scotland' ? (
        <>You can also search for your home on {assessors}.</>
      ) : country === 'England' || country === 'Wales' ? (
        <>You can also search for your home: {govUk}.</>
      ) : (
        <>
          You can also search for your home: {govUk} (England and Wales), or {assessors} (Scotland).
        </>
      )}
      {canSayNotKnown && <> If you cannot find it, choose ‘I don’t know my band’.</>}
    </p>
  );
}

/**
 * The council tax band question's phases: 1 choose a band, 2 ask whether to use the address, 3 the
 * address table, 4 the band chosen, 5 look-up unavailable. 'noAddresses' is phase 3 when nothing was found.
 */
export type CouncilPhase = 'choose' | 'ask' | 'loading' | 'addresses' | 'noAddresses' | 'selected' | 'unavailable';

/** 'Band C' from a looked-up band, whether the service gives 'C' or 'Band C'; null for anything else. */
export function bandAnswer(band: string): string | null {
  const letter = band
    .trim()
    .replace(/^band\s+/i, '')
    .toUpperCase();
  const answer = `Band ${letter}`;
  return COUNCIL_TAX_BAND_ANSWERS.includes(answer) ? answer : null;
}

/** The page numbers the pagination shows: at most `size`, around the current page. */
export function pageWindow(current: number, total: number, size = PAGINATION_SIZE): number[] {
  const count = Math.min(size, total);
  const first = Math.min(Math.max(1, current - Math.floor(size / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

function AddressTable({ addresses, onPick, firstId }: { addresses: BandAddress[]; onPick(address: BandAddress): void; firstId: string }) {
  const [page, setPage] = useState(1);
  const total = Math.ceil(addresses.length / ADDRESSES_PER_PAGE);
  const shown = addresses.slice((page - 1) * ADDRESSES_PER_PAGE, page * ADDRESSES_PER_PAGE);
  return (
    <div className="council__addresses">
      <table className="address-table">
        <caption className="address-table__caption">Choose your address</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Band</th>
            <th scope="col">
              <span className="visually-hidden">Choose</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((address, index) => (
            <tr key={String(address.id)}>
              <td>{address.line1}</td>
              <td>{bandAnswer(address.band) ?? address.band}</td>
              <td>
                <button
                  type="button"
                  id={index === 0 ? firstId : undefined}
                  className="button button--secondary button--small"
                  aria-label={`Select ${address.line1}`}
                  onClick={() => onPick(address)}
                >
                  Select
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > 1 && (
        <nav className="pagination" aria-label="Address pages">
          <button type="button" className="pagination__link" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          {pageWindow(page, total).map((number) => (
            <button
              type="button"
              key={number}
              className="pagination__link"
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => setPage(number)}
            >
              {number}
            </button>
          ))}
          <button type="button" className="pagination__link" disabled={page === total} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

/**
 * Council (type 9): the council tax band, chosen or looked up from the address. Only the bands of the postcode's
 * nation are offered (England and Scotland A to H, Wales A to I). 'Look this up for me' is offered once, and only
 * where the server says addresses are loaded for the postcode (`bandLookup`); the question always says how to find
 * the band otherwise.
 */
export function CouncilControl(props: ControlProps<string>) {
  const { question, value, id, describedBy, invalid, context } = props;
  const canLookUp = question.bandLookup === true && question.country !== 'Scotland' && question.country !== 'Northern Ireland';
  const hasAnswer = typeof value === 'string' && value !== '';
  const [phase, setPhase] = useState<CouncilPhase>(hasAnswer && isCouncilTaxBandAnswer(value) ? 'selected' : 'choose');
  const [addresses, setAddresses] = useState<BandAddress[]>([]);
  const moved = useRef(false);

  // After a change of phase, focus goes to the new phase's first control so keyboard users are not lost.
  useEffect(() => {
    if (!moved.current) return;
    document.getElementById(id)?.focus();
  }, [phase, id]);

  function go(next: CouncilPhase) {
    moved.current = true;
    setPhase(next);
  }

  async function lookUp() {
    go('loading');
    try {
      if (!context.session) throw new Error('No calculation to look up.');
      const result = await lookUpBands(context.session);
      const found = result.valid && Array.isArray(result.value) ? result.value : null;
      // A failed or invalid look-up is the 'unavailable' phase.
      if (found === null) go('unavailable');
      else {
        setAddresses(found);
        go(found.length === 0 ? 'noAddresses' : 'addresses');
      }
    } catch {
      go('unavailable');
    }
  }

  // The definition lists the bands it offers, kept to the nation's; without a list, the nation's bands.
  const listed = councilOptionsOf(question.options, question.country);
  const options = listed.length ? listed : councilTaxBandAnswersOf(question.country).map((band) => ({ value: band, text: band }));
  const canSayNotKnown = options.some((option) => option.value === COUNCIL_TAX_BAND_NOT_KNOWN);
  const findId = `${id}-find-band`;
  const findYourBand = <FindYourBand id={findId} country={question.country} canSayNotKnown={canSayNotKnown} />;
  switch (phase) {
    case 'choose':
      return (
        <>
          <select
            className="select"
            id={id}
            name={question.name}
            value={hasAnswer && options.some((option) => option.value === value) ? value : ''}
            aria-labelledby={`q-${question.name}-label`}
            aria-describedby={[describedBy, findId].filter(Boolean).join(' ')}
            aria-invalid={invalid || undefined}
            aria-required={question.required || undefined}
            onChange={(event) => {
              if (event.target.value === LOOK_UP_OPTION) go('ask');
              else props.onAnswer(event.target.value);
            }}
          >
            <option value="">Please select</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
            {canLookUp && <option value={LOOK_UP_OPTION}>{LOOK_UP_OPTION}</option>}
          </select>
          {findYourBand}
        </>
      );
    case 'ask':
      return (
        <fieldset className="question__fieldset question__fieldset--nested">
          <legend className="question__label question__label--small">{USE_ADDRESS_QUESTION}</legend>
          <div className="radios">
            {[USE_ADDRESS_YES, USE_ADDRESS_NO].map((text, index) => (
              <div className="radios__item" key={text}>
                <input
                  className="radios__input"
                  type="radio"
                  id={index === 0 ? id : `${id}-no`}
                  name={`${question.name}-use-address`}
                  checked={false}
                  onChange={() => (index === 0 ? void lookUp() : go('choose'))}
                />
                <label className="radios__label" htmlFor={index === 0 ? id : `${id}-no`}>
                  {text}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      );
    case 'loading':
      return (
        <div className="council__loading" role="status">
          <span className="loading-spinner__wheel loading-spinner__wheel--small" aria-hidden="true" />
          <span id={id} tabIndex={-1}>
            Looking up the addresses at your postcode...
          </span>
        </div>
      );
    case 'addresses':
      return (
        <>
          <AddressTable
            addresses={addresses}
            firstId={id}
            onPick={(address) => {
              const band = bandAnswer(address.band);
              if (!band) return;
              props.onAnswer(band);
              go('selected');
            }}
          />
          <button type="button" className="button button--secondary council__not-listed" onClick={() => go('choose')}>
            My address is not listed
          </button>
        </>
      );
    case 'noAddresses':
      return (
        <div className="council__message">
          <p id={id} tabIndex={-1}>
            We could not find any addresses at your postcode. You can change your postcode, or enter your band yourself.
          </p>
          {findYourBand}
          <div className="button-row">
            {question.postcodePage !== undefined && context.session && (
              <a className="button button--secondary" href={surveyPath(question.postcodePage, context.session, context.search)}>
                Change My Postcode
              </a>
            )}
            <button type="button" className="button button--secondary" onClick={() => go('choose')}>
              Enter band
            </button>
          </div>
        </div>
      );
    case 'selected':
      return (
        <div className="council__selected">
          <p className="council__band">
            Your council tax band: <strong>{value}</strong>
          </p>
          <button type="button" id={id} className="button button--secondary" onClick={() => go('choose')}>
            Change Band
          </button>
        </div>
      );
    case 'unavailable':
      return (
        <div className="council__message">
          <p id={`${id}-unavailable`}>{LOOKUP_UNAVAILABLE_TEXT}</p>
          {findYourBand}
          <button type="button" id={id} className="button button--secondary" onClick={() => go('choose')}>
            Enter band
          </button>
        </div>
      );
  }
}

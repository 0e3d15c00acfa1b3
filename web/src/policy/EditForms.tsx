import { parsePence } from '../../../common/money';
import { useState, type ReactNode } from 'react';
import type { PolicyEdit, PolicySearchHit, QuestionEdit } from './policy-api';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { TextField } from '../shared/TextField';
import { loadCouncilScheme, searchPolicy } from './policy-api';
import { ApiRequestError } from '../api/client';
import { councilTaxYearWords } from '../../../common/policy/words';
import { CheckboxesField, requiredSourceProblems, SelectField, SourceFields, TextAreaField, useProblems } from './policy-ui';
import { councilTaxYearsFrom, readBandDTable } from './band-d-text';
import {
  councilSchemeOf,
  schemeTextOf,
  EMPTY_SCHEME,
  NEW_PROTECTED_RULE,
  OTHER_INCOME_CHOICES,
  PROTECTED_GROUP_CHOICES,
  UC_ELEMENT_CHOICES,
  type BandTableText,
  type CouncilSchemeText,
  type DisregardText,
  type OtherIncomeChoice,
  type ProtectedRuleText,
} from './council-scheme-form';
import { todayIso } from './policy-text';

/** The smaller forms that add an edit to a change set: a question, an extra-help item, the rates held, any edit as JSON. */

export interface FormProps<Edit extends PolicyEdit = PolicyEdit> {
  onSubmit: (edit: Edit) => Promise<void>;
  /** A failure that is not the form's to show (No Access, a server error). */
  onFailure: (error: unknown) => void;
}

type Problems = ReturnType<typeof useProblems>;

/** A form that checks itself, then sends: the API's problems are shown at the fields their paths name. */
export function EditForm({
  problems,
  check,
  send,
  onFailure,
  submitText,
  testId,
  children,
  onCancel,
}: {
  problems: Problems;
  check: () => SummaryError[];
  send: () => Promise<void>;
  onFailure: (error: unknown) => void;
  submitText: string;
  testId: string;
  children: ReactNode;
  onCancel?: () => void;
}) {
  const [isSaving, setIsSaving] = useState(false);
  const submit = async () => {
    const found = check();
    if (found.length > 0) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      await send();
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form
      className="policy-form"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      {children}
      <div className="button-row">
        <button type="submit" className="button" disabled={isSaving}>
          {submitText}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

type ShowHideChoice = 'keep' | 'set' | 'remove';

/** A question's text, help or show/hide rule: the page and question found by search, or typed. */
export function QuestionForm({ onSubmit, onFailure }: FormProps<QuestionEdit>) {
  const id = (field: string) => `question-edit-${field}`;
  const problems = useProblems('question-edit', [id('page'), id('question'), id('text'), id('helpText'), id('showHide')]);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PolicySearchHit[] | null>(null);
  const [page, setPage] = useState('');
  const [question, setQuestion] = useState('');
  const [text, setText] = useState('');
  const [helpText, setHelpText] = useState('');
  const [showHideChoice, setShowHideChoice] = useState<ShowHideChoice>('keep');
  const [showHide, setShowHide] = useState('');

  const find = () =>
    searchPolicy(query.trim()).then(({ hits: found }) => setHits(found.filter((hit) => hit.kind === 'question')), onFailure);
  const choose = (path: string) => {
    const [pageName, ...rest] = path.split('/');
    setPage(pageName ?? '');
    setQuestion(rest.join('/'));
  };

  return (
    <EditForm
      problems={problems}
      testId="question-edit-form"
      submitText="Add the question change"
      onFailure={onFailure}
      check={() => {
        const found: SummaryError[] = [];
        if (!page.trim()) found.push({ targetId: id('page'), message: 'Enter the page, such as savings.' });
        if (!question.trim()) found.push({ targetId: id('question'), message: 'Enter the question’s name.' });
        if (!text.trim() && !helpText.trim() && showHideChoice === 'keep')
          found.push({ targetId: id('text'), message: 'Enter the new text or help, or change the show/hide rule.' });
        if (showHideChoice === 'set' && !showHide.trim()) found.push({ targetId: id('showHide'), message: 'Enter the show/hide rule.' });
        return found;
      }}
      send={() =>
        onSubmit({
          kind: 'question',
          page: page.trim(),
          question: question.trim(),
          ...(text.trim() ? { text: text.trim() } : {}),
          ...(helpText.trim() ? { helpText: helpText.trim() } : {}),
          ...(showHideChoice === 'set' ? { showHide: showHide.trim() } : showHideChoice === 'remove' ? { showHide: null } : {}),
        })
      }
    >
      <div className="policy-search-row">
        <TextField
          id={id('search')}
          label="Find a question (optional)"
          hint="Words of its text, its page or its name."
          value={query}
          onChange={setQuery}
        />
        <button type="button" className="button button--secondary" onClick={() => void find()} disabled={!query.trim()}>
          Find questions
        </button>
      </div>
      {hits && hits.length === 0 && <p role="status">No questions found.</p>}
      {hits && hits.length > 0 && (
        <SelectField
          id={id('found')}
          label="Questions found"
          hint="Choosing one fills in the page and the question below."
          value={page && question ? `${page}/${question}` : ''}
          onChange={choose}
          options={[
            { value: '', text: `${hits.length} found: choose one` },
            ...hits.map((hit) => ({ value: hit.path, text: `${hit.title} (${hit.path})` })),
          ]}
        />
      )}
      <TextField
        id={id('page')}
        label="Page"
        hint="The page file’s name, such as savings."
        error={problems.errorAt(id('page'))}
        value={page}
        onChange={setPage}
      />
      <TextField
        id={id('question')}
        label="Question"
        hint="The question’s name on that page."
        error={problems.errorAt(id('question'))}
        value={question}
        onChange={setQuestion}
      />
      <TextAreaField
        id={id('text')}
        label="New text (leave empty to keep it)"
        error={problems.errorAt(id('text'))}
        value={text}
        onChange={setText}
        rows={2}
      />
      <TextAreaField
        id={id('helpText')}
        label="New help text (leave empty to keep it)"
        error={problems.errorAt(id('helpText'))}
        value={helpText}
        onChange={setHelpText}
        rows={3}
      />
      <fieldset className="question__fieldset">
        <legend className="question__label">Show/hide rule</legend>
        {(
          [
            ['keep', 'Leave it as it is'],
            ['set', 'Change it'],
            ['remove', 'Remove it: the question is always shown'],
          ] as const
        ).map(([value, label]) => (
          <div className="radios__item" key={value}>
            <input
              className="radios__input"
              type="radio"
              id={id(`showHide-${value}`)}
              name="question-edit-show-hide"
              checked={showHideChoice === value}
              onChange={() => setShowHideChoice(value)}
            />
            <label className="radios__label" htmlFor={id(`showHide-${value}`)}>
              {label}
            </label>
          </div>
        ))}
        {showHideChoice === 'set' && (
          <TextAreaField
            id={id('showHide')}
            label="The show/hide rule, in the questionnaire’s rule language"
            error={problems.errorAt(id('showHide'))}
            value={showHide}
            onChange={setShowHide}
            rows={2}
          />
        )}
      </fieldset>
    </EditForm>
  );
}

/** JSON typed in a textarea, as an object; a message when it is not one. */
function readObject(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { value: value as Record<string, unknown> }
      : { error: 'Enter a JSON object, in { }.' };
  } catch (error) {
    return { error: `This is not valid JSON: ${(error as Error).message}` };
  }
}

/**
 * A year's Band D council tax for many councils at once, pasted from the official table each spring (issue 30, point
 * 3): until a council's figure for the year is added, its residents' Council Tax Reduction is not worked out then.
 */
export function BandDForm({ onSubmit, onFailure }: FormProps) {
  const id = (field: string) => `band-d-edit-${field}`;
  const problems = useProblems('band-d-edit', [id('year'), id('table'), id('source-title'), id('source-url')]);
  const years = councilTaxYearsFrom(todayIso());
  const [year, setYear] = useState(years[1]!.value);
  const [table, setTable] = useState('');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  return (
    <EditForm
      problems={problems}
      testId="band-d-edit-form"
      submitText="Add these Band D figures"
      onFailure={onFailure}
      check={() => {
        return [
          ...readBandDTable(table).problems.map((message) => ({ targetId: id('table'), message })),
          ...requiredSourceProblems(
            'band-d-edit',
            { title, url },
            {
              title: 'Enter the title of the official table the figures come from.',
              url: 'Enter the table’s address starting https://',
            },
          ),
        ];
      }}
      send={() =>
        onSubmit({ kind: 'band-d', year, figures: readBandDTable(table).figures, source: { title: title.trim(), url: url.trim() } })
      }
    >
      <SelectField
        id={id('year')}
        label="Council tax year"
        error={problems.errorAt(id('year'))}
        value={year}
        onChange={setYear}
        options={years}
      />
      <TextAreaField
        id={id('table')}
        label="Each council’s code and Band D a year, one council a line"
        hint="Paste the rows of the official table: the council’s code (such as E08000003), then its average Band D in pounds (such as 2,186.34). A name between them, and the table’s headings, are left out."
        error={problems.errorAt(id('table'))}
        value={table}
        onChange={setTable}
        rows={8}
      />
      <SourceFields
        prefix="band-d-edit"
        hint="Such as ‘Council Tax levels set by local authorities in England 2027 to 2028’ on GOV.UK."
        title={title}
        url={url}
        onTitle={setTitle}
        onUrl={setUrl}
        errorAt={problems.errorAt}
      />
    </EditForm>
  );
}

const LHA_CATEGORIES = [
  ['shared', 'Shared accommodation'],
  ['oneBedroom', '1 bedroom'],
  ['twoBedrooms', '2 bedrooms'],
  ['threeBedrooms', '3 bedrooms'],
  ['fourBedrooms', '4 bedrooms'],
] as const;
type LhaCategoryField = (typeof LHA_CATEGORIES)[number][0];

/**
 * One Broad Rental Market Area's Local Housing Allowance rates from a date (issue 30, point 3): Universal Credit's
 * monthly rates or the weekly ones published for Housing Benefit, each category in pounds, with the official table.
 */
export function LhaRatesForm({ onSubmit, onFailure }: FormProps) {
  const id = (field: string) => `lha-rates-edit-${field}`;
  const fields = ['scheme', 'area', 'from', ...LHA_CATEGORIES.map(([field]) => `rates-${field}`), 'source-title', 'source-url'];
  const problems = useProblems('lha-rates-edit', fields.map(id));
  const [scheme, setScheme] = useState<'universal-credit' | 'housing-benefit'>('universal-credit');
  const [area, setArea] = useState('');
  const [from, setFrom] = useState('');
  const [rates, setRates] = useState<Record<LhaCategoryField, string>>({
    shared: '',
    oneBedroom: '',
    twoBedrooms: '',
    threeBedrooms: '',
    fourBedrooms: '',
  });
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const per = scheme === 'universal-credit' ? 'a month' : 'a week';
  return (
    <EditForm
      problems={problems}
      testId="lha-rates-edit-form"
      submitText="Add the rates"
      onFailure={onFailure}
      check={() => {
        const found: SummaryError[] = [];
        if (!area.trim())
          found.push({
            targetId: id('area'),
            message: 'Enter the area’s name as the rent officers write it, such as Central Greater Manchester.',
          });
        const fromProblem = dateProblemOf(from, 'the date the rates take effect');
        if (fromProblem) found.push({ targetId: id('from'), message: fromProblem });
        for (const [field, label] of LHA_CATEGORIES) {
          const pence = parsePence(rates[field].trim());
          if (pence === null || pence <= 0)
            found.push({
              targetId: id(`rates-${field}`),
              message: `Enter the rate for ${label.toLowerCase()} in pounds ${per}, such as 775.00.`,
            });
        }
        found.push(
          ...requiredSourceProblems(
            'lha-rates-edit',
            { title, url },
            {
              title: 'Enter the title of the official table of the rates.',
              url: 'Enter the table’s address starting https://',
            },
          ),
        );
        return found;
      }}
      send={() =>
        onSubmit({
          kind: 'lha-rates',
          scheme,
          area: area.trim(),
          from: isoDateOf(from)!,
          rates: Object.fromEntries(LHA_CATEGORIES.map(([field]) => [field, parsePence(rates[field].trim())!])) as Record<
            LhaCategoryField,
            number
          >,
          source: { title: title.trim(), url: url.trim() },
        })
      }
    >
      <SelectField
        id={id('scheme')}
        label="Which rates"
        error={problems.errorAt(id('scheme'))}
        value={scheme}
        onChange={(value) => setScheme(value as typeof scheme)}
        options={[
          { value: 'universal-credit', text: 'Universal Credit’s rates (a month)' },
          { value: 'housing-benefit', text: 'Housing Benefit’s published rates (a week)' },
        ]}
      />
      <TextField
        id={id('area')}
        label="Broad Rental Market Area"
        hint="As the rent officers write it, such as Central Greater Manchester."
        error={problems.errorAt(id('area'))}
        value={area}
        onChange={setArea}
      />
      <DateField
        id={id('from')}
        label="Take effect on"
        hint="Usually 1 April for Universal Credit. They apply from this date or the change set’s effective date, whichever is later."
        error={problems.errorAt(id('from'))}
        value={from}
        onChange={setFrom}
      />
      {LHA_CATEGORIES.map(([field, label]) => (
        <TextField
          key={field}
          id={id(`rates-${field}`)}
          label={`${label}, in pounds ${per}`}
          error={problems.errorAt(id(`rates-${field}`))}
          value={rates[field]}
          onChange={(value) => setRates((current) => ({ ...current, [field]: value }))}
          className="input--number"
          inputMode="text"
        />
      ))}
      <SourceFields
        prefix="lha-rates-edit"
        hint="Such as ‘Local Housing Allowance (LHA) rates applicable from April 2027 to March 2028’ on GOV.UK."
        title={title}
        url={url}
        onTitle={setTitle}
        onUrl={setUrl}
        errorAt={problems.errorAt}
      />
    </EditForm>
  );
}

const YES_NO = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];

/** What a council's code may be in a form: its pattern, the hint beside the field and the problem when it is not one. */
interface CouncilCode {
  pattern: RegExp;
  hint: string;
  problem: string;
}

const ENGLISH_COUNCIL: CouncilCode = {
  pattern: /^E\d{8}$/,
  hint: 'E and 8 numbers, such as E06000001, as the Band D table gives it.',
  problem: 'Enter the council’s code: E and 8 numbers, such as E06000001, as the Band D table gives it.',
};
const ANY_COUNCIL: CouncilCode = {
  pattern: /^[ESWN]\d{8}$/,
  hint: 'A letter and 8 numbers, such as E06000001.',
  problem: 'Enter the council’s code: a letter and 8 numbers, such as E06000001.',
};

/** The council an edit names, its name and code: their fields, `${prefix}-name` and `${prefix}-authority`. */
function CouncilFields({
  prefix,
  code,
  name,
  authority,
  onName,
  onAuthority,
  errorAt,
}: {
  prefix: string;
  code: CouncilCode;
  name: string;
  authority: string;
  onName: (value: string) => void;
  onAuthority: (value: string) => void;
  errorAt: (id: string) => string | undefined;
}) {
  return (
    <>
      <TextField
        id={`${prefix}-name`}
        label="Council"
        hint="Its name, such as Hartlepool."
        error={errorAt(`${prefix}-name`)}
        value={name}
        onChange={onName}
      />
      <TextField
        id={`${prefix}-authority`}
        label="Council’s code"
        hint={code.hint}
        error={errorAt(`${prefix}-authority`)}
        value={authority}
        onChange={onAuthority}
      />
    </>
  );
}

/** What is wrong with the council's name and code as given. */
function councilProblems(prefix: string, code: CouncilCode, name: string, authority: string): SummaryError[] {
  const found: SummaryError[] = [];
  if (!/[A-Za-z]/.test(name)) found.push({ targetId: `${prefix}-name`, message: 'Enter the council’s name, such as Hartlepool.' });
  if (!code.pattern.test(authority.trim().toUpperCase())) found.push({ targetId: `${prefix}-authority`, message: code.problem });
  return found;
}

/**
 * An English council's working-age Council Tax Reduction scheme for a council tax year, from the council's scheme
 * document (issue 30, point 3): a taper or income bands, asked field by field in pounds and percentages (bands a line
 * each, as the scheme's table prints them). A council whose scheme is not held yet gets its own; one held gets the
 * year added or replaced.
 */
export function CouncilSchemeForm({ onSubmit, onFailure }: FormProps) {
  const id = (field: string) => `ctr-scheme-edit-${field}`;
  const [text, setText] = useState<CouncilSchemeText>(EMPTY_SCHEME);
  const scheme = (field: string) => id(`scheme-${field}`);
  // In the order the fields are on the page, so the error summary lists them so.
  const problems = useProblems('ctr-scheme-edit', [
    id('name'),
    id('authority'),
    id('year'),
    ...['maximumSupport', 'bandCap', 'reduction', 'taper'].map(scheme),
    ...text.tables.flatMap((_, index) => [scheme(`tables-${index}-children`), scheme(`tables-${index}-bands`)]),
    scheme('universalCredit'),
    ...UC_ELEMENT_CHOICES.map(({ value }) => scheme(`ucLess-${value}`)),
    ...['single', 'couple', 'loneParent', 'disabledOrCarer', 'coupleWithChildren'].map((key) => scheme(`disregard-${key}`)),
    scheme('otherIncomeKinds'),
    ...['capitalLimit', 'tariffFrom', 'tariffStep', 'tariffWeekly', 'minimumAward', 'otherAdults', 'inWork', 'notInWork', 'byIncome'].map(
      scheme,
    ),
    scheme('otherAdultMinimumAge'),
    ...text.protectedRules.flatMap((rule, index) => [
      scheme(`protected-${index}-changes`),
      scheme(`protected-${index}-groups`),
      scheme(`protected-${index}-maximumSupport`),
      scheme(`protected-${index}-taper`),
      ...rule.tables.flatMap((_, table) => [
        scheme(`protected-${index}-tables-${table}-children`),
        scheme(`protected-${index}-tables-${table}-bands`),
      ]),
      scheme(`protected-${index}-capitalLimit`),
    ]),
    scheme('note'),
    id('source-title'),
    id('source-url'),
  ]);
  const years = councilTaxYearsFrom(todayIso());
  const [name, setName] = useState('');
  const [authority, setAuthority] = useState('');
  const [year, setYear] = useState(years[1]!.value);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const set = (field: keyof CouncilSchemeText) => (value: string) => setText((current) => ({ ...current, [field]: value }));
  const setYesNo =
    (field: 'earnings' | 'childMaintenance' | 'childBenefit' | 'capitalLimitIncluded' | 'ucIgnoredWithoutEarnings') => (value: string) =>
      setText((current) => ({ ...current, [field]: value === 'yes' }));
  const setDisregard = (key: keyof DisregardText) => (value: string) =>
    setText((current) => ({ ...current, disregard: { ...current.disregard, [key]: value } }));
  const setRule = (index: number, change: Partial<ProtectedRuleText>) =>
    setText((current) => ({
      ...current,
      protectedRules: current.protectedRules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)),
    }));
  const usesBands = text.reduction === 'BANDS' || text.protectedRules.some((rule) => rule.reduction === 'BANDS');
  const [filled, setFilled] = useState('');
  const fillFromHeld = async () => {
    const code = authority.trim().toUpperCase();
    if (!ENGLISH_COUNCIL.pattern.test(code)) return setFilled('Enter the council’s code first, such as E06000023.');
    try {
      const held = await loadCouncilScheme(code);
      const latest = held.years[0];
      if (!latest) return setFilled('We hold no scheme of its own for this council: fill in the form from the council’s scheme document.');
      setText(schemeTextOf(latest.scheme));
      if (!name.trim()) setName(held.name);
      setFilled(
        `Filled in from ${held.name}’s scheme for ${councilTaxYearWords(latest.year)}. Change what the new scheme changes, and give its document as the source.`,
      );
    } catch (error) {
      setFilled(
        error instanceof ApiRequestError && error.status === 404
          ? 'We hold no scheme of its own for this council: the default scheme applies there. Fill in the form from the council’s scheme document.'
          : 'The scheme we hold could not be loaded just now. Please try again.',
      );
    }
  };
  const read = councilSchemeOf(text);
  const textField = (field: keyof CouncilSchemeText, label: string, hint?: string) => (
    <TextField
      id={id(`scheme-${field}`)}
      label={label}
      hint={hint}
      error={problems.errorAt(id(`scheme-${field}`))}
      value={String(text[field])}
      onChange={set(field)}
      className="input--number"
      inputMode="text"
    />
  );
  return (
    <EditForm
      problems={problems}
      testId="ctr-scheme-edit-form"
      submitText="Add the scheme"
      onFailure={onFailure}
      check={() => {
        const found = councilProblems('ctr-scheme-edit', ENGLISH_COUNCIL, name, authority);
        if ('problems' in read) found.push(...read.problems.map(({ field, message }) => ({ targetId: id(`scheme-${field}`), message })));
        found.push(
          ...requiredSourceProblems(
            'ctr-scheme-edit',
            { title, url },
            { title: 'Enter the title of the council’s scheme document.', url: 'Enter the document’s address starting https://' },
          ),
        );
        return found;
      }}
      send={() =>
        onSubmit({
          kind: 'ctr-scheme',
          authority: authority.trim().toUpperCase(),
          name: name.trim(),
          year,
          scheme: 'scheme' in read ? read.scheme : {},
          source: { title: title.trim(), url: url.trim() },
        })
      }
    >
      <CouncilFields
        prefix="ctr-scheme-edit"
        code={ENGLISH_COUNCIL}
        name={name}
        authority={authority}
        onName={setName}
        onAuthority={setAuthority}
        errorAt={problems.errorAt}
      />
      <SelectField
        id={id('year')}
        label="Council tax year"
        error={problems.errorAt(id('year'))}
        value={year}
        onChange={setYear}
        options={years}
      />
      <div className="policy-fill">
        <p className="question__hint">
          A council that changes a little each year: fill the form in from the last scheme we hold for it, then change what the new scheme
          changes.
        </p>
        <button type="button" className="button button--secondary" onClick={() => void fillFromHeld()}>
          Fill in from the scheme we hold
        </button>
        <p role="status" className="policy-fill__status" data-testid="ctr-scheme-fill-status">
          {filled}
        </p>
      </div>
      {textField(
        'maximumSupport',
        'Most of the bill the scheme pays, as a percentage',
        'Such as 80 when working-age people pay at least 20%.',
      )}
      <SelectField
        id={id('scheme-bandCap')}
        label="Worked out on at most the bill of band"
        error={problems.errorAt(id('scheme-bandCap'))}
        value={text.bandCap}
        onChange={set('bandCap')}
        options={[
          { value: '', text: 'No band limit' },
          ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((band) => ({ value: band, text: `Band ${band}` })),
        ]}
      />
      <SelectField
        id={id('scheme-reduction')}
        label="How income lowers support"
        error={problems.errorAt(id('scheme-reduction'))}
        value={text.reduction}
        onChange={set('reduction')}
        options={[
          { value: 'TAPER', text: 'A taper: a share of income above the applicable amount is taken off' },
          { value: 'BANDS', text: 'Income bands: a share of the bill by income' },
        ]}
      />
      {text.reduction === 'TAPER' &&
        textField('taper', 'Share of income above the applicable amount taken off, as a percentage', 'Such as 20.')}
      {usesBands && (
        <>
          <SelectField
            id={id('scheme-bandPeriod')}
            label="The bands’ incomes are"
            value={text.bandPeriod}
            onChange={set('bandPeriod')}
            options={[
              { value: 'WEEK', text: 'A week' },
              { value: 'MONTH', text: 'A month' },
            ]}
          />
          <SelectField
            id={id('scheme-bandMeasure')}
            label="The bands are read against"
            value={text.bandMeasure}
            onChange={set('bandMeasure')}
            options={[
              { value: 'INCOME', text: 'The income counted' },
              { value: 'EXCESS_INCOME', text: 'The income counted above the applicable amount' },
            ]}
          />
        </>
      )}
      {text.reduction === 'BANDS' && (
        <BandTablesFields
          testId="band-table"
          idOf={(field) => id(`scheme-${field}`)}
          tables={text.tables}
          onChange={(tables) => setText((current) => ({ ...current, tables }))}
          errorAt={problems.errorAt}
        />
      )}
      {(text.reduction === 'TAPER' || text.bandMeasure === 'EXCESS_INCOME') && (
        <SelectField
          id={id('scheme-applicableAmount')}
          label="Income is compared with"
          value={text.applicableAmount}
          onChange={set('applicableAmount')}
          options={[
            { value: 'UC_MAXIMUM_AMOUNT', text: 'The Universal Credit maximum amount (all its elements)' },
            { value: 'UC_STANDARD_ALLOWANCE', text: 'The Universal Credit standard allowance alone' },
          ]}
        />
      )}
      <SelectField
        id={id('scheme-universalCredit')}
        label="The Universal Credit award counts as income"
        error={problems.errorAt(id('scheme-universalCredit'))}
        value={text.universalCredit}
        onChange={set('universalCredit')}
        options={[
          { value: 'IN_FULL', text: 'Yes, in full' },
          { value: 'LESS', text: 'Yes, less some of its elements' },
          { value: 'IGNORED', text: 'No, it is ignored' },
        ]}
      />
      {text.universalCredit === 'LESS' && (
        <fieldset className="policy-condition" data-testid="uc-less">
          <legend className="question__label">Elements taken off the award before it counts</legend>
          <p className="question__hint">The share of each taken off, as a percentage: 100 for all of it. Leave the others empty.</p>
          {UC_ELEMENT_CHOICES.map(({ value, text: name }) => (
            <TextField
              key={value}
              id={id(`scheme-ucLess-${value}`)}
              label={name}
              error={problems.errorAt(id(`scheme-ucLess-${value}`))}
              value={text.ucLess[value]}
              onChange={(typed) => setText((current) => ({ ...current, ucLess: { ...current.ucLess, [value]: typed } }))}
              className="input--number"
              inputMode="text"
            />
          ))}
        </fieldset>
      )}
      {text.universalCredit !== 'IGNORED' && (
        <SelectField
          id={id('scheme-ucIgnoredWithoutEarnings')}
          label="The award is ignored when nobody in the couple has earnings"
          value={text.ucIgnoredWithoutEarnings ? 'yes' : 'no'}
          onChange={setYesNo('ucIgnoredWithoutEarnings')}
          options={YES_NO}
        />
      )}
      <SelectField
        id={id('scheme-earnings')}
        label="Earnings after tax count as income"
        value={text.earnings ? 'yes' : 'no'}
        onChange={setYesNo('earnings')}
        options={YES_NO}
      />
      {text.earnings && (
        <fieldset className="policy-condition" data-testid="earnings-disregard">
          <legend className="question__label">Earnings ignored a week (optional)</legend>
          <p className="question__hint">
            In pounds, by who the claimant is: the highest that applies is used. Leave all of them empty if the scheme ignores none.
          </p>
          {(
            [
              ['single', 'A single person'],
              ['couple', 'A couple'],
              ['loneParent', 'A lone parent'],
              ['disabledOrCarer', 'A disabled person or a carer'],
              ['coupleWithChildren', 'A couple with children (only if the scheme sets it apart)'],
            ] as const
          ).map(([key, label]) => (
            <TextField
              key={key}
              id={id(`scheme-disregard-${key}`)}
              label={label}
              error={problems.errorAt(id(`scheme-disregard-${key}`))}
              value={text.disregard[key]}
              onChange={setDisregard(key)}
              className="input--number"
              inputMode="text"
            />
          ))}
        </fieldset>
      )}
      <SelectField
        id={id('scheme-otherIncome')}
        label="Other income (pensions, other benefits) counts"
        value={text.otherIncome}
        onChange={set('otherIncome')}
        options={[
          { value: 'ALL', text: 'Yes' },
          { value: 'SOME', text: 'Only some kinds' },
          { value: 'NONE', text: 'No' },
        ]}
      />
      {text.otherIncome === 'SOME' && (
        <CheckboxesField
          id={id('scheme-otherIncomeKinds')}
          legend="The kinds that count"
          error={problems.errorAt(id('scheme-otherIncomeKinds'))}
          options={OTHER_INCOME_CHOICES}
          chosen={text.otherIncomeKinds}
          onChange={(kinds) => setText((current) => ({ ...current, otherIncomeKinds: kinds as OtherIncomeChoice[] }))}
        />
      )}
      <SelectField
        id={id('scheme-childMaintenance')}
        label="Child maintenance counts"
        value={text.childMaintenance ? 'yes' : 'no'}
        onChange={setYesNo('childMaintenance')}
        options={YES_NO}
      />
      <SelectField
        id={id('scheme-childBenefit')}
        label="Child Benefit counts"
        value={text.childBenefit ? 'yes' : 'no'}
        onChange={setYesNo('childBenefit')}
        options={YES_NO}
      />
      {textField('capitalLimit', 'Savings limit, in pounds', 'Nothing is paid with more savings than this, such as 6,000.00.')}
      <SelectField
        id={id('scheme-capitalLimitIncluded')}
        label="Savings of exactly the limit"
        value={text.capitalLimitIncluded ? 'yes' : 'no'}
        onChange={setYesNo('capitalLimitIncluded')}
        options={[
          { value: 'no', text: 'Are allowed (nothing is paid only over the limit)' },
          { value: 'yes', text: 'Are too much (the limit or more)' },
        ]}
      />
      {text.universalCredit === 'IGNORED' && (
        <fieldset className="policy-condition" data-testid="tariff-income">
          <legend className="question__label">Savings counted as income (optional)</legend>
          <p className="question__hint">
            Where the award is ignored, some schemes assume a weekly income from savings: so much for each step of savings, or part of one,
            above an amount. Leave these empty if the scheme does not.
          </p>
          {textField('tariffFrom', 'Above savings of, in pounds', 'Such as 6,000.00.')}
          {textField('tariffStep', 'For each step of, in pounds', 'Such as 250.00.')}
          {textField('tariffWeekly', 'Income a week for each step, in pounds', 'Such as 1.00.')}
        </fieldset>
      )}
      {textField(
        'minimumAward',
        'Smallest award a week, in pounds (optional)',
        'Less than this is not paid. Leave it empty if the scheme has none.',
      )}
      <SelectField
        id={id('scheme-otherAdults')}
        label="Deductions for other adults who live there"
        error={problems.errorAt(id('scheme-otherAdults'))}
        value={text.otherAdults}
        onChange={set('otherAdults')}
        options={[
          { value: 'NOT_HELD', text: 'Not known yet: no amount is shown when another adult lives there' },
          { value: 'NONE', text: 'None' },
          { value: 'BY_WORK', text: 'By whether they work 16 hours a week or more' },
          { value: 'BY_INCOME', text: 'By their income, whether they work or not' },
        ]}
      />
      {text.otherAdults === 'BY_WORK' && (
        <>
          <TextAreaField
            id={id('scheme-inWork')}
            label="Deduction a week for an adult who works 16 hours or more, in pounds"
            hint="One amount, or one a line by their gross income a week, as the scheme’s table prints it: £0.00 £4.80, then £200.00 £11.00."
            error={problems.errorAt(id('scheme-inWork'))}
            value={text.inWork}
            onChange={set('inWork')}
            rows={3}
          />
          {textField('notInWork', 'Deduction a week for an adult who does not, in pounds')}
        </>
      )}
      {text.otherAdults === 'BY_INCOME' && (
        <TextAreaField
          id={id('scheme-byIncome')}
          label="Deductions a week by their gross income a week, one a line"
          hint="The income it starts at, then the deduction, as the scheme’s table prints it: £0.00 £4.80, then £200.00 £11.00."
          error={problems.errorAt(id('scheme-byIncome'))}
          value={text.byIncome}
          onChange={set('byIncome')}
          rows={4}
        />
      )}
      {(text.otherAdults === 'BY_WORK' || text.otherAdults === 'BY_INCOME') &&
        textField(
          'otherAdultMinimumAge',
          'No deduction for adults younger than (optional)',
          'The law’s age is 18: leave it empty unless the scheme says another.',
        )}
      <fieldset className="question policy-kinder-rules" data-testid="kinder-rules">
        <legend className="question__label">Kinder rules for some groups (optional)</legend>
        <p className="question__hint">
          Many schemes treat some people more kindly: disabled people, carers, families with young children. Add a rule for each, in the
          scheme’s order: the first whose group matches applies, and each figure it gives replaces the scheme’s.
        </p>
        {text.protectedRules.map((rule, index) => (
          <KinderRuleFields
            key={index}
            index={index}
            rule={rule}
            idOf={(field) => id(`scheme-protected-${index}-${field}`)}
            onChange={(change) => setRule(index, change)}
            onRemove={() => setText((current) => ({ ...current, protectedRules: current.protectedRules.filter((_, at) => at !== index) }))}
            errorAt={problems.errorAt}
          />
        ))}
        <button
          type="button"
          className="button button--secondary policy-form__add"
          onClick={() => setText((current) => ({ ...current, protectedRules: [...current.protectedRules, NEW_PROTECTED_RULE] }))}
        >
          Add a kinder rule
        </button>
      </fieldset>
      <TextAreaField
        id={id('scheme-note')}
        label="What the result should say about this scheme (optional)"
        hint="Plain words for the person: what the scheme has that the calculator does not apply."
        error={problems.errorAt(id('scheme-note'))}
        value={text.note}
        onChange={set('note')}
      />
      <SourceFields
        prefix="ctr-scheme-edit"
        hint="The council’s Council Tax Reduction (or Council Tax Support) scheme document for the year."
        title={title}
        url={url}
        onTitle={setTitle}
        onUrl={setUrl}
        errorAt={problems.errorAt}
      />
    </EditForm>
  );
}

/** Tables of income bands, each for a household and a number of children, with its bands one a line. */
function BandTablesFields({
  testId,
  idOf,
  tables,
  onChange,
  errorAt,
}: {
  testId: string;
  /** The id of a table's field: idOf('tables-0-bands'). */
  idOf: (field: string) => string;
  tables: BandTableText[];
  onChange: (tables: BandTableText[]) => void;
  errorAt: (id: string) => string | undefined;
}) {
  const setTable = (index: number, change: Partial<BandTableText>) =>
    onChange(tables.map((table, at) => (at === index ? { ...table, ...change } : table)));
  return (
    <>
      {tables.map((table, index) => (
        <fieldset key={index} className="policy-condition" data-testid={`${testId}-${index}`}>
          <legend className="question__label">Table {index + 1}</legend>
          <SelectField
            id={idOf(`tables-${index}-household`)}
            label="For"
            value={table.household}
            onChange={(value) => setTable(index, { household: value as BandTableText['household'] })}
            options={[
              { value: 'ANY', text: 'Anyone' },
              { value: 'SINGLE', text: 'Single people (lone parents too)' },
              { value: 'COUPLE', text: 'Couples' },
            ]}
          />
          <TextField
            id={idOf(`tables-${index}-children`)}
            label="With at least this many children"
            hint="0 for a table that applies without children. The table with the most children not above the household’s is used."
            error={errorAt(idOf(`tables-${index}-children`))}
            value={table.children}
            onChange={(value) => setTable(index, { children: value })}
            className="input--number"
            inputMode="numeric"
          />
          <TextAreaField
            id={idOf(`tables-${index}-bands`)}
            label="Bands, one a line: the income it starts at, then the share of the bill"
            hint="Such as £0.00 80% on the first line and £105.00 60% on the next; a line pasted from the scheme’s table (£105.00 - £170.99 60%) is read too."
            error={errorAt(idOf(`tables-${index}-bands`))}
            value={table.bands}
            onChange={(value) => setTable(index, { bands: value })}
            rows={5}
          />
          <button type="button" className="button button--secondary" onClick={() => onChange(tables.filter((_, at) => at !== index))}>
            Remove table {index + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary policy-form__add"
        onClick={() => onChange([...tables, { household: 'ANY', children: tables.length === 0 ? '0' : '1', bands: '' }])}
      >
        Add a table
      </button>
    </>
  );
}

/** One kinder rule of a council's scheme: the groups it is for, and the figures that differ for them. */
function KinderRuleFields({
  index,
  rule,
  idOf,
  onChange,
  onRemove,
  errorAt,
}: {
  index: number;
  rule: ProtectedRuleText;
  idOf: (field: string) => string;
  onChange: (change: Partial<ProtectedRuleText>) => void;
  onRemove: () => void;
  errorAt: (id: string) => string | undefined;
}) {
  const changesError = errorAt(idOf('changes'));
  const text = (field: 'maximumSupport' | 'taper' | 'capitalLimit', label: string, hint?: string) => (
    <TextField
      id={idOf(field)}
      label={label}
      hint={hint}
      error={errorAt(idOf(field))}
      value={rule[field]}
      onChange={(value) => onChange({ [field]: value })}
      className="input--number"
      inputMode="text"
    />
  );
  return (
    <fieldset className="policy-condition" data-testid={`kinder-rule-${index}`} id={idOf('changes')} tabIndex={-1}>
      <legend className="question__label">Kinder rule {index + 1}</legend>
      {changesError && (
        <p className="question__error">
          <span className="visually-hidden">Error: </span>
          {changesError}
        </p>
      )}
      <CheckboxesField
        id={idOf('groups')}
        legend="For households where"
        hint="Any of these."
        error={errorAt(idOf('groups'))}
        options={PROTECTED_GROUP_CHOICES}
        chosen={rule.groups}
        onChange={(groups) => onChange({ groups: groups as ProtectedRuleText['groups'] })}
      />
      <SelectField
        id={idOf('withoutEarnings')}
        label="Only when neither the claimant nor a partner has earnings"
        value={rule.withoutEarnings ? 'yes' : 'no'}
        onChange={(value) => onChange({ withoutEarnings: value === 'yes' })}
        options={[
          { value: 'no', text: 'No: whether they work or not' },
          { value: 'yes', text: 'Yes' },
        ]}
      />
      {text('maximumSupport', 'Most of the bill paid for them, as a percentage (optional)', 'Leave it empty to keep the scheme’s.')}
      <SelectField
        id={idOf('bandCap')}
        label="Band limit for them"
        value={rule.bandCap}
        onChange={(value) => onChange({ bandCap: value })}
        options={[
          { value: 'SAME', text: 'The scheme’s' },
          { value: '', text: 'No band limit' },
          ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((band) => ({ value: band, text: `Band ${band}` })),
        ]}
      />
      <SelectField
        id={idOf('reduction')}
        label="How income lowers their support"
        hint="Their bands are read a week or a month, against income or income above the applicable amount, as the scheme’s are."
        value={rule.reduction}
        onChange={(value) => onChange({ reduction: value as ProtectedRuleText['reduction'] })}
        options={[
          { value: 'SAME', text: 'As the scheme says' },
          { value: 'TAPER', text: 'A taper of their own' },
          { value: 'BANDS', text: 'Income bands of their own' },
        ]}
      />
      {rule.reduction === 'TAPER' && text('taper', 'Their taper, as a percentage', 'Such as 15.')}
      {rule.reduction === 'BANDS' && (
        <BandTablesFields
          testId={`kinder-rule-${index}-band-table`}
          idOf={idOf}
          tables={rule.tables}
          onChange={(tables) => onChange({ tables })}
          errorAt={errorAt}
        />
      )}
      {text('capitalLimit', 'Their savings limit, in pounds (optional)', 'Leave it empty to keep the scheme’s.')}
      <button type="button" className="button button--secondary" onClick={onRemove}>
        Remove kinder rule {index + 1}
      </button>
    </fieldset>
  );
}

/**
 * The rent areas (Broad Rental Market Areas) that cover a council's homes, confirmed by the official page that names
 * them (issue 30, point 3): what a household that gives its council but no area is worked out with.
 */
export function CouncilRentAreasForm({ onSubmit, onFailure }: FormProps) {
  const id = (field: string) => `lha-council-areas-edit-${field}`;
  const problems = useProblems('lha-council-areas-edit', [id('name'), id('authority'), id('areas'), id('source-title'), id('source-url')]);
  const [name, setName] = useState('');
  const [authority, setAuthority] = useState('');
  const [areas, setAreas] = useState('');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const areaList = () =>
    areas
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return (
    <EditForm
      problems={problems}
      testId="lha-council-areas-edit-form"
      submitText="Set the council’s areas"
      onFailure={onFailure}
      check={() => {
        const found = councilProblems('lha-council-areas-edit', ANY_COUNCIL, name, authority);
        const list = areaList();
        if (list.length === 0 || list.length > 10)
          found.push({ targetId: id('areas'), message: 'Enter 1 to 10 areas, one a line, the one covering most homes first.' });
        found.push(
          ...requiredSourceProblems(
            'lha-council-areas-edit',
            { title, url },
            { title: 'Enter the title of the page that names the council’s areas.', url: 'Enter the page’s address starting https://' },
          ),
        );
        return found;
      }}
      send={() =>
        onSubmit({
          kind: 'lha-council-areas',
          authority: authority.trim().toUpperCase(),
          name: name.trim(),
          areas: areaList(),
          source: { title: title.trim(), url: url.trim() },
        })
      }
    >
      <CouncilFields
        prefix="lha-council-areas-edit"
        code={ANY_COUNCIL}
        name={name}
        authority={authority}
        onName={setName}
        onAuthority={setAuthority}
        errorAt={problems.errorAt}
      />
      <TextAreaField
        id={id('areas')}
        label="Areas that cover the council’s homes, one a line"
        hint="As the rent officers write them, such as Teesside; the one covering most homes first. With more than one, a household that gives only its council is asked which."
        error={problems.errorAt(id('areas'))}
        value={areas}
        onChange={setAreas}
      />
      <SourceFields
        prefix="lha-council-areas-edit"
        hint="The council’s own Local Housing Allowance page, or the rent officers’ area map, that names the areas."
        title={title}
        url={url}
        onTitle={setTitle}
        onUrl={setUrl}
        errorAt={problems.errorAt}
      />
    </EditForm>
  );
}

/** The last date the rates held cover, moved on when a year’s values are added. */
export function RatesHeldForm({ onSubmit, onFailure }: FormProps) {
  const problems = useProblems('rates-held-edit', ['rates-held-edit-until']);
  const [until, setUntil] = useState('');
  return (
    <EditForm
      problems={problems}
      testId="rates-held-edit-form"
      submitText="Add the date"
      onFailure={onFailure}
      check={() => {
        const problem = dateProblemOf(until, 'the last date the rates cover');
        return problem ? [{ targetId: 'rates-held-edit-until', message: problem }] : [];
      }}
      send={() => onSubmit({ kind: 'rates-held', until: isoDateOf(until)! })}
    >
      <DateField
        id="rates-held-edit-until"
        label="Rates held until"
        hint="Give every parameter its value for the new year first, even where it does not change."
        error={problems.errorAt('rates-held-edit-until')}
        value={until}
        onChange={setUntil}
      />
    </EditForm>
  );
}

/** Any edit changed as the JSON the change set holds (its kind stays the same). */
export function JsonEditForm({
  prefix,
  initial,
  onSubmit,
  onFailure,
  onCancel,
}: FormProps & { prefix: string; initial: PolicyEdit; onCancel: () => void }) {
  const field = `${prefix}-json`;
  const problems = useProblems(prefix, [field]);
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  return (
    <EditForm
      problems={problems}
      testId={`${prefix}`}
      submitText="Save the change"
      onFailure={onFailure}
      onCancel={onCancel}
      check={() => {
        const read = readObject(text);
        if ('error' in read) return [{ targetId: field, message: read.error }];
        return read.value.kind === initial.kind
          ? []
          : [{ targetId: field, message: `Keep "kind": "${initial.kind}": add a new edit for another kind.` }];
      }}
      send={() => onSubmit((readObject(text) as { value: Record<string, unknown> }).value as unknown as PolicyEdit)}
    >
      <TextAreaField
        id={field}
        label="The edit, as JSON"
        error={problems.errorAt(field)}
        value={text}
        onChange={setText}
        rows={12}
        className="policy-textarea--code"
      />
    </EditForm>
  );
}

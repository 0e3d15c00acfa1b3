import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PARTNER_ID_PATTERN,
  PARTNER_LOGO_MAX_BYTES,
  PARTNER_MESSAGES,
  type PartnerProposal,
  type PartnersResponse,
} from '../../../common/partners/model';
import { CHROME_PARTS, type ChromePart, type PartnerDefinition } from '../../../common/site';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextField } from '../shared/TextField';
import { partners as loadPartners, proposePartner } from './account-api';
import { ApiRequestError } from '../api/client';
import { isErrorResponse } from '../../../common/errors';
import { categoryName, CHROME_PART_NAMES, plainProblem } from './partner-words';

const LINK_ROWS = 3;
const FIELD_IDS: Record<string, string> = {
  id: 'partner-id',
  name: 'partner-name',
  origins: 'partner-origins',
  logoPng: 'partner-logo',
  accentColour: 'partner-colour',
  checkboxIcon: 'partner-tick-colour',
  helpline: 'partner-phone',
  links: 'partner-link-0-text',
  hiddenInPortal: `partner-hide-${CHROME_PARTS[0]}`,
  benefits: 'partner-benefits',
  extraHelp: 'partner-extra-help',
};

interface Draft {
  id: string;
  name: string;
  origins: string;
  accentColour: string;
  tickColour: string;
  tickShape: 'square' | 'round';
  phoneNumber: string;
  openingHours: string;
  links: { text: string; url: string }[];
  hiddenInPortal: ChromePart[];
  benefits: string[];
  extraHelp: string[];
}

function draftOf(partner: PartnerDefinition | null): Draft {
  const links = partner?.links ?? [];
  return {
    id: partner?.id ?? '',
    name: partner?.name ?? '',
    origins: (partner?.origins ?? []).join('\n'),
    accentColour: partner?.accentColour ?? '',
    tickColour: partner?.checkboxIcon.colour ?? '',
    tickShape: partner?.checkboxIcon.shape ?? 'square',
    phoneNumber: partner?.helpline.phoneNumber ?? '',
    openingHours: partner?.helpline.openingHours ?? '',
    links: Array.from({ length: Math.max(LINK_ROWS, links.length) }, (_, index) => ({ ...(links[index] ?? { text: '', url: '' }) })),
    hiddenInPortal: [...(partner?.hiddenInPortal ?? [])],
    benefits: [...(partner?.benefits.hide ?? [])],
    extraHelp: [...(partner?.extraHelp.hide ?? [])],
  };
}

/** The file's bytes as base64, without the data: URL's prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const toggled = <T,>(values: T[], value: T, on: boolean) => (on ? [...values, value] : values.filter((one) => one !== value));

/**
 * A service administrator registers a partner, or changes one: the whole definition, checked by the API exactly as a
 * partner file is, with each problem linked to its field. Sent, it waits for a second administrator's approval.
 */
export function PartnerForm({ partnerId }: { partnerId: string | null }) {
  const [register, setRegister] = useState<PartnersResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [logo, setLogo] = useState<File | null>(null);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<PartnerProposal | null>(null);
  const inFlight = useRef(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    loadPartners()
      .then((answer) => {
        if (!current) return;
        setRegister(answer);
        const existing = partnerId ? (answer.partners.find((entry) => entry.definition.id === partnerId)?.definition ?? null) : null;
        setDraft(draftOf(existing));
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [partnerId]);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  if (failed) return <p role="alert">The partners could not be loaded. Please reload the page.</p>;
  if (!register) return <LoadingSpinner />;
  const existing = partnerId ? register.partners.find((entry) => entry.definition.id === partnerId) : undefined;
  if (partnerId && !existing) return <p role="alert">{PARTNER_MESSAGES.notFound}</p>;

  if (sent) {
    return (
      <div className="survey-card account-form">
        <h2 ref={sentHeading} tabIndex={-1}>
          Sent for approval
        </h2>
        <p>
          {sent.kind === 'register'
            ? `${sent.definition?.name} is saved, but it is not registered until a second service administrator approves it.`
            : `The change to ${sent.definition?.name} is saved, but it does not take effect until a second service administrator approves it.`}{' '}
          Ask one of them to open the partners page.
        </p>
      </div>
    );
  }

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((before) => ({ ...before, [field]: value }));

  function localProblems(): SummaryError[] {
    const found: SummaryError[] = [];
    if (!partnerId && !PARTNER_ID_PATTERN.test(draft.id.trim()))
      found.push({ targetId: FIELD_IDS.id, message: PARTNER_MESSAGES.idInvalid });
    if (!partnerId && !logo) found.push({ targetId: FIELD_IDS.logoPng, message: PARTNER_MESSAGES.logoRequired });
    if (logo && logo.size > PARTNER_LOGO_MAX_BYTES) found.push({ targetId: FIELD_IDS.logoPng, message: PARTNER_MESSAGES.logoTooLarge });
    if (logo && logo.type && logo.type !== 'image/png') found.push({ targetId: FIELD_IDS.logoPng, message: PARTNER_MESSAGES.logoNotPng });
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = localProblems();
    setAttempt((count) => count + 1);
    setProblems(found);
    if (found.length > 0) return;
    inFlight.current = true;
    try {
      const partner = {
        id: partnerId ?? draft.id.trim(),
        name: draft.name.trim(),
        checkboxIcon: { shape: draft.tickShape, colour: draft.tickColour.trim() },
        origins: draft.origins
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        hiddenInPortal: CHROME_PARTS.filter((part) => draft.hiddenInPortal.includes(part)),
        accentColour: draft.accentColour.trim(),
        helpline: { phoneNumber: draft.phoneNumber.trim(), openingHours: draft.openingHours.trim() },
        links: draft.links.map((link) => ({ text: link.text.trim(), url: link.url.trim() })).filter((link) => link.text || link.url),
        benefits: { hide: draft.benefits },
        extraHelp: { hide: draft.extraHelp },
      };
      setSent(await proposePartner({ partner, logoPng: logo ? await base64Of(logo) : null }));
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.errorBody : null;
      setProblems(
        isErrorResponse(body) && body.errors.length > 0
          ? body.errors.map(({ path, message }) => {
              const plain = plainProblem(path, message);
              const linkIndex = /^partner\.links\[(\d+)\]\.(text|url)/.exec(path);
              const targetId = linkIndex
                ? `partner-link-${linkIndex[1]}-${linkIndex[2]}`
                : path.endsWith('openingHours')
                  ? 'partner-hours'
                  : (FIELD_IDS[plain.field] ?? FIELD_IDS.name);
              return { targetId, message: plain.message };
            })
          : [
              {
                targetId: FIELD_IDS.name,
                message: isErrorResponse(body) ? body.message : 'Sorry, something went wrong. Please try again.',
              },
            ],
      );
      setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
    }
  }

  const errorOf = (fieldId: string) =>
    problems
      .filter((problem) => problem.targetId === fieldId)
      .map((problem) => problem.message)
      .join(' ') || undefined;
  const checkboxes = (
    legend: string,
    hint: string,
    idOf: (value: string) => string,
    options: { value: string; label: string }[],
    chosen: string[],
    onToggle: (value: string, on: boolean) => void,
    errorId: string,
  ) => (
    <fieldset className={`question question__fieldset${errorOf(errorId) ? ' question--invalid' : ''}`} aria-describedby={`${errorId}-hint`}>
      <legend className="question__label">{legend}</legend>
      <p className="question__hint" id={`${errorId}-hint`}>
        {hint}
      </p>
      {errorOf(errorId) && (
        <p className="question__error">
          <span className="visually-hidden">Error: </span>
          {errorOf(errorId)}
        </p>
      )}
      {options.map((option, index) => (
        <div className="checkboxes__item" key={option.value}>
          <input
            id={index === 0 ? errorId : idOf(option.value)}
            className="checkboxes__input"
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => onToggle(option.value, event.target.checked)}
          />
          <label className="checkboxes__label" htmlFor={index === 0 ? errorId : idOf(option.value)}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );

  return (
    <form
      className="survey-card account-form"
      onSubmit={submit}
      noValidate
      aria-label={partnerId ? 'Change a partner' : 'Register a partner'}
    >
      <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
      <p>
        A second service administrator must approve what you send before it takes effect. The checks are the same as for a partner file.
      </p>
      {!partnerId && (
        <TextField
          id={FIELD_IDS.id}
          label="Partner id"
          hint="What the partner’s web team puts in the script tag, like money_help: small letters, digits and underscores. It cannot be changed later."
          error={errorOf(FIELD_IDS.id)}
          value={draft.id}
          onChange={(value) => set('id', value)}
          autoComplete="off"
          autoCapitalize="none"
        />
      )}
      <TextField
        id={FIELD_IDS.name}
        label="Name"
        hint="The partner’s name, as their pages show it."
        error={errorOf(FIELD_IDS.name)}
        value={draft.name}
        onChange={(value) => set('name', value)}
        autoComplete="off"
      />
      <div className={`question${errorOf(FIELD_IDS.origins) ? ' question--invalid' : ''}`}>
        <label className="question__label" htmlFor={FIELD_IDS.origins}>
          Addresses of the partner’s pages
        </label>
        <p className="question__hint" id={`${FIELD_IDS.origins}-hint`}>
          The website addresses whose pages may show the calculator, one on each line, like https://www.partner.org.uk. Each must start with
          https:// and have nothing after the site’s name (no page, no slash at the end).
        </p>
        {errorOf(FIELD_IDS.origins) && (
          <p className="question__error" id={`${FIELD_IDS.origins}-error`}>
            <span className="visually-hidden">Error: </span>
            {errorOf(FIELD_IDS.origins)}
          </p>
        )}
        <textarea
          id={FIELD_IDS.origins}
          className="input textarea"
          rows={3}
          value={draft.origins}
          onChange={(event) => set('origins', event.target.value)}
          aria-describedby={`${FIELD_IDS.origins}-hint${errorOf(FIELD_IDS.origins) ? ` ${FIELD_IDS.origins}-error` : ''}`}
          aria-invalid={errorOf(FIELD_IDS.origins) ? true : undefined}
          spellCheck={false}
        />
      </div>
      <div className={`question${errorOf(FIELD_IDS.logoPng) ? ' question--invalid' : ''}`}>
        <label className="question__label" htmlFor={FIELD_IDS.logoPng}>
          Logo
        </label>
        <p className="question__hint" id={`${FIELD_IDS.logoPng}-hint`}>
          A PNG file smaller than {PARTNER_LOGO_MAX_BYTES / 1000} KB. It is shown 40 pixels high.
          {partnerId ? ' Leave this empty to keep the logo the partner has now.' : ''}
        </p>
        {errorOf(FIELD_IDS.logoPng) && (
          <p className="question__error" id={`${FIELD_IDS.logoPng}-error`}>
            <span className="visually-hidden">Error: </span>
            {errorOf(FIELD_IDS.logoPng)}
          </p>
        )}
        <input
          id={FIELD_IDS.logoPng}
          type="file"
          accept="image/png"
          className="file-input"
          onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
          aria-describedby={`${FIELD_IDS.logoPng}-hint${errorOf(FIELD_IDS.logoPng) ? ` ${FIELD_IDS.logoPng}-error` : ''}`}
          aria-invalid={errorOf(FIELD_IDS.logoPng) ? true : undefined}
        />
        {existing && !logo && (
          <p>
            <img
              className="partner-logo-preview"
              src={existing.definition.logo}
              alt={`${existing.definition.name}’s logo now`}
              height={40}
            />
          </p>
        )}
      </div>
      <TextField
        id={FIELD_IDS.accentColour}
        label="Colour"
        hint="The colour of the partner’s bar and buttons, as a colour code like #0b5394. White writing must be easy to read on it."
        error={errorOf(FIELD_IDS.accentColour)}
        value={draft.accentColour}
        onChange={(value) => set('accentColour', value)}
        autoComplete="off"
        autoCapitalize="none"
      />
      <TextField
        id={FIELD_IDS.checkboxIcon}
        label="Tick colour"
        hint="The colour of the ticks in the questions’ boxes, like #0b5394."
        error={errorOf(FIELD_IDS.checkboxIcon)}
        value={draft.tickColour}
        onChange={(value) => set('tickColour', value)}
        autoComplete="off"
        autoCapitalize="none"
      />
      <fieldset className="question question__fieldset">
        <legend className="question__label">Tick box shape</legend>
        {(['square', 'round'] as const).map((shape) => (
          <div className="radios__item" key={shape}>
            <input
              id={`partner-tick-shape-${shape}`}
              className="radios__input"
              type="radio"
              name="tick-shape"
              checked={draft.tickShape === shape}
              onChange={() => set('tickShape', shape)}
            />
            <label className="radios__label" htmlFor={`partner-tick-shape-${shape}`}>
              {shape === 'square' ? 'Square' : 'Round'}
            </label>
          </div>
        ))}
      </fieldset>
      <TextField
        id={FIELD_IDS.helpline}
        label="Helpline number"
        hint="The partner’s own helpline, shown on their pages in place of the charity’s."
        error={errorOf(FIELD_IDS.helpline)}
        value={draft.phoneNumber}
        onChange={(value) => set('phoneNumber', value)}
        type="tel"
        autoComplete="off"
      />
      <TextField
        id="partner-hours"
        label="Helpline opening hours"
        hint="Like Monday to Friday, 9am to 5pm."
        error={errorOf('partner-hours')}
        value={draft.openingHours}
        onChange={(value) => set('openingHours', value)}
        autoComplete="off"
      />
      <fieldset className="question question__fieldset">
        <legend className="question__label">Links to the partner’s own pages</legend>
        <p className="question__hint">
          Up to {LINK_ROWS}, shown in the partner’s bar. Each address must start with https://. Leave a row empty if not needed.
        </p>
        {draft.links.map((link, index) => (
          <div className="partner-form__link" key={index}>
            <TextField
              id={`partner-link-${index}-text`}
              label={`Link ${index + 1}: words`}
              error={errorOf(`partner-link-${index}-text`)}
              value={link.text}
              onChange={(value) =>
                set(
                  'links',
                  draft.links.map((one, at) => (at === index ? { ...one, text: value } : one)),
                )
              }
              autoComplete="off"
            />
            <TextField
              id={`partner-link-${index}-url`}
              label={`Link ${index + 1}: address`}
              error={errorOf(`partner-link-${index}-url`)}
              value={link.url}
              onChange={(value) =>
                set(
                  'links',
                  draft.links.map((one, at) => (at === index ? { ...one, url: value } : one)),
                )
              }
              type="url"
              autoComplete="off"
            />
          </div>
        ))}
      </fieldset>
      {checkboxes(
        'What the partner’s pages hide',
        'Parts of the calculator’s pages the partner’s site does not show.',
        (value) => `partner-hide-${value}`,
        CHROME_PARTS.map((part) => ({ value: part, label: CHROME_PART_NAMES[part] })),
        draft.hiddenInPortal,
        (value, on) => set('hiddenInPortal', toggled(draft.hiddenInPortal, value as ChromePart, on)),
        FIELD_IDS.hiddenInPortal,
      )}
      {checkboxes(
        'Benefits not shown',
        'Benefits the results on the partner’s pages leave out. Most partners leave out none.',
        (value) => `partner-benefit-${value}`,
        register.benefits.map((benefit) => ({ value: benefit.code, label: benefit.name })),
        draft.benefits,
        (value, on) => set('benefits', toggled(draft.benefits, value, on)),
        FIELD_IDS.benefits,
      )}
      {checkboxes(
        'Extra help not shown',
        'Kinds of extra help the partner’s pages leave out.',
        (value) => `partner-extra-help-${value}`,
        register.extraHelpCategories.map((category) => ({ value: category, label: categoryName(category) })),
        draft.extraHelp,
        (value, on) => set('extraHelp', toggled(draft.extraHelp, value, on)),
        FIELD_IDS.extraHelp,
      )}
      <div className="button-row">
        <button type="submit" className="button">
          Send for approval
        </button>
      </div>
    </form>
  );
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import { valueOn, type DatedParameter } from '../../../common/parameters/dated-parameter.js';
import type { PartnerDefinition, SiteConfig } from '../../../common/site.js';
import { resolveForPage } from '../../../common/rules/index.js';
import { cleanAnswerForDisplay, defaultAnswer, readAnswer } from '../../../common/survey/answers.js';
import {
  QUESTION_NAMES,
  QUESTION_TYPES,
  SURVEY_ACTIONS,
  type Answers,
  type PostcodeAnswer,
  type QuestionView,
  type SurveyPageResponse,
  type UkCountry,
} from '../../../common/survey/model.js';
import { runPrepared } from '../database/prepared-statement.js';
import { normalisePostcode } from '../../../common/survey/postcode.js';
import { validateAnswer } from '../../../common/survey/validation.js';
import type { AnalyticsEventName } from '../analytics/analytics-event.entity.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { ApiError } from '../errors/api-error.js';
import type { CouncilTaxAddressChoice } from '../lookup/council-tax-band-provider.js';
import { LookupUnavailableError } from '../lookup/lookup-unavailable.error.js';
import { LookupService } from '../lookup/lookup.service.js';
import { PortalPasses } from '../site/portal-pass.js';
import { SITE_CONFIG } from '../site/site.module.js';
import type { Caller } from '../verification/caller.js';
import { SessionAccessService } from '../verification/session-access.service.js';
import { adviserClientOf } from '../accounts/client-view.js';
import { CalculationSession } from './calculation-session.entity.js';
import { newCalculationReference } from './calculation-reference.js';
import { PostcodeAnswerChecker } from './postcode-answer-checker.js';
import { lhaAreaChoice, type LhaAreaChoice } from './lha-area-choice.js';
import { askedQuestion, countryOf } from './asked-question.js';
import { PostcodeBrmaLookup } from '../lookup/postcode-brma-lookup.js';
import { SurveyVersions } from './survey-versions.js';
import { ENTITLEMENT_ENGINE } from '../calculation/calculation.service.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { SurveySubmission } from './survey.dto.js';
import {
  answersBefore,
  answersOf,
  isOpen,
  nextApplicablePage,
  previousApplicablePage,
  progressOf,
  resumePage,
  shownQuestions,
  surveyState,
  surveyStateFrom,
  type CompiledPage,
  type CompiledSurvey,
  type RuleEnvironment,
  type SurveyState,
} from './survey-flow.js';

/** The questionnaire in force today (SurveyVersions): read `.current()` for each request, never kept. */
export const COMPILED_SURVEY = Symbol('COMPILED_SURVEY');

type PageEvent = { event: AnalyticsEventName; pageName: string };

/** What showing a page counts: a page view, and for an exit page that the household is not eligible. */
function shownEventsOf(page: CompiledPage): PageEvent[] {
  const pageName = page.definition.name;
  const shown: PageEvent[] = [{ event: 'page_view', pageName }];
  if (page.definition.isExitPage) shown.push({ event: 'complete - not eligible', pageName });
  return shown;
}

/**
 * Saves a page: $1 calculation, $2 answers (a JSON object by question name), $3 names of the answers it cleared,
 * $4 completed pages, $5 finished at, $6 partner, $7 analytics events (a JSON list of { event, page_name }).
 */
const SAVE_PAGE = `
  WITH saved AS (
    INSERT INTO survey_answers (session_id, question_name, value)
    SELECT $1, answer.key, answer.value FROM jsonb_each($2::jsonb) AS answer
    ON CONFLICT (session_id, question_name) DO UPDATE SET value = EXCLUDED.value, answered_at = now()
  ), removed AS (
    DELETE FROM survey_answers WHERE session_id = $1 AND question_name = ANY($3::text[])
  ), counted AS (
    INSERT INTO analytics_events (event, page_name, session_id, partner_id)
    SELECT event.event, event.page_name, $1, $6 FROM jsonb_to_recordset($7::jsonb) AS event(event text, page_name text)
  )
  UPDATE calculation_sessions SET completed_pages = $4, finished_at = $5, updated_at = now() WHERE id = $1`;
export const NATIONAL_LIVING_WAGE = Symbol('NATIONAL_LIVING_WAGE');

/** Calculations older than this are not opened or found again (they need a new calculation). */
export const CALCULATION_LIFETIME_MONTHS = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OpenCalculation {
  session: CalculationSession;
  answers: Answers;
  /**
   * The Broad Rental Market Area of the stored postcode answer, read with the calculation: `postcode` is that answer
   * normalised as PostgreSQL did it, which lhaAreaChoiceOf trusts only when normalisePostcode agrees. Null when the
   * calculation has no postcode answer.
   */
  postcodeArea: { postcode: string; brma: string | null } | null;
}

/** The columns of calculation_sessions that calculationOf reads. */
const CALCULATION_COLUMNS = `id, reference, created_at, updated_at, owner_browser_id, partner_id, referral, sub_category, pip_session_id,
  is_portal, is_test, completed_pages, finished_at, client_id, adviser_user_id, case_label, case_notes`;

/**
 * A calculation, its answers and the BRMA of its postcode answer in one statement, written out rather than built
 * by TypeORM's query builder on every request. The postcode is normalised as normalisePostcode does it (no spaces,
 * upper case, one space before the last three characters).
 */
const FIND_CALCULATION = `
  SELECT ${CALCULATION_COLUMNS},
         COALESCE((SELECT jsonb_object_agg(a.question_name, a.value) FROM survey_answers a WHERE a.session_id = calculation_sessions.id), '{}') AS answers,
         area.postcode AS area_postcode,
         (SELECT b.brma FROM postcode_brmas b WHERE b.postcode = area.postcode) AS area_brma
    FROM calculation_sessions
    LEFT JOIN LATERAL (
      SELECT left(compact, -3) || ' ' || right(compact, 3) AS postcode
        FROM survey_answers p,
             LATERAL (SELECT upper(regexp_replace(p.value->>'postcode', '\\s+', '', 'g')) AS compact) c
       WHERE p.session_id = calculation_sessions.id AND p.question_name = '${QUESTION_NAMES.clientPostcode}'
    ) area ON true
   WHERE calculation_sessions.id = $1`;

/** A new calculation, in one statement (TypeORM's save would wrap it in a transaction of its own: three). */
const START_CALCULATION = `
  INSERT INTO calculation_sessions (reference, owner_browser_id, partner_id, referral, sub_category, pip_session_id, is_portal, is_test)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  RETURNING ${CALCULATION_COLUMNS}, '{}'::jsonb AS answers, NULL AS area_postcode, NULL AS area_brma`;

interface CalculationRow {
  id: string;
  reference: string;
  created_at: Date;
  updated_at: Date;
  owner_browser_id: string | null;
  partner_id: string | null;
  referral: string | null;
  sub_category: string | null;
  pip_session_id: string | null;
  is_portal: boolean;
  is_test: boolean;
  completed_pages: string[];
  finished_at: Date | null;
  client_id: string | null;
  adviser_user_id: string | null;
  case_label: string;
  case_notes: string;
  answers: Answers;
  area_postcode: string | null;
  area_brma: string | null;
}

function calculationOf(row: CalculationRow): OpenCalculation {
  const session = Object.assign(new CalculationSession(), {
    id: row.id,
    reference: row.reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ownerBrowserId: row.owner_browser_id,
    partnerId: row.partner_id,
    referral: row.referral,
    subCategory: row.sub_category,
    pipSessionId: row.pip_session_id,
    isPortal: row.is_portal,
    isTest: row.is_test,
    completedPages: row.completed_pages,
    finishedAt: row.finished_at,
    clientId: row.client_id,
    adviserUserId: row.adviser_user_id,
    caseLabel: row.case_label,
    caseNotes: row.case_notes,
  });
  const postcodeArea = row.area_postcode === null ? null : { postcode: row.area_postcode, brma: row.area_brma };
  return { session, answers: row.answers, postcodeArea };
}

/**
 * The page flow. The server owns it: it starts the calculation, decides which pages apply,
 * re-checks every shown answer with the rules the browser used, and saves a page's answers in one transaction.
 */
@Injectable()
export class SurveyService {
  private readonly logger = new Logger('Survey');

  constructor(
    @Inject(COMPILED_SURVEY) private readonly surveyVersions: SurveyVersions,
    @Inject(NATIONAL_LIVING_WAGE) private readonly livingWage: DatedParameter,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: SessionAccessService,
    private readonly analytics: AnalyticsService,
    private readonly postcodes: PostcodeAnswerChecker,
    private readonly lookup: LookupService,
    private readonly brmas: PostcodeBrmaLookup,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly portalPasses: PortalPasses,
  ) {}

  /** The questionnaire in force today. */
  get compiled(): CompiledSurvey {
    return this.surveyVersions.current();
  }

  ruleEnvironment(): RuleEnvironment {
    const today = ukToday();
    return { today, nationalLivingWageHourlyPence: valueOn('national_living_wage', this.livingWage, today) };
  }

  /**
   * The rule environment of one calculation: with the Local Housing Allowance areas its home could be in. Give
   * `postcodeArea` of findCalculation when `answers` are the stored ones, to spare a look-up.
   */
  async environmentFor(answers: Answers, postcodeArea?: OpenCalculation['postcodeArea']): Promise<RuleEnvironment> {
    return { ...this.ruleEnvironment(), lhaAreaChoice: await this.lhaAreaChoiceOf(answers, postcodeArea) };
  }

  /** Which LHA areas the home could be in, from the postcode answer: the postcode lookup first, then the council. */
  async lhaAreaChoiceOf(answers: Answers, postcodeArea?: OpenCalculation['postcodeArea']): Promise<LhaAreaChoice | null> {
    const postcode = answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
    if (!postcode || postcode.option || !postcode.postcode) return lhaAreaChoice(this.engine.lha, postcode, null);
    const normal = normalisePostcode(postcode.postcode);
    const area = normal !== null && postcodeArea?.postcode === normal ? postcodeArea.brma : await this.brmas.areaOf(postcode.postcode);
    return lhaAreaChoice(this.engine.lha, postcode, area);
  }

  /**
   * A calculation that exists and is young enough to open, or null. However its id was spelled (upper case), the
   * calculation comes back as stored: use `session.id`, never the id as asked, for anything counted or named.
   */
  async findCalculation(sessionId: string): Promise<OpenCalculation | null> {
    if (!UUID.test(sessionId)) return null;
    const [row] = await runPrepared<CalculationRow>(this.dataSource, 'survey-find-calculation', FIND_CALCULATION, [
      sessionId.toLowerCase(),
    ]);
    if (!row) return null;
    const calculation = calculationOf(row);
    return isExpired(calculation.session) ? null : calculation;
  }

  /** GET /api/data/survey[/{page}[/{session}]]: the page asked for, or the furthest one open to the visitor. */
  async openPage(pageNumber: number | null, sessionId: string | null, caller: Caller): Promise<SurveyPageResponse> {
    if (!sessionId) {
      const environment = this.ruleEnvironment();
      const state = surveyState(this.compiled, {}, environment);
      await this.analytics.record(shownEventsOf(state.applicable[0]), { sessionId: null, partnerId: null });
      return this.respond(null, state, state.applicable[0], {}, environment);
    }
    const calculation = await this.findCalculation(sessionId);
    if (!calculation) return this.notFound(pageNumber);
    const { session, answers } = calculation;
    await this.access.ensureCanOpen(session, caller);
    const environment = await this.environmentFor(answers, calculation.postcodeArea);
    const state = surveyState(this.compiled, answers, environment);
    const page =
      pageNumber !== null && isOpen(state, session.completedPages, pageNumber)
        ? state.applicable.find((candidate) => candidate.number === pageNumber)!
        : resumePage(state, session.completedPages);
    await this.analytics.record(shownEventsOf(page), { sessionId: session.id, partnerId: session.partnerId });
    return this.respond(session, state, page, answers, environment, caller);
  }

  /** POST /api/data/bands/: the addresses at the calculation's postcode, or valid false when the look-up is down. */
  async findBands(sessionId: string, caller: Caller): Promise<{ valid: boolean; value: CouncilTaxAddressChoice[] }> {
    const calculation = await this.findCalculation(sessionId);
    if (!calculation) throw calculationNotFound();
    await this.access.ensureCanOpen(calculation.session, caller);
    const postcode = (calculation.answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined)?.postcode;
    if (!postcode) return { valid: true, value: [] };
    try {
      return { valid: true, value: await this.lookup.findAddresses(postcode) };
    } catch (error) {
      if (error instanceof LookupUnavailableError) return { valid: false, value: [] };
      throw error;
    }
  }

  /**
   * Whether the band question offers 'Look this up for me': only where addresses are loaded for the calculation's
   * postcode, so the look-up never ends in 'We could not find any addresses', and never in Scotland or
   * Northern Ireland (no bands). It tells the calculation's owner no more than the look-up itself would.
   */
  private async canLookUpBands(answers: Answers): Promise<boolean> {
    const postcode = answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
    if (!postcode?.postcode || postcode.option || postcode.country === 'Scotland' || postcode.country === 'Northern Ireland') return false;
    return this.lookup.hasAddresses(postcode.postcode);
  }

  /**
   * POST /api/data/survey/: saves one page's answers and answers with the page to show next. `fetchSite` is the
   * browser's Sec-Fetch-Site, which with the portal pass shows that a new calculation was started in the partner's
   * frame.
   */
  async submit(
    { fields, answers: posted }: SurveySubmission,
    caller: Caller,
    fetchSite: string | null = null,
  ): Promise<SurveyPageResponse> {
    const partnerId = this.portalPartnerOf(fields);
    const calculation = fields.session ? await this.findCalculation(fields.session) : null;
    if (fields.session && !calculation) throw calculationNotFound();
    const stored = calculation?.answers ?? {};
    if (calculation) await this.access.ensureCanOpen(calculation.session, caller);
    const environment = await this.environmentFor(stored, calculation?.postcodeArea);

    const page = this.compiled.pages[fields.page - 1];
    if (!page)
      throw new ApiError(400, 'UNKNOWN_PAGE', `There is no page ${fields.page}.`, [
        { path: 'page', message: `There is no page ${fields.page}.` },
      ]);
    if (!calculation && page.number !== 1) {
      throw new ApiError(
        400,
        'CALCULATION_REQUIRED',
        'Only the first page can start a calculation; send the session of the calculation for later pages.',
        [{ path: 'session', message: 'A calculation is needed for this page.' }],
      );
    }
    const before = surveyState(this.compiled, stored, environment, page.number);
    if (!isOpen(before, calculation?.session.completedPages ?? [], page.number)) {
      const resume = resumePage(before, calculation?.session.completedPages ?? []);
      throw new ApiError(409, 'PAGE_NOT_OPEN', `Page ${page.number} cannot be answered yet: page ${resume.number} comes first.`, [
        { path: 'page', message: `Page ${page.number} cannot be answered yet: page ${resume.number} comes first.` },
      ]);
    }
    if (page.definition.isExitPage) {
      throw new ApiError(409, 'EXIT_PAGE', 'This page ends the questionnaire; it has no answers to send.', [
        { path: 'page', message: 'This page has no answers to send.' },
      ]);
    }

    const isBack = fields.action === SURVEY_ACTIONS.back;
    const earlier = answersBefore(before, page.number);
    // The postcode is on an earlier page than any Council question (the definitions check insists).
    const country = countryOf(stored);
    const pageAnswers = this.readPostedAnswers(page, posted, environment, country);
    const shown = shownQuestions(page, earlier, pageAnswers, environment);
    const hidden = Object.keys(pageAnswers).filter((name) => !shown.has(name));
    if (!isBack && hidden.length > 0) {
      throw ApiError.validation(
        hidden.map((name) => ({ path: name, message: `${name} is not asked with the answers given, so it cannot be answered.` })),
      );
    }
    const toSave = Object.fromEntries(Object.entries(pageAnswers).filter(([name]) => shown.has(name)));
    if (!isBack) await this.validateShownAnswers(page, shown, { ...earlier, ...toSave }, toSave, environment, country);

    const finishing = fields.action === SURVEY_ACTIONS.finish || fields.action === SURVEY_ACTIONS.betterOff;
    const answers = { ...stored, ...toSave };
    if (!isBack) for (const name of shown) if (!(name in toSave)) delete answers[name];
    // A new postcode can change the Local Housing Allowance areas a later question offers.
    const afterEnvironment = QUESTION_NAMES.clientPostcode in toSave ? await this.environmentFor(answers) : environment;
    // Only this page's answers changed: the pages before it stand as `before` worked them out, unless a new postcode
    // changed the environment.
    const after =
      afterEnvironment === environment
        ? surveyStateFrom(this.compiled, before, page.number, answers, environment)
        : surveyState(this.compiled, answers, afterEnvironment);
    const completedPages = isBack
      ? (calculation?.session.completedPages ?? [])
      : [...new Set([...(calculation?.session.completedPages ?? []), page.definition.name])];
    const unfinished = after.applicable.find((candidate) => !completedPages.includes(candidate.definition.name));

    const session =
      calculation?.session ??
      (await this.startCalculation(
        fields,
        partnerId,
        this.isPortalCalculation(fields, partnerId, fetchSite),
        ownerOfNewCalculationOrThrow(caller),
      ));
    if (!isBack) {
      session.completedPages = completedPages;
      if (finishing && !unfinished) session.finishedAt = new Date();
    }
    const passed: PageEvent[] = isBack ? [] : [{ event: 'form_valid', pageName: page.definition.name }];
    // The page's answers are saved either way; the results need every page that applies.
    const incomplete = finishing && unfinished !== undefined;
    const next = isBack
      ? (previousApplicablePage(after, page.number) ?? page)
      : finishing
        ? page
        : (nextApplicablePage(after, page.number) ?? page);
    // The analytics events go in the page's own statement: a page shown is counted where it is saved.
    const events = incomplete ? passed : [...passed, ...shownEventsOf(next)];
    await this.savePage(session, toSave, isBack ? [] : [...shown].filter((name) => !(name in toSave)), events);
    if (incomplete) {
      throw new ApiError(409, 'SURVEY_INCOMPLETE', `Page ${unfinished.number} still needs answers before the results.`, [
        { path: 'page', message: `Page ${unfinished.number} still needs answers.` },
      ]);
    }
    return this.respond(session, after, next, answers, afterEnvironment, caller);
  }

  /** Every posted answer must belong to a question of the page and have its type's shape; nothing is saved otherwise. */
  private readPostedAnswers(
    page: CompiledPage,
    posted: Record<string, unknown>,
    environment: RuleEnvironment,
    country: UkCountry | '',
  ): Answers {
    const questions = new Map(
      page.questions.map((question) => [question.definition.name, askedQuestion(question.definition, environment, country)]),
    );
    const answers: Answers = {};
    const problems: { path: string; message: string }[] = [];
    for (const [name, raw] of Object.entries(posted)) {
      const question = questions.get(name);
      if (!question) {
        problems.push({ path: name, message: `There is no question called ${name} on page ${page.number}.` });
        continue;
      }
      if (question.questionType === 'Label') continue;
      const read = readAnswer(question, raw);
      if (read.ok) answers[name] = read.value;
      else problems.push({ path: name, message: read.message });
    }
    if (problems.length > 0) throw ApiError.validation(problems);
    return answers;
  }

  /** The browser's checks again, with the same messages, and the postcode against the lookup. */
  private async validateShownAnswers(
    page: CompiledPage,
    shown: Set<string>,
    answers: Answers,
    pageAnswers: Answers,
    environment: RuleEnvironment,
    country: UkCountry | '',
  ): Promise<void> {
    const { today } = environment;
    const problems: { path: string; message: string }[] = [];
    for (const question of page.questions) {
      const definition = askedQuestion(question.definition, environment, country);
      if (!shown.has(definition.name) || definition.questionType === 'Label') continue;
      const value = pageAnswers[definition.name] ?? null;
      const message =
        validateAnswer(definition, value, { answers, today }) ||
        (definition.questionType === 'Postcode' && value ? await this.postcodes.problemWith(definition, value as PostcodeAnswer) : '');
      if (message) problems.push({ path: definition.name, message });
    }
    if (problems.length > 0) throw ApiError.validation(problems);
  }

  /**
   * The partner a post names, when it is one of `definitions/partners/` (otherwise null: an unknown `id` only loses
   * its attribution). `portal: true` needs a partner of ours: a portal calculation is kept for the partner's frame
   * (its grant cookie is sent there), so nobody may claim one for a site that is not a partner.
   */
  private portalPartnerOf(fields: SurveySubmission['fields']): string | null {
    const partnerId = fields.partner && Object.hasOwn(this.site.partners, fields.partner) ? fields.partner : null;
    if (fields.portal === true && partnerId === null) {
      const message = fields.partner
        ? 'partner is not one of the calculator’s partners, so portal cannot be true.'
        : 'portal can be true only with the partner id of one of the calculator’s partners.';
      throw new ApiError(400, 'UNKNOWN_PARTNER', message, [{ path: 'partner', message }]);
    }
    return partnerId;
  }

  /**
   * Whether a calculation started now is the partner's portal's: only when it came through the partner's frame, shown
   * by the portal pass the page server gave that frame and the browser's Sec-Fetch-Site (PortalPasses). Otherwise
   * (a script naming the partner, or a pass lapsed) it is started as an ordinary visit from the partner: it works
   * the same, keeps the partner for attribution, and is not counted as the portal's.
   */
  private isPortalCalculation(fields: SurveySubmission['fields'], partnerId: string | null, fetchSite: string | null): boolean {
    if (fields.portal !== true || partnerId === null) return false;
    if (this.portalPasses.isCredited(partnerId, fields.portalPass, fetchSite)) return true;
    this.logger.log(
      `a calculation naming the ${partnerId} portal was started as an ordinary visit: it did not come through the portal's frame`,
    );
    return false;
  }

  private async startCalculation(
    fields: SurveySubmission['fields'],
    partnerId: string | null,
    isPortal: boolean,
    ownerBrowserId: string,
  ): Promise<CalculationSession> {
    // A clash of two random references is unlikely; on one, another reference is drawn.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const [row] = await this.dataSource.query<CalculationRow[]>(START_CALCULATION, [
          newCalculationReference(),
          ownerBrowserId,
          partnerId,
          fields.referral ?? null,
          fields.subCategory ?? null,
          fields.pipSessionId ?? null,
          isPortal,
          fields.test === true,
        ]);
        return calculationOf(row).session;
      } catch (error) {
        if (attempt >= 3 || !String((error as { constraint?: string }).constraint ?? '').includes('reference')) throw error;
      }
    }
  }

  /**
   * A page's answers, the answers it cleared, the calculation's progress and the page's analytics events, in one
   * statement: one transaction, one round trip.
   */
  private async savePage(session: CalculationSession, answers: Answers, cleared: string[], events: PageEvent[]): Promise<void> {
    await runPrepared(this.dataSource, 'survey-save-page', SAVE_PAGE, [
      session.id,
      JSON.stringify(answers),
      cleared,
      session.completedPages,
      session.finishedAt,
      session.partnerId,
      JSON.stringify(events.map(({ event, pageName }) => ({ event, page_name: pageName }))),
    ]);
  }

  private notFound(pageNumber: number | null): SurveyPageResponse {
    return {
      ...this.chrome(null),
      isValid: false,
      pageNumber: pageNumber ?? 1,
      session: null,
      token: null,
      isIntermediary: false,
      client: null,
      hasPostcode: false,
      page: null,
    };
  }

  /** The partner whose portal the calculation was started in, or null (not in a portal, or a partner since removed). */
  portalPartner(session: CalculationSession | null): PartnerDefinition | null {
    if (!session?.isPortal || !session.partnerId || !Object.hasOwn(this.site.partners, session.partnerId)) return null;
    return this.site.partners[session.partnerId];
  }

  /** A partner's portal may hide the helpline and the chat (definitions/partners). */
  chrome(session: CalculationSession | null): Pick<SurveyPageResponse, 'showHelpline' | 'showWebchat'> {
    const hidden = this.portalPartner(session)?.hiddenInPortal ?? [];
    return { showHelpline: !hidden.includes('helpline'), showWebchat: this.site.chatScriptUrl !== null && !hidden.includes('chat') };
  }

  /** The answer of GET and POST: the page to show, as the browser renders it. Its analytics events are the caller's to store. */
  private async respond(
    session: CalculationSession | null,
    state: SurveyState,
    page: CompiledPage,
    answers: Answers,
    environment: RuleEnvironment,
    caller?: Caller,
  ): Promise<SurveyPageResponse> {
    const shown = state.pages[page.number - 1].shown;
    // Rules arrive with earlier pages' answers worked in, so the browser can re-evaluate them as the person answers.
    const ruleContext = { answers: answersBefore(state, page.number), ...environment };
    const pageQuestions = new Set(page.questions.map((question) => question.definition.name));
    const pageAnswers = answersOf(page, answers);
    const country = countryOf(answers);
    const bandLookup =
      page.questions.some((question) => question.definition.questionType === 'Council') && (await this.canLookUpBands(answers));
    const questionView = (question: CompiledPage['questions'][number]): QuestionView => {
      const asked = askedQuestion(question.definition, environment, country);
      const { questionType, ...definition } = asked;
      const stored = pageAnswers[definition.name];
      return {
        ...definition,
        questionType: QUESTION_TYPES[questionType],
        answer: { value: cleanAnswerForDisplay(asked, stored === undefined ? defaultAnswer(asked) : stored) },
        showHide: definition.showHide ?? '',
        originalShowHide: definition.showHide ?? '',
        parseShowHide: question.rule ? resolveForPage(question.rule, ruleContext, pageQuestions) : null,
        show: shown.has(definition.name),
        valid: true,
        error: '',
        ...(questionType === 'Council' ? { country, bandLookup } : {}),
      };
    };
    const fields = page.definition.fields.map((group) => {
      const questions = group.questions.map((definition) =>
        questionView(page.questions.find((question) => question.definition === definition)!),
      );
      return { show: questions.some((question) => question.show), questions };
    });
    const client = await adviserClientOf(this.dataSource, session?.clientId ?? null, caller?.account, oldestOpenCalculation());
    return {
      ...this.chrome(session),
      isValid: true,
      pageNumber: page.number,
      session: session?.id ?? null,
      token: session?.reference ?? null,
      isIntermediary: client !== null,
      client,
      hasPostcode: hasPostcode(answers),
      page: {
        name: page.definition.name,
        title: page.definition.title,
        text: page.definition.text ?? '',
        headerType: page.definition.headerType,
        progress: progressOf(state, page.number),
        isExitPage: page.definition.isExitPage === true,
        showHide: page.definition.showHide ?? '',
        fields,
      },
    };
  }
}

/** Every calculation has an owner from its first moment: the browser that starts it. Without its id, a clear 400. */
function ownerOfNewCalculationOrThrow(caller: Caller): string {
  if (caller.browserId === null) {
    throw new ApiError(
      400,
      'BROWSER_ID_REQUIRED',
      'A new calculation needs the id of the browser starting it (browserId, as the web app sends it).',
      [{ path: 'browserId', message: 'browserId is required to start a calculation.' }],
    );
  }
  return caller.browserId;
}

export function calculationNotFound(): ApiError {
  return new ApiError(
    404,
    'CALCULATION_NOT_FOUND',
    'This calculation was not found. Calculations older than 6 months need a new calculation.',
    [{ path: 'session', message: 'This calculation was not found.' }],
  );
}

export function hasPostcode(answers: Answers): boolean {
  const postcode = answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
  return Boolean(postcode?.postcode);
}

/** The creation time of the oldest calculation that can still be opened or listed. */
export function oldestOpenCalculation(): Date {
  const oldest = new Date();
  oldest.setMonth(oldest.getMonth() - CALCULATION_LIFETIME_MONTHS);
  return oldest;
}

function isExpired(session: CalculationSession): boolean {
  return session.createdAt < oldestOpenCalculation();
}

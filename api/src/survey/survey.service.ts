import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
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
import { validateAnswer } from '../../../common/survey/validation.js';
import type { AnalyticsEventName } from '../analytics/analytics-event.entity.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { ApiError } from '../errors/api-error.js';
import type { CouncilTaxAddressChoice } from '../lookup/council-tax-band-provider.js';
import { LookupUnavailableError } from '../lookup/lookup-unavailable.error.js';
import { LookupService } from '../lookup/lookup.service.js';
import { PortalPasses } from '../site/portal-pass.js';
import { SITE_CONFIG } from '../site/site.module.js';
import type { Caller } from '../access/caller.js';
import { SessionAccessService } from '../calculations/session-access.service.js';
import { adviserClientOf } from '../accounts/client-view.js';
import type { CalculationSession } from '../calculations/calculation-session.entity.js';
import { calculationNotFound, CalculationsRepository, oldestOpenCalculation } from '../calculations/calculations.repository.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { PostcodeAnswerChecker } from './postcode-answer-checker.js';
import { askedQuestion, countryOf } from '../questionnaire/asked-question.js';
import type { SurveySubmission } from './survey.dto.js';
import {
  answersBefore,
  answersOf,
  isOpen,
  nextApplicablePage,
  previousApplicablePage,
  progressOf,
  resumePage,
  shownQuestionsIn,
  surveyState,
  surveyStateFrom,
  type CompiledPage,
  type CompiledSurvey,
  type RuleEnvironment,
  type SurveyState,
} from '../questionnaire/survey-flow.js';

type PageEvent = { event: AnalyticsEventName; pageName: string };

/** A page is worked out again on the saved answers this many times at most when other saves keep coming first. */
const SAVE_ATTEMPTS = 3;
const CALCULATION_CHANGED =
  'This calculation is being changed in another tab or window at the same time. Reload the page to see its latest answers.';

/**
 * The state a saved page left each recent calculation in, to stand as the next page's state before: the same as
 * working it out again while the calculation's version (which every change to it moves on), the questionnaire in
 * force and the rule environment (the date, the rates, the rent areas) are the same. As many and as long as the
 * calculations the repository keeps.
 */
class StatesAfterSaving {
  private readonly states = new LRUCache<string, { version: number; survey: CompiledSurvey; environment: string; state: SurveyState }>({
    max: 2_000,
    ttl: 10 * 60_000,
  });

  keep(session: CalculationSession, survey: CompiledSurvey, environment: RuleEnvironment, state: SurveyState): void {
    this.states.set(session.id, { version: session.version, survey, environment: JSON.stringify(environment), state });
  }

  /** The state kept for this calculation as it is now, or null. */
  of(session: CalculationSession, survey: CompiledSurvey, environment: RuleEnvironment): SurveyState | null {
    const kept = this.states.get(session.id);
    if (!kept || kept.version !== session.version || kept.survey !== survey) return null;
    return kept.environment === JSON.stringify(environment) ? kept.state : null;
  }
}

/** What showing a page counts: a page view, and for an exit page that the household is not eligible. */
function shownEventsOf(page: CompiledPage): PageEvent[] {
  const pageName = page.definition.name;
  const shown: PageEvent[] = [{ event: 'page_view', pageName }];
  if (page.definition.isExitPage) shown.push({ event: 'complete - not eligible', pageName });
  return shown;
}

/**
 * The page flow. The server owns it: it starts the calculation, decides which pages apply,
 * re-checks every shown answer with the rules the browser used, and saves a page's answers in one transaction.
 */
@Injectable()
export class SurveyService {
  private readonly logger = new Logger('Survey');
  private readonly statesAfterSaving = new StatesAfterSaving();

  constructor(
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: RulesInForce,
    private readonly calculations: CalculationsRepository,
    private readonly access: SessionAccessService,
    private readonly analytics: AnalyticsService,
    private readonly postcodes: PostcodeAnswerChecker,
    private readonly lookup: LookupService,
    private readonly portalPasses: PortalPasses,
  ) {}

  /** The questionnaire in force today. */
  get compiled(): CompiledSurvey {
    return this.rules.survey;
  }

  /** GET /api/data/survey[/{page}[/{session}]]: the page asked for, or the furthest one open to the visitor. */
  async openPage(pageNumber: number | null, sessionId: string | null, caller: Caller): Promise<SurveyPageResponse> {
    if (!sessionId) {
      const environment = this.rules.ruleEnvironment();
      const state = surveyState(this.compiled, {}, environment);
      await this.analytics.record(shownEventsOf(state.applicable[0]), { sessionId: null, partnerId: null });
      return this.respond(null, state, state.applicable[0], {}, environment);
    }
    const calculation = await this.calculations.find(sessionId);
    if (!calculation) return this.notFound(pageNumber);
    const { session, answers } = calculation;
    await this.access.ensureCanOpen(session, caller);
    const environment = await this.rules.environmentFor(answers, calculation.postcodeArea);
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
    const calculation = await this.calculations.find(sessionId);
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
  async submit(submission: SurveySubmission, caller: Caller, fetchSite: string | null = null, attempt = 1): Promise<SurveyPageResponse> {
    const { fields, answers: posted } = submission;
    const partnerId = this.portalPartnerOf(fields);
    // A later try reads what is saved now; the first may use this server's copy, which the save's version check
    // refuses if anything changed the calculation since.
    const calculation = fields.session ? await this.calculations.findToSave(fields.session, { fresh: attempt > 1 }) : null;
    if (fields.session && !calculation) throw calculationNotFound();
    const stored = calculation?.answers ?? {};
    if (calculation) await this.access.ensureCanOpen(calculation.session, caller);
    const environment = await this.rules.environmentFor(stored, calculation?.postcodeArea);

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
    // The state the last page saved left, when nothing has changed since; else worked out through this page.
    const before =
      (calculation && this.statesAfterSaving.of(calculation.session, this.compiled, environment)) ??
      surveyState(this.compiled, stored, environment, page.number);
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
    // The postcode is on an earlier page than any Council question (the definitions check insists).
    const country = countryOf(stored);
    const pageAnswers = this.readPostedAnswers(page, posted, environment, country);
    // The answers before the page, and then its shown answers too: what its checks may read.
    const visible = answersBefore(before, page.number);
    const shown = shownQuestionsIn(page, visible, pageAnswers, environment);
    const hidden = Object.keys(pageAnswers).filter((name) => !shown.has(name));
    if (!isBack && hidden.length > 0) {
      throw ApiError.validation(
        hidden.map((name) => ({ path: name, message: `${name} is not asked with the answers given, so it cannot be answered.` })),
      );
    }
    const toSave = Object.fromEntries(Object.entries(pageAnswers).filter(([name]) => shown.has(name)));
    if (!isBack) await this.validateShownAnswers(page, shown, visible, toSave, environment, country);

    const finishing = fields.action === SURVEY_ACTIONS.finish || fields.action === SURVEY_ACTIONS.betterOff;
    const answers = { ...stored, ...toSave };
    if (!isBack) for (const name of shown) if (!(name in toSave)) delete answers[name];
    // A new postcode can change the Local Housing Allowance areas a later question offers.
    const afterEnvironment = QUESTION_NAMES.clientPostcode in toSave ? await this.rules.environmentFor(answers) : environment;
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
      (await this.calculations.start({
        ownerBrowserId: ownerOfNewCalculationOrThrow(caller),
        partnerId,
        referral: fields.referral ?? null,
        subCategory: fields.subCategory ?? null,
        pipSessionId: fields.pipSessionId ?? null,
        isPortal: this.isPortalCalculation(fields, partnerId, fetchSite),
        isTest: fields.test === true,
      }));
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
    const saved = await this.calculations.savePage(
      { session, answers: stored, postcodeArea: calculation?.postcodeArea ?? null },
      toSave,
      isBack ? [] : [...shown].filter((name) => !(name in toSave)),
      events,
    );
    if (!saved) {
      // Another tab saved a page of this calculation since it was read: work this page out again on what is saved now,
      // so neither tab's answers or progress is lost.
      if (attempt < SAVE_ATTEMPTS) return this.submit(submission, caller, fetchSite, attempt + 1);
      throw new ApiError(409, 'CALCULATION_CHANGED', CALCULATION_CHANGED, [{ path: 'session', message: CALCULATION_CHANGED }]);
    }
    this.statesAfterSaving.keep(session, this.compiled, afterEnvironment, after);
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
      canSeeResults: false,
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
      canSeeResults:
        session?.finishedAt != null && state.applicable.every((applies) => session.completedPages.includes(applies.definition.name)),
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

export function hasPostcode(answers: Answers): boolean {
  const postcode = answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
  return Boolean(postcode?.postcode);
}

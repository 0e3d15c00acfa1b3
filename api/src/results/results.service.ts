import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import {
  applyChanges,
  betterOff,
  CircumstanceChangeError,
  type BetterOffComparison,
  type CircumstanceChange,
} from '../../../engine/better-off.js';
import {
  CalculationOutOfRangeError,
  type CalculateOptions,
  type Entitlements,
  toContractResponse,
} from '../../../engine/core/entitlement-engine.js';
import { lastRatesHeldOf } from '../../../common/result/last-rates-held.js';
import type { CalculationResult } from '../../../engine/core/calculation-result.js';
import type { Explanations } from '../../../engine/core/explanations.js';
import type { Household } from '../../../engine/household.js';
import { withPartnerSwitches } from './partner-switches.js';
import {
  councilTaxReductionNotAwardedOf,
  eligibilityOf,
  extraHelpOf,
  housingAllowanceOf,
  housingCostsOf,
  resultBenefits,
  resultVariables,
  type BenefitGuide,
} from './from-calculation.js';
import { rightToResideNotice } from './right-to-reside.js';
import {
  BETTER_OFF_PARTNER,
  FEEDBACK_COMMENT_MAX_LENGTH,
  RESULT_SECTIONS,
  type ResultHousingAllowance,
  type ResultMessage,
  type ResultModel,
  type TestingData,
} from '../../../common/result/model.js';
import { toXml } from './xml.js';
import { readAnswer } from '../../../common/survey/answers.js';
import { LHA_AREA_QUESTION, type HouseholdMappingError } from '../../../engine/household-mapping/household-mapping.js';
import type { Answers } from '../../../common/survey/model.js';
import { validateAnswer } from '../../../common/survey/validation.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { ApiError } from '../errors/api-error.js';
import { shownQuestions, type CompiledPage, type CompiledSurvey } from '../questionnaire/survey-flow.js';
import { SurveyService } from '../survey/survey.service.js';
import {
  calculationNotFound,
  CalculationsRepository,
  oldestOpenCalculation,
  type OpenCalculation,
} from '../calculations/calculations.repository.js';
import { CalculationsService } from '../calculations/calculations.service.js';
import { readHousehold } from '../calculations/household-of.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { adviserClientOf } from '../accounts/client-view.js';
import { AccessGrantsService } from '../access/access-grants.service.js';
import type { Caller } from '../access/caller.js';
import { answerCategories, betterOffCategory } from '../calculations/answer-review.js';
import { BETTER_OFF_PREFIX, betterOffAnswersOf, changesFrom } from './better-off-questions.js';
import { ResultFeedback } from './result-feedback.entity.js';

export const BENEFIT_GUIDE = Symbol('BENEFIT_GUIDE');
export const BETTER_OFF_PAGE = Symbol('BETTER_OFF_PAGE');
export const BETTER_OFF_SENTENCES = Symbol('BETTER_OFF_SENTENCES');

export interface ResultOptions {
  /** The page asks for test mode: the testing data comes only to a browser in verified test mode. */
  test?: boolean;
}

/** An adviser reads a result through their account, not a browser: no browser id, no grants, so no test mode. */
/**
 * A visitor's results after the last date the rates held cover use the last rates held, marked, rather than stop
 * (issue 30); a date more than a year after still answers 503 RATES_NOT_HELD.
 */
const LAST_RATES_HELD: CalculateOptions = { afterRatesHeld: 'last-rates-held' };

const NO_BROWSER: Caller = { browserId: null, cookies: {}, address: 'adviser' };

type OpenedCalculation = Pick<OpenCalculation, 'session' | 'answers'>;

/**
 * Whether a calculation has results: 'not-finished' until its questionnaire is finished (the finish action with every
 * page that applies answered), 'needs-answers' when a stored answer no longer holds with today's questions or a
 * question that now applies is unanswered (the results page then asks for them), otherwise 'ready'.
 */
export type ResultsReadiness = 'not-finished' | 'needs-answers' | 'ready';

/**
 * The results of a calculation: the stored answers are read again with today's definitions,
 * mapped to the household and worked out by the entitlement engine on today's date, so a result always uses
 * the rules and rates in force. Nothing is cached: the answers are the record.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly rules: RulesInForce,
    @Inject(BENEFIT_GUIDE) private readonly guide: BenefitGuide,
    @Inject(BETTER_OFF_PAGE) readonly betterOffPage: CompiledPage,
    @Inject(BETTER_OFF_SENTENCES) private readonly sentences: Explanations,
    @InjectRepository(ResultFeedback) private readonly feedback: Repository<ResultFeedback>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly surveys: SurveyService,
    private readonly calculations: CalculationsService,
    private readonly stored: CalculationsRepository,
    private readonly grants: AccessGrantsService,
    private readonly analytics: AnalyticsService,
  ) {}

  /** The questionnaire in force today. */
  private get survey(): CompiledSurvey {
    return this.rules.survey;
  }

  /** The engine in force (the rules versions). */
  private get engine(): Entitlements {
    return this.rules.engine;
  }

  /** A calculation the caller may open: 404 when there is none (or it is too old), 403 when another browser owns it. */
  private open(sessionId: string, caller: Caller): Promise<OpenedCalculation> {
    return this.calculations.open(sessionId, caller);
  }

  /** GET /api/data/result/: the result model of a calculation. */
  async resultFor(sessionId: string, caller: Caller, options: ResultOptions = {}): Promise<ResultModel> {
    const calculation = await this.open(sessionId, caller);
    return this.build(calculation, caller, options);
  }

  /**
   * The result model for the adviser area, without the public browser-ownership check: call it only once the
   * adviser's right to the calculation's client is proven (AdviserService). 404 when there is no such calculation.
   */
  async resultForAdviser(sessionId: string): Promise<ResultModel> {
    const calculation = await this.stored.find(sessionId);
    if (!calculation) throw calculationNotFound();
    return this.build(calculation, NO_BROWSER, {});
  }

  /**
   * POST /api/data/result/ (action 5): saves the better-off answers, checked with the questionnaire's own rules,
   * and answers with the result comparing now and after the change. `isBetterOff` false clears them.
   */
  async recalculate(
    sessionId: string,
    posted: Record<string, unknown>,
    isBetterOff: boolean,
    caller: Caller,
    options: ResultOptions = {},
  ): Promise<ResultModel> {
    const calculation = await this.open(sessionId, caller);
    const page = this.betterOffPage;
    const environment = this.rules.ruleEnvironment();
    const stored = Object.keys(betterOffAnswersOf(calculation.answers));
    if (!isBetterOff) {
      await this.stored.saveBetterOff(calculation.session.id, {}, stored);
      return this.build({ ...calculation, answers: withoutBetterOff(calculation.answers) }, caller, options);
    }
    const answers = this.readBetterOffAnswers(page, posted);
    const shown = shownQuestions(page, {}, answers, environment);
    const kept = Object.fromEntries(Object.entries(answers).filter(([name]) => shown.has(name)));
    const problems = page.questions
      .filter(({ definition }) => shown.has(definition.name) && definition.questionType !== 'Label')
      .map(({ definition }) => ({
        path: definition.name,
        message: validateAnswer(definition, kept[definition.name] ?? null, { answers: kept, today: environment.today }),
      }))
      .filter((problem) => problem.message !== '');
    if (problems.length > 0) throw ApiError.validation(problems);
    if (kept[BETTER_OFF_PARTNER.question] === BETTER_OFF_PARTNER.value && !hasPartner(calculation.answers)) {
      throw ApiError.validation([
        {
          path: BETTER_OFF_PARTNER.question,
          message: 'You told us you do not live with a partner: say whether your own work would change, or only your rent.',
        },
      ]);
    }
    if (changesFrom(kept).length === 0) {
      throw ApiError.validation([{ path: 'BetterOffWho', message: 'Say what would change: the work, or the rent.' }]);
    }
    await this.stored.saveBetterOff(
      calculation.session.id,
      kept,
      stored.filter((name) => !(name in kept)),
    );
    return this.build({ ...calculation, answers: { ...withoutBetterOff(calculation.answers), ...kept } }, caller, options);
  }

  /** The checks the results page makes before working anything out, without working it out (no engine, no analytics). */
  async readinessOf({ session, answers }: OpenedCalculation): Promise<ResultsReadiness> {
    if (session.finishedAt === null) return 'not-finished';
    const environment = await this.rules.environmentFor(answers);
    return readHousehold(this.survey, { answers, completedPages: session.completedPages }, environment).ok ? 'ready' : 'needs-answers';
  }

  /** POST /api/data/section/: which results section was opened, for the charity's first-party analytics. */
  async recordSection(sessionId: string, sectionType: number, caller: Caller): Promise<void> {
    const { session } = await this.open(sessionId, caller);
    const section = (Object.keys(RESULT_SECTIONS) as (keyof typeof RESULT_SECTIONS)[]).find(
      (name) => RESULT_SECTIONS[name] === sectionType,
    )!;
    await this.analytics.record([{ event: 'result_section', pageName: section }], { sessionId: session.id, partnerId: session.partnerId });
  }

  /** POST /api/data/feedback/: thumbs up (1) or down (2), then the comment; the last one given is kept. */
  async giveFeedback(sessionId: string, feedbackType: 1 | 2, comment: string, caller: Caller): Promise<void> {
    const { session } = await this.open(sessionId, caller);
    await this.feedback.upsert({ sessionId: session.id, feedbackType, comment: comment.slice(0, FEEDBACK_COMMENT_MAX_LENGTH) }, [
      'sessionId',
    ]);
  }

  private readBetterOffAnswers(page: CompiledPage, posted: Record<string, unknown>): Answers {
    const answers: Answers = {};
    const problems: { path: string; message: string }[] = [];
    for (const { definition } of page.questions) {
      if (!(definition.name in posted) || definition.questionType === 'Label') continue;
      const read = readAnswer(definition, posted[definition.name]);
      if (read.ok) answers[definition.name] = read.value;
      else problems.push({ path: definition.name, message: read.message });
    }
    for (const name of Object.keys(posted)) {
      if (name.startsWith(BETTER_OFF_PREFIX) && !page.questions.some(({ definition }) => definition.name === name)) {
        problems.push({ path: name, message: `There is no better-off question called ${name}.` });
      }
    }
    if (problems.length > 0) throw ApiError.validation(problems);
    return answers;
  }

  private async build({ session, answers }: OpenedCalculation, caller: Caller, options: ResultOptions): Promise<ResultModel> {
    const environment = await this.rules.environmentFor(answers);
    const { today } = environment;
    const isTesting = options.test === true && (await this.grants.holds(caller, 'test-mode', null));
    const reading = readHousehold(this.survey, { answers, completedPages: session.completedPages }, environment);
    const { state } = reading;
    const base: ResultModel = {
      session: session.id,
      token: session.reference,
      isValid: true,
      isOutOfDate: false,
      isUnanswered: false,
      messages: [],
      eligibility: { isEligibleForLb: false, isEligibleForUc: false },
      isBetterOff: false,
      calculatedOn: today,
      rulesVersion: '',
      lastRatesHeld: null,
      benefits: null,
      variables: [],
      categories: [],
      extraHelps: { showExtraHelp: false, extraHelps: [] },
      hasFeedback: await this.feedback.existsBy({ sessionId: session.id }),
      showHelpline: this.surveys.chrome(session).showHelpline,
      client: await adviserClientOf(this.dataSource, session.clientId, caller.account, oldestOpenCalculation()),
      testing: null,
      housingAllowance: null,
      councilTaxReductionNotAwarded: null,
      housingCosts: { weekly: 0, monthly: 0 },
      hasPartner: hasPartner(answers),
      rightToReside: null,
    };

    if (!reading.ok) {
      if (reading.problem === 'mapping') return { ...base, isOutOfDate: true, messages: [this.mappingMessage(reading.error)] };
      if (reading.problem === 'out-of-date') return { ...base, isOutOfDate: true, messages: reading.messages };
      return { ...base, isUnanswered: true, messages: reading.messages };
    }
    const { household } = reading;
    // In a partner's portal, what the partner has chosen not to show is left out of the page, the PDF and the e-mail.
    const partner = this.surveys.portalPartner(session);
    const current = withPartnerSwitches(await this.calculate(household, today), partner);
    const changes = changesFrom(betterOffAnswersOf(answers));
    const compared = changes.length > 0 ? await this.compare(household, changes, today) : null;
    const comparison = compared && { ...compared, changed: withPartnerSwitches(compared.changed, partner) };
    const uplift = isTesting ? await this.uplift(household, today) : [];
    // The analytics event that the results were shown.
    await this.analytics.record([{ event: 'complete - eligible', pageName: null }], {
      sessionId: session.id,
      partnerId: session.partnerId,
    });
    const masking = { mask: !isTesting, today, showEdit: true };
    const rightToReside = rightToResideNotice(state.effectiveAnswers);
    const betterOffAnswers = comparison ? betterOffCategory(this.betterOffPage, answers, environment, masking) : null;
    return {
      ...base,
      eligibility: eligibilityOf(comparison ? [current, comparison.changed] : [current]),
      isBetterOff: comparison !== null,
      rulesVersion: current.rulesVersion,
      lastRatesHeld: current.lastRatesHeld && lastRatesHeldOf(current.lastRatesHeld.ratesDate),
      benefits: resultBenefits(current, this.guide, comparison, rightToReside),
      rightToReside,
      variables: resultVariables(current),
      categories: [...answerCategories(state, answers, masking), ...(betterOffAnswers ? [betterOffAnswers] : [])],
      extraHelps: extraHelpOf(current),
      housingAllowance: this.housingAllowance(current),
      councilTaxReductionNotAwarded: councilTaxReductionNotAwardedOf(current, this.guide),
      housingCosts: housingCostsOf(current),
      testing: isTesting ? this.testingData(household, current, comparison ? { changes, result: comparison.changed } : null, uplift) : null,
    };
  }

  private async calculate(household: Household, today: string): Promise<CalculationResult> {
    try {
      return await this.engine.calculate(household, today, LAST_RATES_HELD);
    } catch (error) {
      if (error instanceof CalculationOutOfRangeError)
        throw new ApiError(
          503,
          'RATES_NOT_HELD',
          'The benefit rates for today are not loaded yet, so results cannot be worked out. Please try again later.',
        );
      throw error;
    }
  }

  private async compare(household: Household, changes: ReturnType<typeof changesFrom>, today: string): Promise<BetterOffComparison | null> {
    try {
      return await betterOff(this.engine, this.sentences, household, changes, today, LAST_RATES_HELD);
    } catch (error) {
      // A change for a partner the household no longer has: the normal result, without the comparison.
      if (error instanceof CircumstanceChangeError) return null;
      throw error;
    }
  }

  /** The LHA area used; when it could not be settled, with the page that asks which area, so the person can say. */
  private housingAllowance(result: CalculationResult): ResultHousingAllowance | null {
    const allowance = housingAllowanceOf(result);
    if (!allowance || allowance.basis !== 'LOWEST_OF_CANDIDATES') return allowance;
    return { ...allowance, pageNumber: this.survey.questionPage.get(LHA_AREA_QUESTION)?.number ?? null };
  }

  private mappingMessage(error: HouseholdMappingError): ResultMessage {
    const page = this.survey.questionPage.get(error.question);
    const question = page?.questions.find(({ definition }) => definition.name === error.question)?.definition;
    return { message: `${question?.text ?? error.question} ${error.problem}`, pageNumber: page?.number ?? 1, questionName: error.question };
  }

  /**
   * For testers: the same household at the next uprating (6 April), when next year's rates are already held, so
   * the new April's figures can be checked before they come into force. Empty until they are added.
   */
  private async uplift(household: Household, today: string): Promise<TestingData['uplift']> {
    const year = Number(today.slice(0, 4));
    const nextApril = `${today.slice(5) >= '04-06' ? year + 1 : year}-04-06`;
    if (nextApril > this.engine.parameters.ratesHeldUntil) return [];
    const next = await this.engine.calculate(household, nextApril);
    return next.benefits
      .filter((benefit) => benefit.eligible && benefit.amountShown)
      .map((benefit) => ({
        benefitName: benefit.name,
        benefitCode: benefit.code,
        weeklyPayment: benefit.weeklyPence / 100,
        monthlyPayment: benefit.monthlyPence / 100,
      }));
  }

  private testingData(
    household: Household,
    current: CalculationResult,
    changed: { changes: CircumstanceChange[]; result: CalculationResult } | null,
    uplift: TestingData['uplift'],
  ): TestingData {
    return {
      isTesting: true,
      xmlInput: toXml('household', household),
      xmlOutput: toXml('result', toContractResponse(current)),
      betterOffXmlInput: changed ? toXml('household', applyChanges(household, changed.changes)) : '',
      betterOffXmlOutput: changed ? toXml('result', toContractResponse(changed.result)) : '',
      uplift,
    };
  }
}

/** The answers say the person lives with a partner (the household then has a second adult). */
function hasPartner(answers: Answers): boolean {
  return answers.ClientHasPartner === 'Yes';
}

function withoutBetterOff(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([name]) => !name.startsWith(BETTER_OFF_PREFIX)));
}

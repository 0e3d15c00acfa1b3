import { Inject, Injectable } from '@nestjs/common';
import { ukToday } from '../../../common/dates/uk-today.js';
import { valueOn, type DatedParameter } from '../../../common/parameters/dated-parameter.js';
import { normalisePostcode } from '../../../common/survey/postcode.js';
import { QUESTION_NAMES, type Answers, type PostcodeAnswer } from '../../../common/survey/model.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { PostcodeBrmaLookup } from '../lookup/postcode-brma-lookup.js';
import { lhaAreaChoice, type LhaAreaChoice } from '../questionnaire/lha-area-choice.js';
import type { CompiledSurvey, RuleEnvironment } from '../questionnaire/survey-flow.js';
import type { SurveyVersions } from '../questionnaire/survey-versions.js';
import { COMPILED_SURVEY, ENTITLEMENT_ENGINE, NATIONAL_LIVING_WAGE } from './tokens.js';

/**
 * The Broad Rental Market Area of a stored postcode answer, read with the calculation: `postcode` is that answer
 * normalised as PostgreSQL did it, which lhaAreaChoiceOf trusts only when normalisePostcode agrees.
 */
export interface PostcodeArea {
  postcode: string;
  brma: string | null;
}

/**
 * Which rules apply today: the engine (the rules versions), the questionnaire in force, and the environment its
 * rules are read in (today, the National Living Wage, the rent areas a home could be in). Every feature that reads
 * answers or works out figures asks here, so that all of them agree on what is in force.
 */
@Injectable()
export class RulesInForce {
  constructor(
    @Inject(ENTITLEMENT_ENGINE) readonly engine: Entitlements,
    @Inject(COMPILED_SURVEY) private readonly surveyVersions: SurveyVersions,
    @Inject(NATIONAL_LIVING_WAGE) private readonly livingWage: DatedParameter,
    private readonly brmas: PostcodeBrmaLookup,
  ) {}

  /** The questionnaire in force today. */
  get survey(): CompiledSurvey {
    return this.surveyVersions.current();
  }

  ruleEnvironment(): RuleEnvironment {
    const today = ukToday();
    return { today, nationalLivingWageHourlyPence: valueOn('national_living_wage', this.livingWage, today) };
  }

  /**
   * The rule environment of one calculation: with the Local Housing Allowance areas its home could be in. Give
   * `postcodeArea` when `answers` are the stored ones and the area was read with them, to spare a look-up.
   */
  async environmentFor(answers: Answers, postcodeArea?: PostcodeArea | null): Promise<RuleEnvironment> {
    return { ...this.ruleEnvironment(), lhaAreaChoice: await this.lhaAreaChoiceOf(answers, postcodeArea) };
  }

  /**
   * The rule environments of many stored calculations at once (a caseload, a year's management information, the
   * impact over kept calculations), their postcodes' areas looked up together. `lha`: the rent areas of the rules
   * the households are worked out with, when not today's.
   */
  async environmentsFor(answersList: readonly Answers[], lha: Entitlements['lha'] = this.engine.lha): Promise<RuleEnvironment[]> {
    const postcodes = answersList.map((answers) => answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined);
    const areas = await this.brmas.areasOf(postcodes.flatMap((postcode) => postcode?.postcode ?? []));
    const base = this.ruleEnvironment();
    return postcodes.map((postcode) => ({
      ...base,
      lhaAreaChoice: lhaAreaChoice(lha, postcode, areas.get(postcode?.postcode ?? '') ?? null, this.engine.nations),
    }));
  }

  /** Which LHA areas the home could be in, from the postcode answer: the postcode lookup, then the district, then the council. */
  async lhaAreaChoiceOf(answers: Answers, postcodeArea?: PostcodeArea | null): Promise<LhaAreaChoice | null> {
    const postcode = answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined;
    if (!postcode || postcode.option || !postcode.postcode) return lhaAreaChoice(this.engine.lha, postcode, null, this.engine.nations);
    const normal = normalisePostcode(postcode.postcode);
    const area = normal !== null && postcodeArea?.postcode === normal ? postcodeArea.brma : await this.brmas.areaOf(postcode.postcode);
    return lhaAreaChoice(this.engine.lha, postcode, area, this.engine.nations);
  }
}

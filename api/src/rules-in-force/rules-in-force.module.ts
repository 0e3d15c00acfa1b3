import { Module } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import type { DatedParameter } from '../../../common/parameters/dated-parameter.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { loadSurveyDefinition } from '../questionnaire/survey-definitions.js';
import { compileSurvey } from '../questionnaire/survey-flow.js';
import { SurveyVersions } from '../questionnaire/survey-versions.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { ApprovedRules } from './approved-rules.js';
import { PublishedRules } from './published-rules.js';
import { RatesHeld } from './rates-held.service.js';
import { RulesInForce } from './rules-in-force.service.js';
import { loadRulesVersions } from './rules-versions.js';
import { COMPILED_SURVEY, ENTITLEMENT_ENGINE, NATIONAL_LIVING_WAGE } from './tokens.js';

export const NATIONAL_LIVING_WAGE_FILE = resolve('rulesets/parameters/gov/hmrc/minimum_wage/national_living_wage.json');

/**
 * Which engine and questionnaire apply on a date: the rulesets and definitions read once, at start, with the policy
 * change sets published in the workbench laid over them from their dates, kept in step with the database. Below
 * every feature: results, the API, the adviser area, caseload runs and the workbench itself all read the rules here.
 */
@Module({
  imports: [LookupModule],
  providers: [
    {
      provide: ENTITLEMENT_ENGINE,
      inject: [{ token: DataSource, optional: true }],
      useFactory: (dataSource?: DataSource) => loadRulesVersions(dataSource),
    },
    {
      provide: COMPILED_SURVEY,
      inject: [ENTITLEMENT_ENGINE],
      useFactory: (rules: Entitlements) => new SurveyVersions(rules, compileSurvey(loadSurveyDefinition(DEFINITIONS_DIR))),
    },
    {
      provide: NATIONAL_LIVING_WAGE,
      useFactory: async (): Promise<DatedParameter> => JSON.parse(await readFile(NATIONAL_LIVING_WAGE_FILE, 'utf8')) as DatedParameter,
    },
    RulesInForce,
    PublishedRules,
    ApprovedRules,
    RatesHeld,
  ],
  exports: [ENTITLEMENT_ENGINE, COMPILED_SURVEY, NATIONAL_LIVING_WAGE, RulesInForce, PublishedRules, ApprovedRules, RatesHeld],
})
export class RulesInForceModule {}

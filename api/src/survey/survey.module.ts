import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { DatedParameter } from '../../../common/parameters/dated-parameter.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { CalculationModule } from '../calculation/calculation.module.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { VerificationModule } from '../verification/verification.module.js';
import { CalculationLookupService } from './calculation-lookup.service.js';
import { CalculationSession } from './calculation-session.entity.js';
import { PostcodeAnswerChecker } from './postcode-answer-checker.js';
import { SurveyAnswer } from './survey-answer.entity.js';
import { loadSurveyDefinition } from './survey-definitions.js';
import { compileSurvey } from './survey-flow.js';
import { SurveyController } from './survey.controller.js';
import { SurveyVersions } from './survey-versions.js';
import { ENTITLEMENT_ENGINE } from '../calculation/calculation.service.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { COMPILED_SURVEY, NATIONAL_LIVING_WAGE, SurveyService } from './survey.service.js';

export const NATIONAL_LIVING_WAGE_FILE = resolve('rulesets/parameters/gov/hmrc/minimum_wage/national_living_wage.json');

@Module({
  imports: [
    TypeOrmModule.forFeature([CalculationSession, SurveyAnswer]),
    VerificationModule,
    AnalyticsModule,
    LookupModule,
    CalculationModule,
  ],
  controllers: [SurveyController],
  providers: [
    {
      provide: COMPILED_SURVEY,
      inject: [ENTITLEMENT_ENGINE],
      useFactory: (rules: Entitlements) => new SurveyVersions(rules, compileSurvey(loadSurveyDefinition(DEFINITIONS_DIR))),
    },
    {
      provide: NATIONAL_LIVING_WAGE,
      useFactory: async (): Promise<DatedParameter> => JSON.parse(await readFile(NATIONAL_LIVING_WAGE_FILE, 'utf8')) as DatedParameter,
    },
    SurveyService,
    CalculationLookupService,
    PostcodeAnswerChecker,
  ],
  exports: [SurveyService, COMPILED_SURVEY],
})
export class SurveyModule {}

import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { CalculationLookupService } from './calculation-lookup.service.js';
import { PostcodeAnswerChecker } from './postcode-answer-checker.js';
import { SurveyController } from './survey.controller.js';
import { SurveyService } from './survey.service.js';

/** The questionnaire's pages (GET and POST /api/data/survey/), the band look-up and finding a calculation again. */
@Module({
  imports: [CalculationsModule, AnalyticsModule, LookupModule],
  controllers: [SurveyController],
  providers: [SurveyService, CalculationLookupService, PostcodeAnswerChecker],
  exports: [SurveyService, CalculationsModule],
})
export class SurveyModule {}

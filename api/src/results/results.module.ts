import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Explanations } from '../../../engine/core/explanations.js';
import { BENEFIT_CODES } from '../../../engine/core/benefit.js';
import { RULESETS_DIR } from '../../../engine/load.js';
import { checkBenefitGuide, type BenefitGuide } from './from-calculation.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { SurveyModule } from '../survey/survey.module.js';
import { loadBetterOffPage } from './better-off-questions.js';
import { ResultFeedback } from './result-feedback.entity.js';
import { ResultsController } from './results.controller.js';
import { BENEFIT_GUIDE, BETTER_OFF_PAGE, BETTER_OFF_SENTENCES, ResultsService } from './results.service.js';

export const BENEFIT_GUIDE_FILE = 'results/benefits.json';

/** Reads `definitions/results/benefits.json` and checks it covers every benefit; a problem stops the start. */
export function loadBenefitGuide(definitionsDir: string): BenefitGuide {
  const json: unknown = JSON.parse(readFileSync(join(definitionsDir, BENEFIT_GUIDE_FILE), 'utf8'));
  const problems = checkBenefitGuide(json, BENEFIT_CODES);
  if (problems.length > 0) throw new Error(`${BENEFIT_GUIDE_FILE}:\n${problems.join('\n')}`);
  return json as BenefitGuide;
}

export function loadBetterOffSentences(rulesetsDir = RULESETS_DIR): Explanations {
  const file = join(rulesetsDir, 'better-off/explanations.json');
  return Explanations.fromJson(file, readFileSync(file, 'utf8'));
}

/** The results page's data: results, better-off, sections opened and feedback. */
@Module({
  imports: [TypeOrmModule.forFeature([ResultFeedback]), SurveyModule, AnalyticsModule],
  controllers: [ResultsController],
  providers: [
    { provide: BENEFIT_GUIDE, useFactory: () => loadBenefitGuide(DEFINITIONS_DIR) },
    { provide: BETTER_OFF_PAGE, useFactory: () => loadBetterOffPage(DEFINITIONS_DIR) },
    { provide: BETTER_OFF_SENTENCES, useFactory: () => loadBetterOffSentences() },
    ResultsService,
  ],
  exports: [ResultsService],
})
export class ResultsModule {}

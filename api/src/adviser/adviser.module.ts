import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module.js';
import { SurveyModule } from '../survey/survey.module.js';
import { AdviserController } from './adviser.controller.js';
import { AdviserService, COMPARISON_TEMPLATE } from './adviser.service.js';
import { loadComparisonTemplate } from './comparison-pdf.js';
import { IntermediaryController } from './intermediary.controller.js';

/** The adviser area's calls. The comparison PDF's template is read when the server starts. */
@Module({
  imports: [SurveyModule, ResultsModule],
  controllers: [IntermediaryController, AdviserController],
  providers: [{ provide: COMPARISON_TEMPLATE, useFactory: () => loadComparisonTemplate() }, AdviserService],
})
export class AdviserModule {}

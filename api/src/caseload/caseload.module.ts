import { Module } from '@nestjs/common';
import { CalculationModule } from '../calculation/calculation.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { SurveyModule } from '../survey/survey.module.js';
import { CaseloadController } from './caseload.controller.js';
import { CaseloadService } from './caseload.service.js';

/** Caseload runs in the adviser area: the routes, and the job that works a run (on the queue of JobsModule). */
@Module({
  imports: [SurveyModule, CalculationModule, LookupModule],
  controllers: [CaseloadController],
  providers: [CaseloadService],
})
export class CaseloadModule {}

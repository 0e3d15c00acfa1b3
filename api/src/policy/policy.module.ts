import { Module } from '@nestjs/common';
import { CalculationModule } from '../calculation/calculation.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { SurveyModule } from '../survey/survey.module.js';
import { PolicyController } from './policy.controller.js';
import { PolicyService } from './policy.service.js';

/** The policy workbench (issue 19): /api/policy/, for the charity's policy staff. */
@Module({
  imports: [CalculationModule, SurveyModule, LookupModule],
  controllers: [PolicyController],
  providers: [PolicyService],
})
export class PolicyModule {}

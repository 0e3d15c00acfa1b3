import { Module } from '@nestjs/common';
import { CalculationModule } from '../calculation/calculation.module.js';
import { LookupModule } from '../lookup/lookup.module.js';
import { SurveyModule } from '../survey/survey.module.js';
import { ManagementInformationController } from './management-information.controller.js';
import { ManagementInformationService } from './management-information.service.js';

/** Management information for organisation admins: aggregate figures of the organisation's calculations and API keys. */
@Module({
  imports: [SurveyModule, CalculationModule, LookupModule],
  controllers: [ManagementInformationController],
  providers: [ManagementInformationService],
})
export class ManagementInformationModule {}

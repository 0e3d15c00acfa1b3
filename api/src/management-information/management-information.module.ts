import { Module } from '@nestjs/common';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { ManagementInformationController } from './management-information.controller.js';
import { ManagementInformationService } from './management-information.service.js';

/** Management information for organisation admins: aggregate figures of the organisation's calculations and API keys. */
@Module({
  imports: [CalculationsModule],
  controllers: [ManagementInformationController],
  providers: [ManagementInformationService],
})
export class ManagementInformationModule {}

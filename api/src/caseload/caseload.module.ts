import { Module } from '@nestjs/common';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { CaseloadController } from './caseload.controller.js';
import { CaseloadService } from './caseload.service.js';

/** Caseload runs in the adviser area: the routes, and the job that works a run (on the queue of JobsModule). */
@Module({
  imports: [CalculationsModule, RulesInForceModule],
  controllers: [CaseloadController],
  providers: [CaseloadService],
})
export class CaseloadModule {}

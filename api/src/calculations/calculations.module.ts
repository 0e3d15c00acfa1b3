import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { CalculationSession } from './calculation-session.entity.js';
import { CalculationsRepository } from './calculations.repository.js';
import { CalculationsService } from './calculations.service.js';
import { SessionAccessService } from './session-access.service.js';

/**
 * The saved calculation (a person's answers, their progress, and the one path from answers to figures), below every
 * feature that reads one: the questionnaire, results, the adviser area, caseload runs, management information, the
 * policy impact.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CalculationSession]), AccessModule, RulesInForceModule],
  providers: [CalculationsRepository, CalculationsService, SessionAccessService],
  exports: [CalculationsRepository, CalculationsService, SessionAccessService, RulesInForceModule, AccessModule],
})
export class CalculationsModule {}

import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { BatchCalculationService } from './batch-calculation.service.js';
import { CalculationController } from './calculation.controller.js';
import { CalculationService } from './calculation.service.js';

/**
 * The stateless calculation API (`docs/calculation-api.md`), worked out with the rules in force on each date
 * (rules-in-force/: the rulesets with the published policy change sets laid over them).
 */
@Module({
  imports: [ApiKeysModule, RulesInForceModule],
  controllers: [CalculationController],
  providers: [CalculationService, BatchCalculationService],
  exports: [CalculationService],
})
export class CalculationModule {}

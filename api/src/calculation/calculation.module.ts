import { Module } from '@nestjs/common';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { BatchCalculationService } from './batch-calculation.service.js';
import { CalculationController } from './calculation.controller.js';
import { CalculationService, ENTITLEMENT_ENGINE } from './calculation.service.js';

/** The stateless calculation API (`docs/calculation-api.md`): the rulesets are read once, at start. */
@Module({
  controllers: [CalculationController],
  providers: [{ provide: ENTITLEMENT_ENGINE, useFactory: () => loadEntitlementEngine() }, CalculationService, BatchCalculationService],
  exports: [CalculationService, ENTITLEMENT_ENGINE],
})
export class CalculationModule {}

import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { loadRulesVersions } from '../policy/policy-files.js';
import { BatchCalculationService } from './batch-calculation.service.js';
import { CalculationController } from './calculation.controller.js';
import { CalculationService, ENTITLEMENT_ENGINE } from './calculation.service.js';

/**
 * The stateless calculation API (`docs/calculation-api.md`). The engine is the rules versions: the rulesets read once,
 * at start, with the policy change sets published in the workbench laid over them from their dates.
 */
@Module({
  imports: [ApiKeysModule],
  controllers: [CalculationController],
  providers: [
    {
      provide: ENTITLEMENT_ENGINE,
      inject: [{ token: DataSource, optional: true }],
      useFactory: (dataSource?: DataSource) => loadRulesVersions(dataSource),
    },
    CalculationService,
    BatchCalculationService,
  ],
  exports: [CalculationService, ENTITLEMENT_ENGINE],
})
export class CalculationModule {}

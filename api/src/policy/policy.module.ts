import { Module } from '@nestjs/common';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { PolicyController } from './policy.controller.js';
import { ChangeSetStore } from './change-set-store.js';
import { PolicyCatalogueService } from './policy-catalogue.service.js';
import { PolicyChangeSetsService } from './policy-change-sets.service.js';
import { PolicyProofService } from './policy-proof.service.js';

/** The policy workbench (issue 19): /api/policy/, for the charity's policy staff. It writes change sets; which rules are in force is rules-in-force/. */
@Module({
  imports: [CalculationsModule],
  controllers: [PolicyController],
  providers: [ChangeSetStore, PolicyChangeSetsService, PolicyProofService, PolicyCatalogueService],
})
export class PolicyModule {}

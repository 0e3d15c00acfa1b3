import { Module } from '@nestjs/common';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { PolicyController } from './policy.controller.js';
import { PolicyService } from './policy.service.js';

/** The policy workbench (issue 19): /api/policy/, for the charity's policy staff. It writes change sets; which rules are in force is rules-in-force/. */
@Module({
  imports: [CalculationsModule],
  controllers: [PolicyController],
  providers: [PolicyService],
})
export class PolicyModule {}

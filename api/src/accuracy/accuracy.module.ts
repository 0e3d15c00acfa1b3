import { Module } from '@nestjs/common';
import { LookupModule } from '../lookup/lookup.module.js';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { AccuracyController } from './accuracy.controller.js';
import { AccuracyService } from './accuracy.service.js';

@Module({
  imports: [RulesInForceModule, LookupModule],
  controllers: [AccuracyController],
  providers: [AccuracyService],
})
export class AccuracyModule {}

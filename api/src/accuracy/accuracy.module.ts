import { Module } from '@nestjs/common';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { AccuracyController } from './accuracy.controller.js';
import { AccuracyService } from './accuracy.service.js';

@Module({
  imports: [RulesInForceModule],
  controllers: [AccuracyController],
  providers: [AccuracyService],
})
export class AccuracyModule {}

import { Module } from '@nestjs/common';
import { CalculationModule } from '../calculation/calculation.module.js';
import { AccuracyController } from './accuracy.controller.js';
import { AccuracyService } from './accuracy.service.js';

@Module({
  imports: [CalculationModule],
  controllers: [AccuracyController],
  providers: [AccuracyService],
})
export class AccuracyModule {}

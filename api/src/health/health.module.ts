import { Module } from '@nestjs/common';
import { CalculationModule } from '../calculation/calculation.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

/** /api/health: the database, and the rules (a published change set found failing makes the answer 'degraded'). */
@Module({ imports: [CalculationModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}

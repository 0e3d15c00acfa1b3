import { Module } from '@nestjs/common';
import { RulesInForceModule } from '../rules-in-force/rules-in-force.module.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

/** /api/health: the database, and the rules (a published change set found failing makes the answer 'degraded'). */
@Module({ imports: [RulesInForceModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}

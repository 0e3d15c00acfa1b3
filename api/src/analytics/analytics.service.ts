import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import { AnalyticsEvent, type AnalyticsEventName } from './analytics-event.entity.js';

export interface AnalyticsContext {
  sessionId: string | null;
  partnerId: string | null;
}

/** First-party analytics: counted in PostgreSQL, never sent to a third party. */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectRepository(AnalyticsEvent) private readonly events: Repository<AnalyticsEvent>,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * Stores the events of one response in one statement. Counting must never fail the visitor's page: events that
   * cannot be stored are dropped with a warning.
   */
  async record(events: { event: AnalyticsEventName; pageName: string | null }[], context: AnalyticsContext): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.events.insert(
        events.map(({ event, pageName }) => ({ event, pageName, sessionId: context.sessionId, partnerId: context.partnerId })),
      );
    } catch (error) {
      this.logger.event('warn', 'analytics event not stored', describeErrorForLog(error));
    }
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import { CalculationSession } from '../calculations/calculation-session.entity.js';
import { ClientErrorReport } from './client-error-report.entity.js';
import { MAX_STORED_ERROR_LENGTH, type ClientErrorReportRequest } from './client-error-report.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CUT_MARKER = ' [cut]';

function capErrorText(text: string): string {
  return text.length <= MAX_STORED_ERROR_LENGTH ? text : `${text.slice(0, MAX_STORED_ERROR_LENGTH - CUT_MARKER.length)}${CUT_MARKER}`;
}

@Injectable()
export class ClientErrorsService {
  constructor(
    @InjectRepository(ClientErrorReport) private readonly reports: Repository<ClientErrorReport>,
    @InjectRepository(CalculationSession) private readonly sessions: Repository<CalculationSession>,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * Keeps a report from the web app. Reporting must never fail the visitor's page, so a report that cannot be
   * stored is logged (without its text, which may quote answers) and dropped.
   */
  async record(report: ClientErrorReportRequest): Promise<void> {
    try {
      const sessionId =
        report.session && UUID.test(report.session) && (await this.sessions.existsBy({ id: report.session })) ? report.session : null;
      await this.reports.insert({ source: report.source, error: capErrorText(report.error), sessionId });
    } catch (error) {
      this.logger.event('warn', 'client error report not stored', describeErrorForLog(error));
    }
  }
}

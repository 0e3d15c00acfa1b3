import { Inject, Injectable } from '@nestjs/common';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { EntitlementEngine } from '../../../common/calculation/engine/entitlement-engine.js';
import { ENTITLEMENT_ENGINE } from '../calculation/calculation.service.js';
import { readAccuracyInputs } from './accuracy-inputs.js';
import { accuracyReport, type AccuracyReport } from './accuracy-report.js';

/** The accuracy page's report for today, worked out once a day: the data it counts only changes with a release. */
@Injectable()
export class AccuracyService {
  private cached: AccuracyReport | null = null;

  constructor(@Inject(ENTITLEMENT_ENGINE) private readonly engine: EntitlementEngine) {}

  report(): AccuracyReport {
    const today = ukToday();
    if (this.cached?.date !== today) this.cached = accuracyReport(readAccuracyInputs(this.engine, today));
    return this.cached;
  }
}

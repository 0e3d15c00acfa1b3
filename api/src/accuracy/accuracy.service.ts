import { Inject, Injectable } from '@nestjs/common';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { LookupService } from '../lookup/lookup.service.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { readAccuracyInputs } from './accuracy-inputs.js';
import { accuracyReport, type AccuracyReport } from './accuracy-report.js';

/** The accuracy page's report for today, worked out once a day: the data it counts only changes with a release. */
@Injectable()
export class AccuracyService {
  private cached: AccuracyReport | null = null;

  constructor(
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly lookup: LookupService,
  ) {}

  /** For today, or, once today is past the rates held (before next year's are added), for the last day they cover. */
  report(): AccuracyReport {
    const today = ukToday();
    const held = this.engine.parameters.ratesHeldUntil;
    const date = today > held ? held : today;
    if (this.cached?.date !== date) this.cached = accuracyReport(readAccuracyInputs(this.engine, date, this.lookup.listLocalAuthorities()));
    return this.cached;
  }
}

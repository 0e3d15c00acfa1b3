import { readCaseFiles } from '../../../engine/core/cases.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RULESETS_DIR } from '../../../engine/load.js';
import type { AccuracyInputs, AuthorityRow } from './accuracy-report.js';

/**
 * What the accuracy report counts: the engine's own data (checked when it loaded), the local authorities as the
 * lookup loaded them at start (definitions/lookup/local-authorities.json), and the case files.
 */
export function readAccuracyInputs(engine: Entitlements, date: string, authorities: readonly AuthorityRow[]): AccuracyInputs {
  return {
    date,
    engine,
    councilTax: engine.councilTax,
    caseFiles: readCaseFiles(RULESETS_DIR),
    authorities,
    privateRenting: engine.lha.privateRentingHouseholds.authorities,
    mostPopulous: engine.councilTax.mostPopulous,
  };
}

/** docs/accuracy.md counts the last council tax year held, so the committed page does not change with the calendar. */
export function documentedDate(engine: Entitlements): string {
  return engine.parameters.ratesHeldUntil;
}

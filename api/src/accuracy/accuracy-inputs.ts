import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readCaseFiles } from '../../../engine/core/cases.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RULESETS_DIR } from '../../../engine/load.js';
import type { AccuracyInputs, AuthorityRow, PrivateRentingRow } from './accuracy-report.js';

/** The files the accuracy report counts, read from the working directory as the engine's loader reads its own. */
export function readAccuracyInputs(engine: Entitlements, date: string, definitionsDir = resolve('definitions')): AccuracyInputs {
  const authorities = (
    JSON.parse(readFileSync(join(definitionsDir, 'lookup', 'local-authorities.json'), 'utf8')) as { localAuthorities: AuthorityRow[] }
  ).localAuthorities;
  const privateRenting = (
    JSON.parse(readFileSync(join(RULESETS_DIR, 'local-housing-allowance', 'private-renting-households.json'), 'utf8')) as {
      authorities: PrivateRentingRow[];
    }
  ).authorities;
  const mostPopulous = (
    JSON.parse(readFileSync(join(RULESETS_DIR, 'council-tax-reduction', 'england-councils-by-population.json'), 'utf8')) as {
      authorities: AccuracyInputs['mostPopulous'];
    }
  ).authorities;
  return { date, engine, councilTax: engine.councilTax, caseFiles: readCaseFiles(RULESETS_DIR), authorities, privateRenting, mostPopulous };
}

/** docs/accuracy.md counts the last council tax year held, so the committed page does not change with the calendar. */
export function documentedDate(engine: Entitlements): string {
  return engine.parameters.ratesHeldUntil;
}

import { Injectable } from '@nestjs/common';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { Figures } from '../../../engine/core/system-figures.js';
import type { Household } from '../../../engine/household.js';
import type { Caller } from '../access/caller.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { calculationNotFound, CalculationsRepository, type OpenCalculation } from './calculations.repository.js';
import { figuresOf, householdOf, type StoredAnswers } from './household-of.js';
import { SessionAccessService } from './session-access.service.js';

/**
 * The saved calculation: opening one for a caller, and the one path from its answers to its household and figures
 * (household-of.ts) with the rules in force. Results, the adviser area, caseload runs, management information and
 * the policy impact all read stored calculations here.
 */
@Injectable()
export class CalculationsService {
  constructor(
    readonly repository: CalculationsRepository,
    private readonly rules: RulesInForce,
    private readonly access: SessionAccessService,
  ) {}

  /** A calculation the caller may open: 404 when there is none (or it is too old), 403 when another browser owns it. */
  async open(sessionId: string, caller: Caller): Promise<OpenCalculation> {
    const calculation = await this.repository.find(sessionId);
    if (!calculation) throw calculationNotFound();
    await this.access.ensureCanOpen(calculation.session, caller);
    return calculation;
  }

  /** The household of one stored calculation with today's questions, or why it has none. */
  async householdOf(stored: StoredAnswers): Promise<Household | 'not-finished' | 'needs-answers'> {
    const [household] = await this.householdsOf([stored]);
    return household;
  }

  /**
   * The households of many stored calculations, their postcodes' rent areas looked up together. `lha`: the rent
   * areas of the rules they are to be worked out with, when not today's.
   */
  async householdsOf(
    stored: readonly StoredAnswers[],
    lha?: Entitlements['lha'],
  ): Promise<(Household | 'not-finished' | 'needs-answers')[]> {
    const environments = await this.rules.environmentsFor(
      stored.map(({ answers }) => answers),
      lha,
    );
    const survey = this.rules.survey;
    return stored.map((calculation, index) => householdOf(survey, calculation, environments[index]!));
  }

  /** A stored calculation's figures on a date with the rules in force, or why there are none. */
  async figuresOf(stored: StoredAnswers, date: string): Promise<Figures | 'not-finished' | 'needs-answers' | 'rates-not-held'> {
    const household = await this.householdOf(stored);
    return typeof household === 'string' ? household : figuresOf(this.rules.engine, household, date);
  }
}

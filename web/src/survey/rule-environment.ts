import { ukToday } from '../../../common/dates/uk-today';
import { valueOn, type DatedParameter } from '../../../common/parameters/dated-parameter';
import type { RuleContext } from '../../../common/rules/index';
import nationalLivingWage from '../../../rulesets/parameters/gov/hmrc/minimum_wage/national_living_wage.json' with { type: 'json' };

export type RuleEnvironment = Omit<RuleContext, 'answers'>;

/** The same date and National Living Wage the server's rules use, from the same dated parameter file. */
export function browserRuleEnvironment(now: Date = new Date()): RuleEnvironment {
  const today = ukToday(now);
  return { today, nationalLivingWageHourlyPence: valueOn('national_living_wage', nationalLivingWage as DatedParameter, today) };
}

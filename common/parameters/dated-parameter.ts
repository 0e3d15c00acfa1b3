/**
 * A rate, threshold or switch that changes on known dates (the shape of every file in `rulesets/parameters/`).
 * Values are integers in the file's unit (pence, or basis points for fractions), so no binary float enters a rule.
 */
export interface DatedValue {
  /** ISO date the value takes effect, as the law dates it. */
  from: string;
  value: number;
  /** The regulation, with a link, or the DWP/HMRC rates paper it comes from. */
  source: string;
}

export interface DatedParameter {
  description: string;
  unit: string;
  period: string;
  legislation?: string;
  values: DatedValue[];
}

export class ParameterNotInForceError extends Error {
  constructor(parameterName: string, date: string) {
    super(`No value of ${parameterName} is in force on ${date}.`);
    this.name = 'ParameterNotInForceError';
  }
}

/**
 * The value in force on `date` (ISO yyyy-mm-dd). Never falls back to another year's figure: a date before the
 * first value is an error naming the parameter, so a missing year is noticed rather than silently guessed.
 */
export function valueOn(parameterName: string, parameter: DatedParameter, date: string): number {
  let inForce: DatedValue | undefined;
  for (const dated of parameter.values) {
    if (dated.from <= date && (!inForce || dated.from > inForce.from)) inForce = dated;
  }
  if (!inForce) throw new ParameterNotInForceError(parameterName, date);
  return inForce.value;
}

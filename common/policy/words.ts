/**
 * A policy officer's words for the law's data, one copy for the workbench's screens and the API's history: a date as
 * 12 April 2027, a value by its unit (£27.05 a week, 55%, 16 hours), a unit in words, and each edit of a change set in a
 * line.
 */
import { dateInWords, parseIsoDate } from '../dates/calendar.js';
import { formatAmount } from '../money.js';
import { isScaleValue, type ParameterSummary, type PolicyEdit, type PolicyValue } from './model.js';

/** 6 April 2027, from 2027-04-06 (or from a timestamp's date part). */
export function longDate(iso: string): string {
  const date = iso.slice(0, 10);
  return parseIsoDate(date) ? dateInWords(date) : iso;
}

/** Whether a parameter's unit is money held in whole pence ('pence a week', 'pence'...): the screens take pounds. */
export function isPenceUnit(unit: string): boolean {
  return unit === 'pence' || unit.startsWith('pence ');
}

/** ' a week' for 'pence a week'; '' for plain 'pence'. */
export function periodOf(unit: string): string {
  return isPenceUnit(unit) ? unit.slice('pence'.length) : '';
}

/** A value as a person reads it: £27.05 (the period is added by `formatValue`), 55%, 16 hours, No limit, Yes. */
function bareValue(value: number | boolean | null, unit: string): string {
  if (value === null) return 'No limit';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isPenceUnit(unit)) return formatAmount(value);
  if (unit === 'basis points') return `${(value / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
  if (unit === 'hours') return `${value.toLocaleString('en-GB')} ${value === 1 ? 'hour' : 'hours'}`;
  if (unit === 'years') return `${value.toLocaleString('en-GB')} ${value === 1 ? 'year' : 'years'}`;
  return value.toLocaleString('en-GB');
}

/**
 * £27.05 a week, 55%, 16 hours, No limit: a parameter's value with its unit's period. A table of bands reads band by
 * band: "£20.40 a week; from £192.00: £46.85 a week; ...".
 */
export function formatValue(value: PolicyValue, unit: string): string {
  if (isScaleValue(value))
    return value.brackets
      .map(({ threshold, amount }, index) => `${index === 0 ? '' : `from ${formatAmount(threshold)}: `}${formatValue(amount, unit)}`)
      .join('; ');
  return typeof value === 'number' && isPenceUnit(unit) ? `${formatAmount(value)}${periodOf(unit)}` : bareValue(value, unit);
}

/** A unit as a policy officer reads it: 'Pounds a week', not 'pence a week', which is how the files hold money. */
export function unitInWords(unit: string): string {
  if (isPenceUnit(unit)) return `Pounds${periodOf(unit)}`;
  if (unit === 'basis points') return 'A percentage';
  if (unit === 'boolean') return 'Yes or no';
  if (unit === 'count') return 'A number';
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}

/**
 * One edit in a line: "Child Benefit: eldest or only child from 6 April 2027: £27.05 to £28.10 a week (source
 * needed)". The value before is the latest value held when it starts before (or on) the new one's date.
 */
export function describeEdit(
  edit: PolicyEdit,
  parameters: ReadonlyMap<string, Pick<ParameterSummary, 'label' | 'unit' | 'latest'>>,
  rulesetTitles: ReadonlyMap<string, string> = new Map(),
): string {
  const rulesetTitle = (folder: string) => rulesetTitles.get(folder) ?? folder;
  switch (edit.kind) {
    case 'parameter-value': {
      const parameter = parameters.get(edit.parameter);
      const unit = parameter?.unit ?? '';
      const label = parameter?.label ?? edit.parameter;
      const before = parameter && parameter.latest.from <= edit.from ? parameter.latest.value : undefined;
      const values =
        before === undefined
          ? formatValue(edit.value, unit)
          : JSON.stringify(before) === JSON.stringify(edit.value)
            ? `${formatValue(edit.value, unit)}, unchanged`
            : typeof before === 'number' && typeof edit.value === 'number' && isPenceUnit(unit)
              ? `${formatAmount(before)} to ${formatAmount(edit.value)}${periodOf(unit)}`
              : `${formatValue(before, unit)} to ${formatValue(edit.value, unit)}`;
      return `${label} from ${longDate(edit.from)}: ${values}${edit.source ? '' : ' (source needed)'}`;
    }
    case 'rates-held':
      return `Rates held until ${longDate(edit.until)}`;
    case 'lha-rates': {
      const per = edit.scheme === 'universal-credit' ? 'a month, Universal Credit' : 'a week, Housing Benefit';
      const { shared, oneBedroom, twoBedrooms, threeBedrooms, fourBedrooms } = edit.rates;
      return `Local Housing Allowance for ${edit.area} from ${longDate(edit.from)} (${per}): shared ${formatAmount(shared)}, 1 bedroom ${formatAmount(oneBedroom)}, 2 bedrooms ${formatAmount(twoBedrooms)}, 3 bedrooms ${formatAmount(threeBedrooms)}, 4 bedrooms ${formatAmount(fourBedrooms)}${edit.source ? '' : ' (source needed)'}`;
    }
    case 'lha-council-areas':
      return `Rent areas of ${edit.name}: ${edit.areas.join(', ')}${edit.source ? '' : ' (source needed)'}`;
    case 'ctr-scheme':
      return `${edit.name}’s Council Tax Reduction scheme for ${councilTaxYearWords(edit.year)}${edit.source ? '' : ' (source needed)'}`;
    case 'band-d':
      return `Band D council tax for ${councilTaxYearWords(edit.year)}: ${edit.figures.length} ${edit.figures.length === 1 ? 'council' : 'councils'}${edit.source ? '' : ' (source needed)'}`;
    case 'lha-rates-held':
      return `Local Housing Allowance rates for ${lhaSchemeWords(edit.scheme)} held until ${longDate(edit.until)}${edit.source ? '' : ' (source needed)'}`;
    case 'rule':
      return `Rule ‘${edit.rule}’ of ${rulesetTitle(edit.ruleset)}: new conditions${edit.description ? ' and description' : ''}`;
    case 'question': {
      const parts = [
        edit.text !== undefined ? 'text' : '',
        edit.helpText !== undefined ? 'help text' : '',
        edit.showHide !== undefined ? (edit.showHide === null ? 'always shown' : 'show/hide rule') : '',
      ].filter(Boolean);
      return `Question ‘${edit.question}’ on page ${edit.page}: ${parts.join(', ') || 'no change'}`;
    }
    case 'extra-help-item': {
      const title = typeof edit.item.title === 'string' ? edit.item.title : String(edit.item.name ?? 'item');
      // The category's file name in words ('broadband-and-phone': 'broadband and phone'), never the name itself.
      return `Extra help, ${edit.category.replaceAll('-', ' ')}: ${title}`;
    }
    case 'case':
      return `Hand-worked case for ${rulesetTitle(edit.ruleset)}: ${edit.case.name} (${longDate(edit.case.date)})`;
  }
}

/** A council tax year in words: '2027/28' is '2027 to 2028'. */
export const councilTaxYearWords = (year: string): string => `${year.slice(0, 4)} to ${Number(year.slice(0, 4)) + 1}`;

/** Whose Local Housing Allowance rates, in words: 'Universal Credit (monthly)' or 'Housing Benefit (weekly)'. */
export const lhaSchemeWords = (scheme: 'universal-credit' | 'housing-benefit'): string =>
  scheme === 'universal-credit' ? 'Universal Credit (monthly)' : 'Housing Benefit (weekly)';

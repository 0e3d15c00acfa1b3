import type { CaseFile } from '../../../engine/core/cases.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { CouncilTaxData } from '../../../engine/benefits/council-tax-reduction-data.js';
import { councilTaxYearOf } from '../../../engine/benefits/council-tax-reduction-data.js';
import type { Country } from '../../../engine/household.js';
import { estimatedWeeklyRate, LHA_CATEGORIES } from '../../../engine/local-housing-allowance.js';
import type { AccuracyReport, AccuracySection } from '../../../common/accuracy.js';

/**
 * The public accuracy page (`/accuracy`, and `docs/accuracy.md`, written from the same report): what the
 * calculator covers, how it is checked, the hand-worked cases per benefit, which Local Housing Allowance areas and
 * councils' schemes it holds, and what it estimates. Every figure is counted from the data the engine runs on, so
 * the page cannot claim more than the calculator does. Pure: the caller reads the files.
 */

export type { AccuracyReport, AccuracySection, AccuracyTable } from '../../../common/accuracy.js';

export interface AuthorityRow {
  code: string;
  name: string;
  country: 'England' | 'Scotland' | 'Wales' | 'Northern Ireland';
}

export interface PrivateRentingRow {
  localAuthority: string;
  privateRentingHouseholds: number;
}

export interface AccuracyInputs {
  date: string;
  engine: Entitlements;
  councilTax: CouncilTaxData;
  caseFiles: readonly CaseFile[];
  authorities: readonly AuthorityRow[];
  /** English authorities' private-renting households, to weight the share settled by the council alone. */
  privateRenting: readonly PrivateRentingRow[];
  /** England's most populous councils, largest first, to count how many of their schemes are held. */
  mostPopulous: readonly { rank: number; localAuthority: string; name: string; population: number }[];
}

const NATIONS: readonly { country: AuthorityRow['country']; code: Country }[] = [
  { country: 'England', code: 'ENGLAND' },
  { country: 'Scotland', code: 'SCOTLAND' },
  { country: 'Wales', code: 'WALES' },
  { country: 'Northern Ireland', code: 'NORTHERN_IRELAND' },
];

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${((part * 100) / whole).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString('en-GB');

function casesSection(caseFiles: readonly CaseFile[], engine: Entitlements): AccuracySection {
  const byFolder = new Map<string, number>();
  for (const file of caseFiles) {
    const folder = file.file.split('/')[0]!;
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + file.cases.length);
  }
  const names = new Map(engine.calculators.map((calculator) => [calculator.folder, calculator.name]));
  const rows = [...byFolder.entries()]
    .sort(([a], [b]) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b))
    .map(([folder, cases]) => [names.get(folder) ?? folder, String(cases)]);
  const total = [...byFolder.values()].reduce((sum, cases) => sum + cases, 0);
  return {
    id: 'how-it-is-checked',
    heading: 'How it is checked',
    paragraphs: [
      'Every rate and threshold the calculator uses is a dated value with its official source (GOV.UK, legislation.gov.uk, HMRC, the council’s own scheme) and the regulation it comes from; a date with no value in force is refused, never answered with last year’s figure.',
      `Each benefit has households worked out by hand, with the arithmetic written beside them, and the calculator must agree with every one to the penny: ${count(total)} cases in all. They run with every change to the calculator (npm test) and on their own (npm run rules:test).`,
      'Besides them, 10,000 households made up at random are worked out with every change, checking that no figure is negative or fractional, that more earnings or savings never raise a means-tested award, and that the results and their explanations agree.',
    ],
    table: { columns: ['Benefit', 'Hand-worked cases'], rows },
  };
}

/** How the weekly estimate (monthly x 12 / 365 x 7) compares with every published Great Britain weekly figure held. */
function estimateCheck(lha: AccuracyInputs['engine']['lha'], date: string): { figures: number; equal: number; largest: number } {
  let figures = 0;
  let equal = 0;
  let largest = 0;
  for (const area of lha.areas) {
    if (area.nation === 'NORTHERN_IRELAND' || !lha.hasPublishedHousingBenefitRates(area)) continue;
    for (const category of LHA_CATEGORIES) {
      const published = lha.rate(area.name, category, date, 'HOUSING_BENEFIT');
      const difference = Math.abs(published - estimatedWeeklyRate(lha.rate(area.name, category, date, 'UNIVERSAL_CREDIT')));
      figures += 1;
      if (difference === 0) equal += 1;
      largest = Math.max(largest, difference);
    }
  }
  return { figures, equal, largest };
}

function housingAllowanceSection(inputs: AccuracyInputs): AccuracySection {
  const { engine, authorities, privateRenting } = inputs;
  const lha = engine.lha;
  const rows = NATIONS.map(({ country, code }) => {
    const inNation = authorities.filter((authority) => authority.country === country);
    const held = inNation.map((authority) => lha.authority(authority.code)).filter((row) => row !== undefined);
    const single = held.filter((row) => !row.split).length;
    const areas = lha.areasOf(code);
    const weekly = areas.filter((area) => lha.hasPublishedHousingBenefitRates(area)).length;
    return [
      country,
      String(areas.length),
      String(weekly),
      String(inNation.length),
      `${single} (${percent(single, inNation.length)})`,
      String(held.length - single),
    ];
  });
  const settledHouseholds = privateRenting.filter((row) => lha.authority(row.localAuthority) && !lha.authority(row.localAuthority)!.split);
  const households = privateRenting.reduce((sum, row) => sum + row.privateRentingHouseholds, 0);
  const settled = settledHouseholds.reduce((sum, row) => sum + row.privateRentingHouseholds, 0);
  const total = authorities.length;
  const single = authorities.filter((authority) => lha.authority(authority.code)?.split === false).length;
  const confirmed = authorities.filter((authority) => lha.authority(authority.code)?.confirmed === true).length;
  const allAreas = NATIONS.reduce((sum, { code }) => sum + lha.areasOf(code).length, 0);
  const weeklyAreas = NATIONS.reduce(
    (sum, { code }) => sum + lha.areasOf(code).filter((area) => lha.hasPublishedHousingBenefitRates(area)).length,
    0,
  );
  const check = estimateCheck(lha, inputs.date);
  return {
    id: 'local-housing-allowance',
    heading: 'Local Housing Allowance: every area',
    paragraphs: [
      `Help with private rent (Universal Credit’s housing element, and Housing Benefit at pension age) is limited to the Local Housing Allowance of the Broad Rental Market Area the home is in. The calculator holds the monthly rates Universal Credit uses for every area in the UK, each with its source. Housing Benefit uses the weekly rates the rent officers publish for it, which the calculator holds for ${weeklyAreas} of ${allAreas} areas, each from an official page (a council’s, or the Housing Executive’s). Elsewhere it estimates the weekly rate from the monthly one (x 12 / 365 x 7, to the penny) and says so in the result: of the ${check.figures} published weekly figures held for Great Britain, ${check.equal} equal that estimate to the penny${check.equal < check.figures ? ` and the largest difference is ${check.largest}p` : ''}.`,
      `Every council in the UK is in the table of the areas that cover it. ${single} of ${total} councils (${percent(single, total)}) are wholly in one area, so the council settles the area. In the others the questionnaire asks which area the home is in, offering only that council’s areas, with a link to the Valuation Office Agency’s LHA Direct search by postcode; an operator who loads the open postcode to area lookup (npm run data:brma) settles it from the postcode instead.`,
      `${confirmed} of the ${total} rows are confirmed by an official page (the council’s own LHA page), which each cites. The other ${total - confirmed} were compiled by the project from the rent officers’ area definitions and are not yet confirmed; checking rows against council pages has mostly found extra areas covering a few streets or villages at a council’s edge, so where an unconfirmed row puts a council in one area the result says it comes from our table and suggests checking the postcode on LHA Direct.`,
      `Weighted by private-renting households (ONS: Census 2021 households and the 2023 share rented privately, England only), ${percent(settled, households)} of England’s private renters live in a council wholly in one area.`,
      'Where the area is not known (the person is not sure, or the council is not known), the calculator never pays the rent unchecked: it uses the lowest rate among the areas the home could be in, says so, and gives the highest, so the person can see how much more they could get.',
    ],
    table: {
      columns: [
        'Nation',
        'Areas',
        'Areas with Housing Benefit weekly rates',
        'Councils',
        'Councils in one area',
        'Councils split between areas',
      ],
      rows,
    },
  };
}

function councilTaxSection(inputs: AccuracyInputs): AccuracySection {
  const { councilTax, authorities, date } = inputs;
  const year = councilTaxYearOf(date);
  const england = authorities.filter((authority) => authority.country === 'England');
  const held = england
    .map((authority) => ({ authority, scheme: councilTax.workingAgeSchemeOn(authority.code, date) }))
    .filter(({ scheme }) => scheme.kind === 'local')
    .sort((a, b) => a.authority.name.localeCompare(b.authority.name));
  const fallback = councilTax.schemesFile.default;
  const largest = inputs.mostPopulous;
  const heldLargest = largest.filter((row) => councilTax.workingAgeSchemeOn(row.localAuthority, date).kind === 'local');
  const peopleHeld = heldLargest.reduce((sum, row) => sum + row.population, 0);
  const people = largest.reduce((sum, row) => sum + row.population, 0);
  const notHeld = largest.filter((row) => !heldLargest.includes(row)).map((row) => row.name);
  return {
    id: 'council-tax-reduction',
    heading: 'Council Tax Reduction: whose scheme is used',
    paragraphs: [
      'Scotland and Wales each have one national scheme, and England one national scheme for people over State Pension age; the calculator holds all three.',
      `For working-age people each English council sets its own scheme. For ${year} the calculator holds the schemes of ${held.length} of England’s ${england.length} councils, read from each council’s own scheme document: maximum support, taper or income bands, band cap, capital limit, minimum award, non-dependant deductions and the groups it protects.`,
      `Of the ${largest.length} most populous English councils (ONS population estimates), ${heldLargest.length} are held, covering ${percent(peopleHeld, people)} of the people living in those ${largest.length}. Not yet held: ${notHeld.join('; ')}. For these the council’s 2026/27 scheme document could not yet be read and checked, and no figure is added that cannot be cited.`,
      `For the other ${england.length - held.length} English councils the result says plainly that it is an estimate, worked out with ${fallback.name}: ${fallback.assumptions}`,
    ],
    list: held.map(({ authority, scheme }) => `${authority.name}${scheme.kind === 'local' ? ` (${scheme.source.title})` : ''}`),
  };
}

function estimatesSection(): AccuracySection {
  return {
    id: 'what-is-estimated',
    heading: 'What is estimated or left out',
    paragraphs: ['Where the calculator cannot be exact it says so in the result itself. The main cases are:'],
    list: [
      'Council Tax Reduction for a working-age household in an English council whose scheme is not held: an estimate, labelled as such.',
      'Council tax worked out from the band uses the council’s average Band D, without any parish or town council charge (usually £20 to £80 a year).',
      'A private tenant whose Local Housing Allowance area is not known: the lowest rate of the areas the home could be in, with the highest given.',
      'Housing Benefit for a private tenant over State Pension age where the published weekly Housing Benefit rate of the area is not held: estimated from the monthly rate, labelled as such.',
      'A council that our table puts wholly in one Local Housing Allowance area without an official page confirming it: the result says the area comes from our table and points to LHA Direct.',
      'Housing Benefit for someone over State Pension age renting a room in a shared house: the council uses the lower shared accommodation rate, which the questionnaire does not ask about.',
      'A non-dependant’s deduction is chosen by their gross income; whether they work 16 hours a week is not asked.',
      'Disability and caring benefits that need an assessment (PIP, Attendance Allowance, DLA) are shown as ‘you may be entitled’, without an amount.',
    ],
  };
}

const NATIONS_IN_ORDER: readonly Country[] = ['ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN_IRELAND'];

/** Per nation, what the calculator works out there that differs from the rest of the UK, and what it does not (rulesets/nations.json). */
function nationsSection(engine: Entitlements): AccuracySection {
  return {
    id: 'each-nation',
    heading: 'What differs in each nation',
    paragraphs: [
      'Most benefits follow the same rules across the UK. Where a nation has its own payments, rates or law, this is what the calculator works out there, and what it does not.',
    ],
    list: NATIONS_IN_ORDER.flatMap((country) => {
      const { name, modelled, notModelled } = engine.nations.differences(country);
      return [...modelled.map((item) => `${name}, worked out: ${item}`), ...notModelled.map((item) => `${name}, not worked out: ${item}`)];
    }),
  };
}

export function accuracyReport(inputs: AccuracyInputs): AccuracyReport {
  const { engine } = inputs;
  return {
    title: 'How accurate is the calculator?',
    date: inputs.date,
    sections: [
      {
        id: 'what-is-covered',
        heading: 'What is covered',
        paragraphs: [
          `The calculator works out ${engine.calculators.map((calculator) => calculator.name).join(', ')}, for England, Scotland, Wales and Northern Ireland, with the rules and rates in force from ${engine.ratesHeldFrom} to ${engine.parameters.ratesHeldUntil}.`,
          'It is a guide, not a decision: the Department for Work and Pensions, HMRC, Social Security Scotland and your council decide what you get.',
        ],
      },
      casesSection(inputs.caseFiles, engine),
      housingAllowanceSection(inputs),
      councilTaxSection(inputs),
      nationsSection(engine),
      estimatesSection(),
    ],
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The report as Markdown, for `docs/accuracy.md` (written by `npm run docs:accuracy`). */
export function accuracyMarkdown(report: AccuracyReport): string {
  const lines = [
    `# ${report.title}`,
    '',
    `<!-- Written by npm run docs:accuracy from the calculator's own data; do not edit by hand. Counts for ${report.date}. -->`,
    '',
    'This is the public accuracy page, also served by the calculator at /accuracy.',
  ];
  for (const section of report.sections) {
    lines.push('', `## ${section.heading}`);
    for (const paragraph of section.paragraphs) lines.push('', paragraph);
    if (section.table) {
      lines.push('', `| ${section.table.columns.map(cell).join(' | ')} |`, `| ${section.table.columns.map(() => '---').join(' | ')} |`);
      for (const row of section.table.rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    if (section.list && section.list.length > 0) lines.push('', ...section.list.map((item) => `- ${item}`));
  }
  return `${lines.join('\n')}\n`;
}

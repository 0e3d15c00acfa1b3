import type { LastRatesHeld } from '../../../common/result/last-rates-held.js';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ComparisonData } from '../../../common/adviser/model.js';
import type { SiteConfig } from '../../../common/site.js';
import { parseMarkup } from '../documents/document-markup.js';
import { compileDocumentTemplates, DOCUMENTS_DIR, type DocumentTemplates } from '../documents/document-templates.js';
import { drawPdf } from '../documents/pdf-layout.js';
import { dateInWords } from '../../../common/dates/calendar.js';
import { moneyIn, type DocumentPeriod } from '../documents/result-view.js';
import { comparisonSentence } from './comparison.js';

/**
 * The adviser's 'Comparing calculations' PDF: the comparison data fill in `definitions/documents/
 * adviser-comparison.hbs`, which writes the same document markup as the results PDF, drawn by the same layout.
 */

export const COMPARISON_TEMPLATE = 'adviser-comparison.hbs';
export const COMPARISON_PDF_FILE_NAME = 'Comparing calculations.pdf';

/** Compiled once when the server starts, so a mistake in the template stops the start, naming the file. */
export function loadComparisonTemplate(directory = DOCUMENTS_DIR): DocumentTemplates {
  const path = join(directory, COMPARISON_TEMPLATE);
  return compileDocumentTemplates({ path: relative(process.cwd(), path) || COMPARISON_TEMPLATE, text: readFileSync(path, 'utf8') }, []);
}

export interface ComparisonPdfInput {
  /** Each calculation's column name (its case label, or its reference) and reference, in the order compared. */
  calculations: { name: string; reference: string }[];
  lb: ComparisonData;
  uc: ComparisonData;
  period: DocumentPeriod;
  site: SiteConfig;
  /** The date the figures were worked out for (YYYY-MM-DD). */
  calculatedOn: string;
  /** After the last date the rates held cover: the figures use last year's rates, and the document says so. */
  lastRatesHeld: LastRatesHeld | null;
  generatedAt: Date;
  template: DocumentTemplates;
}

const PERIODS = {
  weekly: { name: 'weekly', per: 'per week', unit: 'week' },
  monthly: { name: 'monthly', per: 'per month', unit: 'month' },
} as const;

const SYSTEM_TITLES = { lb: 'Legacy benefits and pension age benefits', uc: 'Universal Credit system' } as const;

const UK_ISO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The view the template is filled in with: every amount already written out in the period asked for. */
export function comparisonDocumentView(input: ComparisonPdfInput) {
  const period = PERIODS[input.period];
  const systems = (['lb', 'uc'] as const)
    .filter((system) => input[system].show)
    .map((system) => {
      const data = input[system];
      const columns = input.period === 'weekly' ? data.weeklyData : data.monthlyData;
      return {
        title: SYSTEM_TITLES[system],
        // The sentence names the best total a week, whichever period the document shows.
        sentence: comparisonSentence(system, data.weeklyData),
        columns: columns.map((column) => ({
          name: column.name,
          isEligible: column.isEligible,
          benefits: data.categories
            .map((name, index) => ({ name, amount: moneyIn(column.data[index], period) }))
            .filter((_, index) => column.data[index] !== 0),
          benefitTotal: moneyIn(column.benefitTotal, period),
          otherTotal: moneyIn(column.otherTotal, period),
          total: moneyIn(column.total, period),
          afterHousingCosts: moneyIn(column.afterHousingCosts, period),
        })),
      };
    });
  return {
    charity: { name: input.site.charity.name },
    period,
    producedOn: dateInWords(UK_ISO_DATE.format(input.generatedAt)),
    workedOutOn: dateInWords(input.calculatedOn),
    lastRatesHeld: input.lastRatesHeld && { heading: input.lastRatesHeld.heading, notice: input.lastRatesHeld.notice },
    calculationCount: String(input.calculations.length),
    calculations: input.calculations,
    systems,
  };
}

export function comparisonDocumentMarkup(input: ComparisonPdfInput): string {
  return input.template.resultDocument(comparisonDocumentView(input));
}

export async function renderComparisonPdf(input: ComparisonPdfInput): Promise<Buffer> {
  const markup = parseMarkup(comparisonDocumentMarkup(input), input.template.resultDocumentPath);
  return drawPdf(markup, { createdAt: input.generatedAt });
}

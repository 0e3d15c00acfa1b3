import { lastRatesHeldOf, type LastRatesHeld } from '../../../common/result/last-rates-held.js';
import { RESULT_BOTH_SYSTEMS } from '../../../test/fixtures/result.js';
import type { ResultModel } from '../../../common/result/model.js';
import type { SiteConfig } from '../../../common/site.js';
import { parseMarkup } from '../documents/document-markup.js';
import { comparisonDocumentMarkup, loadComparisonTemplate, renderComparisonPdf, type ComparisonPdfInput } from './comparison-pdf.js';
import { buildComparison } from './comparison.js';

// The template of definitions/documents, read as the server reads it at start.
const template = loadComparisonTemplate();
const SITE = { charity: { name: 'Benefits Calculator' } } as SiteConfig;

const notEligibleForUc: ResultModel = {
  ...RESULT_BOTH_SYSTEMS,
  token: 'B2B2B2B2',
  eligibility: { isEligibleForLb: true, isEligibleForUc: false },
};
const compared = [
  { name: 'Part time | evenings', result: RESULT_BOTH_SYSTEMS },
  { name: 'Not working', result: notEligibleForUc },
];

function input(period: 'weekly' | 'monthly', lastRatesHeld: LastRatesHeld | null = null): ComparisonPdfInput {
  return {
    calculations: compared.map(({ name, result }) => ({ name, reference: result.token })),
    lb: buildComparison(compared, 'lb'),
    uc: buildComparison(compared, 'uc'),
    period,
    site: SITE,
    calculatedOn: '2026-11-23',
    lastRatesHeld,
    generatedAt: new Date('2026-11-23T10:00:00Z'),
    template,
  };
}

describe('the comparison PDF', () => {
  it('lists each calculation’s benefits and totals for each system, in the period asked for', () => {
    const markup = comparisonDocumentMarkup(input('weekly'));
    const lines = markup
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines).toContain('title Comparing calculations');
    expect(lines).toContain(
      'note Prepared by Benefits Calculator on 23 November 2026 for an adviser. All amounts are shown per week, worked out with the benefit rates in force on 23 November 2026.',
    );
    // The adviser's label is escaped for the markup, so its '|' stays text.
    expect(lines).toContain('bullet Part time \\| evenings: calculation reference K7MXQ2PA');
    expect(lines).toContain('heading Legacy benefits and pension age benefits');
    expect(lines).toContain('row Housing Benefit | £97.50 per week');
    expect(lines).toContain('total Total income | £315.90 per week');
    expect(lines).toContain('heading Universal Credit system');
    expect(lines).toContain('text Not eligible under this system.');
    // A benefit with no amount (PIP: it depends on an assessment) is not listed as £0.00.
    expect(markup).not.toMatch(/Personal Independence Payment/);
    expect(() => parseMarkup(markup, 'adviser-comparison.hbs')).not.toThrow();
  });

  it('says first when the figures use last year’s rates, after the last date the rates held cover', () => {
    const markup = comparisonDocumentMarkup(input('weekly', lastRatesHeldOf('2027-03-31')));
    expect(markup).toContain('strong These figures use last year’s rates');
    expect(markup).toContain('text These figures use the benefit rates for April 2026 to March 2027, the latest the calculator holds.');
    expect(markup).toContain('worked out on 23 November 2026 with the last benefit rates the calculator holds');
    expect(comparisonDocumentMarkup(input('weekly'))).not.toContain('last year’s rates');
  });

  it('shows monthly amounts when asked', () => {
    expect(comparisonDocumentMarkup(input('monthly'))).toMatch(/row Housing Benefit \| £422\.50 per month/);
  });

  it('is drawn as a PDF', async () => {
    const pdf = await renderComparisonPdf(input('weekly'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

import { readFileSync } from 'node:fs';
import { normaliseHousehold } from '../../../engine/core/normalise.js';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { eligibilityOf, resultBenefits, type BenefitGuide } from '../results/from-calculation.js';
import { lastRatesHeldOf } from '../../../common/result/last-rates-held.js';
import { BENEFIT_TYPES, type ResultBenefit, type ResultModel } from '../../../common/result/model.js';
import { RESULT_BOTH_SYSTEMS } from '../../../test/fixtures/result.js';
import type { SiteConfig } from '../../../common/site.js';
import { loadSiteConfig } from '../site/site-definitions.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { DocumentMarkupError, escapeMarkup, parseMarkup } from './document-markup.js';
import { compileDocumentTemplates, DocumentTemplateError, loadDocumentTemplates } from './document-templates.js';
import { drawableText } from './pdf-layout.js';
import { renderResultPdf, resultDocumentMarkup } from './result-pdf.js';

let SITE: SiteConfig;
const GENERATED_AT = new Date('2026-11-23T10:00:00Z');
const SIZE_LABEL_BYTES = 400 * 1024;

// The templates of definitions/documents, read once as the server reads them.
const templates = loadDocumentTemplates();

beforeAll(async () => {
  const site = await loadSiteConfig(DEFINITIONS_DIR, null);
  SITE = {
    ...site,
    charity: {
      ...site.charity,
      name: 'Benefits Calculator',
      homepageUrl: 'https://www.example.org/',
      helpline: { phoneNumber: '0808 157 0192', openingHours: 'Mon–Fri 9am–5pm' },
    },
  };
});

interface PdfText {
  pages: string[];
  /** The tags of page 1's structure, depth first ('Document', 'H1', ...), as a screen reader meets them. */
  firstPageTags: string[];
  /** Every page's text in one line, words separated by single spaces. */
  all: string;
  title: string;
  author: string;
}

/** The PDF read back as a viewer reads it (pdf.js, the viewer Firefox uses). */
async function readPdf(pdf: Buffer): Promise<PdfText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const words = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(words.replace(/\s+/g, ' ').trim());
  }
  type StructNode = { role?: string; children?: StructNode[] };
  const tags = (node: StructNode): string[] => (node.role ? [node.role, ...(node.children ?? []).flatMap(tags)] : []);
  const firstPageTags = tags((await (await document.getPage(1)).getStructTree()) as StructNode).slice(1);
  const { info } = (await document.getMetadata()) as { info: { Title?: string; Author?: string } };
  await document.destroy();
  return { pages, firstPageTags, all: pages.join(' '), title: info.Title ?? '', author: info.Author ?? '' };
}

function render(result: ResultModel, period: 'weekly' | 'monthly') {
  return renderResultPdf(result, { period, site: SITE, generatedAt: GENERATED_AT, templates });
}

function withBenefits(changes: Partial<NonNullable<ResultModel['benefits']>>, result: ResultModel = RESULT_BOTH_SYSTEMS): ResultModel {
  return { ...result, benefits: { ...result.benefits!, ...changes } };
}

describe('the Your Benefit Results PDF', () => {
  describe('with a lump sum, what is already got, and Universal Credit paid after debts', () => {
    const universalCredit = RESULT_BOTH_SYSTEMS.benefits!.universalCredit.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
    const result = withBenefits({
      universalCredit: RESULT_BOTH_SYSTEMS.benefits!.universalCredit.map((benefit) =>
        benefit === universalCredit
          ? {
              ...benefit,
              claimStatus: 'ALREADY_GET' as const,
              paidAfterDeductions: {
                weeklyPayment: 150.71,
                monthlyPayment: 653.08,
                lines: [{ name: 'Repaying a Universal Credit advance', weeklyPayment: 9.23, monthlyPayment: 40 }],
              },
            }
          : benefit,
      ),
      oneOff: [
        {
          benefitName: 'Sure Start Maternity Grant',
          benefitCode: 'SURE_START_MATERNITY_GRANT',
          amountShown: true,
          amount: 1000,
          betterOffAmount: 1000,
          parts: [
            { name: 'Due 20 February 2027: 2 grants', amount: 1000 },
            { name: 'Due 1 June 2027: 1 grant', amount: 500 },
          ],
          link: 'https://www.gov.uk/sure-start-maternity-grant',
          howToClaim: { message: 'Claim with form SF100.' },
          messages: [
            {
              name: 'SURE_START_MATERNITY_GRANT-1',
              message: 'The Sure Start Maternity Grant is a one-off payment of £500.00 for each baby.',
            },
          ],
        },
        {
          benefitName: 'Funeral Expenses Payment',
          benefitCode: 'FUNERAL_EXPENSES_PAYMENT',
          amountShown: false,
          amount: 0,
          betterOffAmount: 0,
          parts: [],
          link: 'https://www.gov.uk/funeral-payments',
          howToClaim: { message: 'Claim within 6 months of the funeral.' },
          messages: [],
        },
      ],
    });
    let text: PdfText;
    beforeAll(async () => {
      text = await readPdf(await render(result, 'weekly'));
    });

    it('lists each lump sum apart, paid once, out of the totals, and one whose amount is not known without a figure', () => {
      expect(text.all).toContain('One-off payments you could get');
      expect(text.all).toContain('They are not part of the totals above.');
      expect(text.all).toContain('You could get £1,000.00, paid once.');
      expect(text.all).toContain('Due 1 June 2027: 1 grant: £500.00');
      expect(text.all).toContain('Due 20 February 2027: 2 grants: £1,000.00');
      expect(text.all).toContain('You may be entitled to this. We cannot work out how much from your answers.');
      // The totals are those of the benefits paid regularly, unchanged.
      expect(text.all).toContain('Your total benefits £178.34 per week');
    });

    it('marks the benefit already got, and gives what Universal Credit pays after debts', () => {
      expect(text.all).toContain('Universal Credit (you already get this)');
      expect(text.all).toContain('Paid after deductions for debts: £150.71 per week.');
    });
  });

  describe('for a private renter eligible under both systems, weekly', () => {
    let pdf: Buffer;
    let text: PdfText;

    beforeAll(async () => {
      pdf = await render(RESULT_BOTH_SYSTEMS, 'weekly');
      text = await readPdf(pdf);
    });

    it('is a PDF, well under the 400 KB the download button promises', () => {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(SIZE_LABEL_BYTES);
    });

    it('is titled Your Benefit Results, by the charity, with the reference and the date worked out', () => {
      expect(text.title).toBe('Your Benefit Results');
      expect(text.author).toBe('Benefits Calculator');
      expect(text.pages[0]).toContain('Your Benefit Results');
      expect(text.pages[0]).toContain('Your calculation reference K7MXQ2PA');
      expect(text.pages[0]).toContain('We worked out these results on 23 November 2026');
      expect(text.pages[0]).toContain('using the benefit rates for 2026-27');
    });

    it('is tagged for screen readers: a heading structure, and the amounts as tables', () => {
      expect(text.firstPageTags.slice(0, 2)).toEqual(['Document', 'H1']);
      expect(text.firstPageTags).toContain('H2');
      expect(text.firstPageTags.join(' ')).toContain('H3 Table TR TD TD TR TD TD');
    });

    it('puts the reference, the date and the page number at the foot of every page', () => {
      text.pages.forEach((page, index) => {
        expect(page).toContain('Benefits Calculator · Your Benefit Results · Reference K7MXQ2PA · 23 November 2026');
        expect(page).toContain(`Page ${index + 1} of ${text.pages.length}`);
      });
    });

    it('shows each system with its benefits and total, per week, to the penny', () => {
      expect(text.all).toContain('Legacy benefits and pension age benefits');
      expect(text.all).toContain('Housing Benefit £97.50 per week');
      expect(text.all).toContain('Council Tax Reduction £18.40 per week');
      expect(text.all).toContain('Your total benefits £115.90 per week');
      expect(text.all).toContain('Universal Credit £159.94 per week');
      expect(text.all).toContain('Your total benefits £178.34 per week');
      expect(text.all).toContain('Two ways of working out your help');
      expect(text.all).not.toContain('per month');
    });

    it('shows no amount for a benefit that needs an assessment (type 7)', () => {
      expect(text.all).toContain('Personal Independence Payment You may be entitled');
      expect(text.all).toContain('You may be entitled to Personal Independence Payment. How much you get depends on an assessment');
      expect(text.all).not.toMatch(/Personal Independence Payment £/);
    });

    it('breaks Universal Credit down into its elements and deductions', () => {
      expect(text.all).toContain('How your Universal Credit is worked out');
      expect(text.all).toContain('Standard allowance £98.05 per week');
      expect(text.all).toContain('Housing costs £121.61 per week');
      expect(text.all).toContain('Maximum Universal Credit before deductions £219.66 per week');
      expect(text.all).toContain('Less: Earnings (55% taper) £59.72 per week');
      expect(text.all).toContain('Total deductions £59.72 per week');
    });

    it('says how to claim each benefit once, with its reasons and link', () => {
      expect(text.all).toContain('How to claim');
      expect(text.all).toContain('Claim online at GOV.UK/universal-credit, or call the Universal Credit helpline on 0800 328 5644.');
      expect(text.all).toContain('The standard allowance for a single person aged 25 or over is £424.90 a month.');
      expect(text.all).toContain('Call the PIP new claims line on 0800 917 2222.');
      expect(text.all).toContain('Find out more: https://www.gov.uk/universal-credit');
      // Council Tax Reduction is in both systems' lists but is claimed once.
      expect(text.all.match(/Apply to Manchester City Council\./g)).toHaveLength(1);
    });

    it('lists the extra help with how to get it', () => {
      expect(text.all).toContain('Extra help for you');
      expect(text.all).toContain('Broadband and phone social tariffs');
      expect(text.all).toContain('How to access foodbanks: Contact your council, or find your nearest foodbank on the Trussell website.');
    });

    it('gives the helpline, the Warm Homes Network call back and the grants search', () => {
      expect(text.all).toContain('Call our free helpline on 0808 157 0192 (Mon–Fri 9am–5pm) to talk your results through with an adviser.');
      expect(text.all).toContain(`${SITE.charity.resultsLinks.warmHomesCallBack.text}: ${SITE.charity.resultsLinks.warmHomesCallBack.url}`);
      expect(text.all).toContain(`${SITE.charity.resultsLinks.grantsSearch.text}: ${SITE.charity.resultsLinks.grantsSearch.url}`);
    });

    it('repeats the answers as the results page shows them: masked, and "prefix - value"', () => {
      expect(text.all).toContain('What you told us');
      expect(text.all).toContain('What is your postcode? Manchester');
      expect(text.all).toContain('What is your date of birth? Age 34');
      expect(text.all).toContain('How much rent do you pay? Monthly - £750.00');
    });
  });

  it('tells a client of an adviser that the adviser finds the calculation again, not the postcode', async () => {
    const client = {
      clientGuid: 'c1',
      displayName: 'Mary Smith',
      firstName: 'Mary',
      lastName: 'Smith',
      dateOfBirth: '07/03/1984',
      clientNumber: '',
      caseReference: '',
      caseNotes: '',
      searchName: '',
      calculationCreateDate: null,
      calculationUpdateDate: null,
    };
    const adviser = await readPdf(await render({ ...RESULT_BOTH_SYSTEMS, client }, 'weekly'));
    expect(adviser.pages[0]).toContain('Your adviser can use it to find this calculation again');
    expect(adviser.all).toContain('ask your adviser to change your answers');
    expect(adviser.all).not.toContain('With it and your postcode');
    const visitor = await readPdf(await render(RESULT_BOTH_SYSTEMS, 'weekly'));
    expect(visitor.pages[0]).toContain('With it and your postcode you can go back to your results');
  });

  it('says, as the page does, when the figures depend on a right to reside, and marks each one that does', async () => {
    const benefits = RESULT_BOTH_SYSTEMS.benefits!;
    const marked = {
      ...RESULT_BOTH_SYSTEMS,
      rightToReside: { who: 'YOU', notSure: false } as const,
      benefits: {
        ...benefits,
        universalCredit: benefits.universalCredit.map((shown) =>
          shown.benefitCode === 'UNIVERSAL_CREDIT' ? { ...shown, dependsOnRightToReside: true } : shown,
        ),
      },
    };
    const text = await readPdf(await render(marked, 'monthly'));
    expect(text.pages[0]).toContain('These amounts depend on your right to reside');
    expect(text.pages[0]).toContain('are working, or self-employed, including while off sick or on maternity or paternity leave');
    expect(text.all).toContain('Universal Credit (depends on a right to reside) £693.07 per month');
    const plain = await readPdf(await render(RESULT_BOTH_SYSTEMS, 'monthly'));
    expect(plain.all).not.toContain('right to reside');
  });

  it('shows monthly amounts when monthly is chosen', async () => {
    const text = await readPdf(await render(RESULT_BOTH_SYSTEMS, 'monthly'));
    expect(text.all).toContain('All amounts are shown per month.');
    expect(text.all).toContain('Universal Credit £693.07 per month');
    expect(text.all).toContain('Your total benefits £772.80 per month');
    expect(text.all).toContain('Your total benefits £502.23 per month');
    expect(text.all).toContain('Maximum Universal Credit before deductions £951.87 per month');
    expect(text.all).not.toContain('per week');
  });

  it('compares now with after the change in the better-off view, where a type 4 benefit has its amount only after', async () => {
    const carersAllowance: ResultBenefit = {
      ...RESULT_BOTH_SYSTEMS.benefits!.nonMeansTested[0],
      benefitName: "Carer's Allowance",
      benefitCode: 'CARERS_ALLOWANCE',
      benefitType: BENEFIT_TYPES.onlyAfterChange,
      betterOffBenefitType: BENEFIT_TYPES.amount,
      betterOffWeeklyPayment: 86.45,
      betterOffMonthlyPayment: 374.62,
      howToClaim: { message: "Claim Carer's Allowance online at GOV.UK." },
    };
    const result = withBenefits(
      {
        lbBetterOffWeekly: 60.15,
        ucBetterOffWeekly: 120.5,
        betterOffMessageWeekly: 'You would be £48.20 a week better off after the change.',
        nonMeansTested: [carersAllowance],
      },
      { ...RESULT_BOTH_SYSTEMS, isBetterOff: true },
    );
    const text = await readPdf(await render(result, 'weekly'));
    expect(text.all).toContain('If your circumstances change');
    expect(text.all).toContain('You would be £48.20 a week better off after the change.');
    expect(text.all).toContain('Now After the change');
    expect(text.all).toContain('Legacy benefits and pension age benefits £115.90 per week £60.15 per week');
    expect(text.all).toContain("Carer's Allowance Only after the change £86.45 per week");
    expect(text.all).toContain("You could get £86.45 per week after your circumstances change. Claim Carer's Allowance online at GOV.UK.");
  });

  it("says an award of nothing is not paid but worth claiming, never '£0.00' (Carer's Allowance's underlying entitlement)", async () => {
    const carersAllowance: ResultBenefit = {
      ...RESULT_BOTH_SYSTEMS.benefits!.nonMeansTested[0],
      benefitName: "Carer's Allowance",
      benefitCode: 'CARERS_ALLOWANCE',
      benefitType: BENEFIT_TYPES.amount,
      weeklyPayment: 0,
      monthlyPayment: 0,
      howToClaim: { message: "Claim Carer's Allowance online at GOV.UK." },
    };
    const text = await readPdf(await render(withBenefits({ nonMeansTested: [carersAllowance] }), 'weekly'));
    expect(text.all).toContain("Carer's Allowance Not paid, but worth claiming");
    expect(text.all).toContain("Carer's Allowance is not paid on top of what you already get, but it is worth claiming.");
    expect(text.all).not.toContain('£0.00');
  });

  it("leaves the helpline out where the partner's portal hides it, and the Warm Homes Network where it cannot help", async () => {
    const text = await readPdf(await render({ ...RESULT_BOTH_SYSTEMS, showHelpline: false, variables: [] }, 'weekly'));
    expect(text.all).not.toContain('0808 157 0192');
    expect(text.all).not.toContain('Need help?');
    expect(text.all).not.toContain('Warm Homes Network');
  });

  it('shows only Universal Credit to someone eligible only for it', async () => {
    const text = await readPdf(
      await render({ ...RESULT_BOTH_SYSTEMS, eligibility: { isEligibleForLb: false, isEligibleForUc: true } }, 'monthly'),
    );
    expect(text.all).toContain('Universal Credit £693.07 per month');
    expect(text.all).not.toContain('Legacy benefits');
    expect(text.all).not.toContain('Two ways of working out your help');
    expect(text.all).not.toContain('Housing Benefit');
  });

  it('says, as the page does, a rent above the Local Housing Allowance and what to do, and why there is no Council Tax Reduction', async () => {
    const text = await readPdf(
      await render(
        {
          ...RESULT_BOTH_SYSTEMS,
          eligibility: { isEligibleForLb: false, isEligibleForUc: true },
          housingAllowance: {
            area: 'Leeds',
            basis: 'LOCAL_AUTHORITY',
            summary: 'Leeds, which covers the whole of Leeds: £775.00 a month for 2 bedrooms.',
            candidates: ['Leeds'],
            rate: 775,
            period: 'month',
            highest: null,
            rateEstimated: false,
            pageNumber: null,
            rent: 1100,
            shortfall: 325,
            shortfallHelp: {
              from: 'Leeds council',
              scheme:
                'a Housing Payment from its Crisis and Resilience Fund (which replaced Discretionary Housing Payments in England in April 2026)',
              link: 'https://www.gov.uk/find-local-council',
            },
          },
          councilTaxReductionNotAwarded: {
            benefitCode: 'COUNCIL_TAX_REDUCTION',
            benefitName: 'Council Tax Reduction',
            reason: 'Your income is too high for Council Tax Reduction.',
            messages: [],
            howToClaim: { message: 'Apply to your local council.' },
            link: 'https://www.gov.uk/apply-council-tax-reduction',
          },
        },
        'monthly',
      ),
    );
    expect(text.pages[0]).toContain('Your rent is £325.00 a month more than the help with housing costs');
    expect(text.all.replace(/\s+/g, ' ')).toContain('Ask Leeds council for a Housing Payment from its Crisis and Resilience Fund');
    expect(text.all).toContain('You would get nothing at the moment. Your income is too high for Council Tax Reduction.');
  });

  it("lists each benefit once on page 1, under the heading that says what it is: a lone parent's Child Benefit is not means-tested, her Council Tax Reduction is", async () => {
    // The figures as the results service makes them, from the engine: a lone parent of working age renting from the council in Manchester.
    const household = normaliseHousehold({
      country: 'ENGLAND',
      localAuthority: 'E08000003',
      adults: [{ dateOfBirth: '1990-05-01' }],
      children: [{ dateOfBirth: '2019-03-02' }],
      housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' }, bedrooms: 2, councilTax: { band: 'B', liable: true } },
    });
    const calculated = await loadEntitlementEngine().calculate(household, '2026-11-23');
    const guide = JSON.parse(readFileSync('definitions/results/benefits.json', 'utf8')) as BenefitGuide;
    const result: ResultModel = {
      ...RESULT_BOTH_SYSTEMS,
      eligibility: eligibilityOf([calculated]),
      benefits: resultBenefits(calculated, guide, null),
    };
    expect(result.eligibility).toEqual({ isEligibleForLb: false, isEligibleForUc: true });
    const firstPage = (await readPdf(await render(result, 'weekly'))).pages[0];
    const universalCredit = firstPage.slice(
      firstPage.indexOf('Universal Credit Means-tested benefits'),
      firstPage.indexOf('Your total benefits'),
    );
    expect(universalCredit).toMatch(
      /^Universal Credit Means-tested benefits Universal Credit £[\d.,]+ per week Council Tax Reduction £[\d.,]+ per week Benefits that are not means-tested Child Benefit £[\d.,]+ per week New Style Jobseeker's Allowance You may be entitled $/,
    );
    expect(firstPage.match(/Child Benefit £/g)).toHaveLength(1);
    expect(firstPage).not.toContain('Universal Credit and help that goes with it');
  });

  it("prints names and answers as they are: apostrophes, '&', '£', a '|' and a line break in an answer", async () => {
    const result: ResultModel = {
      ...RESULT_BOTH_SYSTEMS,
      categories: [
        {
          name: 'about-you',
          text: 'You & your partner',
          isBetterOff: false,
          questions: [
            {
              text: "What is your partner's job?",
              name: 'PartnerJob',
              pageNumber: 3,
              showEdit: true,
              answers: [{ prefix: '', value: 'Cook | cleaner\nheading Injected' }],
            },
            {
              text: 'Other income',
              name: 'OtherIncome',
              pageNumber: 9,
              showEdit: true,
              answers: [
                { prefix: 'Weekly', value: '£20.00' },
                { prefix: 'Monthly', value: '£5.00' },
              ],
            },
          ],
        },
      ],
    };
    const markup = resultDocumentMarkup(result, { period: 'weekly', site: SITE, generatedAt: GENERATED_AT, templates });
    expect(markup).toContain("answer What is your partner's job? | Cook \\| cleaner heading Injected");
    expect(markup).not.toMatch(/^heading Injected/m);
    const text = await readPdf(await render(result, 'weekly'));
    expect(text.all).toContain('You & your partner');
    expect(text.all).toContain("What is your partner's job? Cook | cleaner heading Injected");
    expect(text.all).toContain('Other income Weekly - £20.00; Monthly - £5.00');
  });

  it('refuses a result that has no figures (out of date or unanswered)', async () => {
    await expect(render({ ...RESULT_BOTH_SYSTEMS, benefits: null }, 'weekly')).rejects.toThrow(
      'The calculation K7MXQ2PA has no results to put in a document.',
    );
  });

  describe('after the last date the rates held cover, with the last rates held', () => {
    it('says first that the figures use last year’s rates, and why they may be a little low', async () => {
      const result: ResultModel = { ...RESULT_BOTH_SYSTEMS, lastRatesHeld: lastRatesHeldOf('2027-03-31') };
      const text = await readPdf(await render(result, 'weekly'));
      expect(text.pages[0]).toContain('These figures use last year’s rates');
      expect(text.pages[0]).toContain(
        'These figures use the benefit rates for April 2026 to March 2027, the latest the calculator holds. The new rates from April 2027 have not been added yet.',
      );
      expect(text.all).toContain('the rules and rates for 2026-27, the latest the calculator holds');
      expect(text.all).not.toContain('rules and rates in force on');
    });

    it('says nothing of it when the rates held cover the date', async () => {
      const text = await readPdf(await render(RESULT_BOTH_SYSTEMS, 'weekly'));
      expect(text.all).not.toContain('last year’s rates');
      expect(text.all).toContain('rules and rates in force on 23 November 2026');
    });

    it('records the rules version it was worked out with, in words and as a reference', async () => {
      const text = await readPdf(await render({ ...RESULT_BOTH_SYSTEMS, rulesVersion: '2026-27+cs3' }, 'weekly'));
      expect(text.all).toContain(
        'Worked out with the 2026 to 2027 rules and rates, with published policy change 3 (rules version 2026-27+cs3).',
      );
    });
  });
});

describe('the document templates', () => {
  const main = (text: string) => ({ path: 'definitions/documents/your-benefit-results.hbs', text });
  const view = { name: 'Housing Benefit', items: [] };

  it('name the file and line of a template that does not compile', () => {
    expect(() => compileDocumentTemplates(main('title Results\n{{#each items}}\ntext {{name}}\n'), [])).toThrow(DocumentTemplateError);
    expect(() => compileDocumentTemplates(main('title Results\n{{#each items}}\ntext {{name}}\n'), [])).toThrow(
      /^definitions\/documents\/your-benefit-results\.hbs is not a valid template: Parse error on line 4/,
    );
  });

  it('name the file, the field and its place when a template asks for a field the results do not have', () => {
    const templates = compileDocumentTemplates(main('title Results\ntext {{benefitName}}\n'), []);
    expect(() => templates.resultDocument(view)).toThrow(
      'definitions/documents/your-benefit-results.hbs could not be filled in: "benefitName" not defined in [object Object] - 2:7',
    );
  });

  it('name the partial at fault, not the template that uses it', () => {
    const partial = { path: 'definitions/documents/partials/benefit.hbs', text: 'row {{name}} | {{amount}}\n' };
    const templates = compileDocumentTemplates(main('title Results\n{{> benefit}}\n'), [partial]);
    expect(() => templates.resultDocument(view)).toThrow(
      /^definitions\/documents\/partials\/benefit\.hbs could not be filled in: "amount" not defined/,
    );
  });

  it('name the line a template produced that the document cannot draw', async () => {
    const brokenTemplates = compileDocumentTemplates(
      main('title Your Benefit Results\nauthor {{charity.name}}\nfooter Footer\nparagraph {{reference}}\n'),
      [],
    );
    await expect(
      renderResultPdf(RESULT_BOTH_SYSTEMS, { period: 'weekly', site: SITE, generatedAt: GENERATED_AT, templates: brokenTemplates }),
    ).rejects.toThrow(
      'definitions/documents/your-benefit-results.hbs produced a line the document cannot draw (line 4 of its output, "paragraph K7MXQ2PA"): a line must start with one of title, author, footer, heading, subheading, text, strong, note, bullet, highlight, row, columns, total, answer, link, space, rule, pagebreak.',
    );
  });

  it('do not escape values as HTML', () => {
    const templates = compileDocumentTemplates(main('text {{name}}\n'), []);
    expect(templates.resultDocument({ name: `Carer's Allowance & "more" <b>` })).toBe(`text Carer's Allowance & "more" <b>\n`);
  });
});

describe('the document markup', () => {
  const parse = (markup: string) => parseMarkup(`title T\nauthor A\nfooter F\n${markup}`, 'test.hbs');

  it('groups rows into tables, bullets into lists and answers into one table', () => {
    expect(parse('row A | £1.00 per week\ntotal B | £2.00 per week\nbullet one\nbullet two\nanswer Q? | Yes').blocks.slice(1)).toEqual([
      {
        kind: 'table',
        columns: 2,
        rows: [
          { style: 'row', cells: ['A', '£1.00 per week'] },
          { style: 'total', cells: ['B', '£2.00 per week'] },
        ],
      },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'answers', rows: [{ question: 'Q?', answer: 'Yes' }] },
    ]);
  });

  it('keeps an escaped value whole', () => {
    const value = 'a | b \\ c\nd';
    expect(parse(`answer Q | ${escapeMarkup(value)}`).blocks[1]).toEqual({
      kind: 'answers',
      rows: [{ question: 'Q', answer: 'a | b \\ c d' }],
    });
  });

  it('says what a line with the wrong number of fields needs', () => {
    expect(() => parse('row Housing Benefit')).toThrow(DocumentMarkupError);
    expect(() => parse('row Housing Benefit')).toThrow("'row' takes 2 or 3 non-empty fields, separated by ' | '.");
    expect(() => parse('space 3')).toThrow("'space' takes nothing after it.");
    expect(() => parse('link GOV.UK | www.gov.uk')).toThrow("a link's address must start with http:// or https://.");
  });

  it('needs the title, author and footer lines', () => {
    expect(() => parseMarkup('text Hello', 'test.hbs')).toThrow("test.hbs produced no 'title' line; every document needs one.");
  });
});

describe('drawableText', () => {
  it('keeps what the built-in fonts can draw and makes the rest readable', () => {
    expect(drawableText("Carer's Allowance – £12.50 ‘quoted’ € • é")).toBe("Carer's Allowance – £12.50 ‘quoted’ € • é");
    expect(drawableText('Łódź → Kraków')).toBe('?ódz -> Kraków');
  });
});

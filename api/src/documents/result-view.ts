import { rentShortfallWords, type RentShortfallWords } from '../../../common/result/rent-shortfall.js';
import { rulesVersionInWords } from '../../../common/rules-version.js';
import { dateInWords } from '../../../common/dates/calendar.js';
import { formatAmount } from '../../../common/money.js';
import {
  BENEFIT_TYPES,
  variableIsTrue,
  WARM_HOMES_NETWORK_VARIABLE,
  type BenefitType,
  type ResultBenefit,
  type ResultElement,
  type ResultModel,
  type ResultOneOffPayment,
} from '../../../common/result/model.js';
import type { CharityDetails, SiteLink } from '../../../common/site.js';
import { DEPENDS_ON_RIGHT_TO_RESIDE, rightToResideWords, type RightToResideWords } from '../../../common/result/right-to-reside.js';

/**
 * What the 'Your Benefit Results' template is filled in with: the result model (already masked by the results
 * service) with every amount in the chosen period and written out ('£159.94 per week'), dates in words, and the
 * benefits grouped as the results page shows them. `definitions/documents/README.md` lists every field.
 */

export const DOCUMENT_PERIODS = ['weekly', 'monthly'] as const;
export type DocumentPeriod = (typeof DOCUMENT_PERIODS)[number];

export interface PeriodView {
  name: DocumentPeriod;
  /** 'per week' or 'per month'. */
  per: string;
  /** 'week' or 'month'. */
  unit: string;
}

/** One amount as the document shows it: the money when there is one, else why there is none. */
export interface AmountView {
  /** '£97.50 per week'; null when the benefit's type shows no amount, or the award is nothing. */
  amount: string | null;
  /** An award of nothing that is still worth claiming: Carer's Allowance's underlying entitlement. */
  notPaid: boolean;
  /** Type 7: the amount depends on an assessment (PIP, DLA, Attendance Allowance). */
  mayBeEntitled: boolean;
  /** Type 4: only after the change the person asked about. */
  onlyAfterChange: boolean;
  /** Type 0: not awarded (after a change, in the better-off view). */
  notAwarded: boolean;
}

export interface BenefitView {
  name: string;
  code: string;
  now: AmountView;
  afterChange: AmountView;
  /** The engine's sentences saying why. */
  reasons: string[];
  /** Universal Credit paid after deductions for debts, in the period ('£1,115.10 a month'); null without debts. */
  paidAfterDeductions: string | null;
  howToClaim: string;
  link: string;
}

/** A payment made once: its lump sum in words ('£500.00'), never in a period, and outside every total. */
export interface OneOffView {
  name: string;
  /** It may be paid, but the amount cannot be worked out from the answers (a funeral's costs not known). */
  mayBeEntitled: boolean;
  /** The lump sum now; null when it is paid only after the change. */
  now: string | null;
  /** The lump sum after the change (better-off view); null when the same as now or not paid. */
  afterChange: string | null;
  parts: string[];
  reasons: string[];
  howToClaim: string;
  link: string;
}

export interface TotalView {
  now: string;
  afterChange: string;
}

export interface LegacySystemView {
  total: TotalView;
  meansTested: BenefitView[];
  nonMeansTested: BenefitView[];
}

export interface UniversalCreditSystemView {
  total: TotalView;
  /** Universal Credit and the other means-tested help beside it (Council Tax Reduction). */
  benefits: BenefitView[];
  /** Paid whichever system applies (Child Benefit, PIP, Winter Fuel Payment...): not in `benefits`. */
  nonMeansTested: BenefitView[];
}

export interface BreakdownLineView {
  name: string;
  now: string;
  afterChange: string;
  reasons: string[];
}

export interface UniversalCreditBreakdownView {
  elements: BreakdownLineView[];
  elementsTotal: TotalView;
  deductions: BreakdownLineView[];
  deductionsTotal: TotalView;
  payment: TotalView;
}

export interface ExtraHelpView {
  title: string;
  text: string;
  helpTitle: string;
  helpText: string;
  link: string;
}

export interface AnsweredView {
  question: string;
  /** The answers as the results page shows them ('prefix - value'), joined with '; '; '' when none. */
  answer: string;
}

/** The charity's details the document prints (definitions/site.json). */
export interface CharityView {
  name: string;
  homepageUrl: string;
  helpline: { phoneNumber: string; openingHours: string };
  grantsSearch: SiteLink;
}

export interface ResultDocumentView {
  charity: CharityView;
  /** The calculation reference. */
  reference: string;
  /** Made by an adviser for their client: opened again through the adviser, not with the postcode. */
  byAdviser: boolean;
  /** The date the figures were worked out for, '23 November 2026'. */
  workedOutOn: string;
  /** The tax year of the rates used, '2026-27'. */
  ratesYear: string;
  /** The rules version used in plain words, and as the reference an adviser or the charity can trace ('2026-27+cs3'). */
  rulesVersion: { inWords: string; reference: string };
  /** After the last date the rates held cover: the figures use last year's rates, and the document says so first. */
  lastRatesHeld: { heading: string; notice: string } | null;
  /** The figures assume a right to reside the person or their partner may not have: the document says so, as the page does. */
  rightToReside: RightToResideWords | null;
  /** The date the document was made, in the UK. */
  producedOn: string;
  period: PeriodView;
  isBetterOff: boolean;
  /** How much better or worse off, in the chosen period; '' when there is none. */
  betterOffMessage: string;
  /** Eligible under both systems: the document shows both, and says they are alternatives. */
  bothSystems: boolean;
  legacy: LegacySystemView | null;
  universalCredit: UniversalCreditSystemView | null;
  universalCreditBreakdown: UniversalCreditBreakdownView | null;
  /** Every benefit shown, once each, in the order shown, for 'How to claim'. */
  benefitsToClaim: BenefitView[];
  /** Lump sums (maternity grants, the Best Start Grant), each with how to claim it. */
  oneOff: OneOffView[];
  /** A private tenant's rent above the Local Housing Allowance: the shortfall and what to do, as the page says it. */
  rentShortfall: RentShortfallWords | null;
  /** Council Tax Reduction for someone who pays council tax when none is awarded: why, and how to claim if things change. */
  councilTaxReductionNotAwarded: { name: string; reason: string; howToClaim: string; link: string } | null;
  extraHelp: { category: string; items: ExtraHelpView[] }[];
  /** The Warm Homes Network call back, when the household may get its help; else null. */
  warmHomes: SiteLink | null;
  answerCategories: { heading: string; isBetterOff: boolean; questions: AnsweredView[] }[];
  /** False inside a partner's portal that hides the helpline. */
  showHelpline: boolean;
}

export interface ResultViewOptions {
  period: DocumentPeriod;
  charity: CharityDetails;
  /** When the document is made. */
  generatedAt: Date;
}

const PERIODS: Record<DocumentPeriod, PeriodView> = {
  weekly: { name: 'weekly', per: 'per week', unit: 'week' },
  monthly: { name: 'monthly', per: 'per month', unit: 'month' },
};

const UK_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** '£1,234.56 per week': pounds to 2 decimal places. */
export function moneyIn(pounds: number, period: PeriodView): string {
  return `${formatAmount(Math.round(pounds * 100))} ${period.per}`;
}

function amountView(type: BenefitType, pounds: number, period: PeriodView): AmountView {
  return {
    amount: type === BENEFIT_TYPES.amount && pounds !== 0 ? moneyIn(pounds, period) : null,
    notPaid: type === BENEFIT_TYPES.amount && pounds === 0,
    mayBeEntitled: type === BENEFIT_TYPES.mayBeEntitled,
    onlyAfterChange: type === BENEFIT_TYPES.onlyAfterChange,
    notAwarded: type === BENEFIT_TYPES.none,
  };
}

function benefitView(benefit: ResultBenefit, period: PeriodView): BenefitView {
  const weekly = period.name === 'weekly';
  return {
    // The table's label carries the condition, as the page's mark does beside the amount.
    name: [
      benefit.benefitName,
      ...(benefit.claimStatus === 'ALREADY_GET' ? [' (you already get this)'] : []),
      ...(benefit.dependsOnRightToReside ? [` (${DEPENDS_ON_RIGHT_TO_RESIDE.toLowerCase()})`] : []),
    ].join(''),
    code: benefit.benefitCode,
    now: amountView(benefit.benefitType, weekly ? benefit.weeklyPayment : benefit.monthlyPayment, period),
    afterChange: amountView(
      benefit.betterOffBenefitType,
      weekly ? benefit.betterOffWeeklyPayment : benefit.betterOffMonthlyPayment,
      period,
    ),
    reasons: benefit.messages.map((message) => message.message).filter((message) => message.trim() !== ''),
    paidAfterDeductions: benefit.paidAfterDeductions
      ? moneyIn(weekly ? benefit.paidAfterDeductions.weeklyPayment : benefit.paidAfterDeductions.monthlyPayment, period)
      : null,
    howToClaim: benefit.howToClaim.message,
    link: benefit.link,
  };
}

function oneOffView(payment: ResultOneOffPayment, isBetterOff: boolean): OneOffView {
  const pounds = (amount: number) => formatAmount(Math.round(amount * 100));
  const name = payment.dependsOnRightToReside
    ? `${payment.benefitName} (${DEPENDS_ON_RIGHT_TO_RESIDE.toLowerCase()})`
    : payment.benefitName;
  return {
    name,
    mayBeEntitled: !payment.amountShown,
    now: payment.amountShown && payment.amount > 0 ? pounds(payment.amount) : null,
    afterChange:
      isBetterOff && payment.betterOffAmount !== payment.amount && payment.betterOffAmount > 0 ? pounds(payment.betterOffAmount) : null,
    parts: payment.parts.length > 1 ? payment.parts.map((part) => `${part.name}: ${pounds(Math.abs(part.amount))}`) : [],
    reasons: payment.messages.map((message) => message.message).filter((message) => message.trim() !== ''),
    howToClaim: payment.howToClaim.message,
    link: payment.link,
  };
}

function breakdownLine(line: ResultElement, period: PeriodView): BreakdownLineView {
  const weekly = period.name === 'weekly';
  return {
    name: line.name,
    now: moneyIn(weekly ? line.weeklyPayment : line.monthlyPayment, period),
    afterChange: moneyIn(weekly ? line.betterOffWeeklyPayment : line.betterOffMonthlyPayment, period),
    reasons: line.messages.map((message) => message.message).filter((message) => message.trim() !== ''),
  };
}

function breakdownView(benefit: ResultBenefit | undefined, period: PeriodView): UniversalCreditBreakdownView | null {
  if (!benefit?.showBreakdown) return null;
  const weekly = period.name === 'weekly';
  const total = (now: number, afterChange: number) => ({ now: moneyIn(now, period), afterChange: moneyIn(afterChange, period) });
  return {
    elements: benefit.elements.map((line) => breakdownLine(line, period)),
    elementsTotal: weekly
      ? total(benefit.elementsWeeklyTotal, benefit.betterOffElementsWeeklyTotal)
      : total(benefit.elementsMonthlyTotal, benefit.betterOffElementsMonthlyTotal),
    deductions: benefit.deductions.map((line) => breakdownLine(line, period)),
    deductionsTotal: weekly
      ? total(benefit.deductionsWeeklyTotal, benefit.betterOffDeductionsWeeklyTotal)
      : total(benefit.deductionsMonthlyTotal, benefit.betterOffDeductionsMonthlyTotal),
    payment: weekly
      ? total(benefit.paymentWeeklyTotal, benefit.betterOffPaymentWeeklyTotal)
      : total(benefit.paymentMonthlyTotal, benefit.betterOffPaymentMonthlyTotal),
  };
}

function uniqueByCode(benefits: readonly BenefitView[]): BenefitView[] {
  const seen = new Set<string>();
  return benefits.filter((benefit) => !seen.has(benefit.code) && seen.add(benefit.code));
}

function groupedExtraHelp(result: ResultModel): ResultDocumentView['extraHelp'] {
  if (!result.extraHelps.showExtraHelp) return [];
  const categories = new Map<string, ExtraHelpView[]>();
  for (const help of result.extraHelps.extraHelps) {
    const items = categories.get(help.category) ?? [];
    items.push({ title: help.title, text: help.text, helpTitle: help.helpTitle, helpText: help.helpText, link: help.link });
    categories.set(help.category, items);
  }
  return [...categories].map(([category, items]) => ({ category, items }));
}

/** The result as the template reads it. The result must have benefits (a finished, up-to-date calculation). */
export function resultDocumentView(result: ResultModel, options: ResultViewOptions): ResultDocumentView {
  const { benefits } = result;
  if (!benefits) throw new Error(`The calculation ${result.token} has no results to put in a document.`);
  const period = PERIODS[options.period];
  const weekly = period.name === 'weekly';
  const view = (list: readonly ResultBenefit[]) => list.map((benefit) => benefitView(benefit, period));
  const total = (now: number, afterChange: number): TotalView => ({ now: moneyIn(now, period), afterChange: moneyIn(afterChange, period) });
  const { isEligibleForLb, isEligibleForUc } = result.eligibility;

  const legacy: LegacySystemView | null = isEligibleForLb
    ? {
        total: weekly ? total(benefits.lbWeekly, benefits.lbBetterOffWeekly) : total(benefits.lbMonthly, benefits.lbBetterOffMonthly),
        meansTested: view(benefits.meansTested),
        nonMeansTested: view(benefits.nonMeansTested),
      }
    : null;
  const universalCredit: UniversalCreditSystemView | null = isEligibleForUc
    ? {
        total: weekly ? total(benefits.ucWeekly, benefits.ucBetterOffWeekly) : total(benefits.ucMonthly, benefits.ucBetterOffMonthly),
        benefits: view(benefits.universalCredit),
        nonMeansTested: view(benefits.nonMeansTested),
      }
    : null;

  const { charity } = options;
  return {
    charity: {
      name: charity.name,
      homepageUrl: charity.homepageUrl,
      helpline: charity.helpline,
      grantsSearch: charity.resultsLinks.grantsSearch,
    },
    reference: result.token,
    byAdviser: result.client !== null,
    workedOutOn: dateInWords(result.calculatedOn),
    // The tax year only: the rules version may name the policy change sets it holds ('2026-27+cs3'), which the reference keeps.
    ratesYear: result.rulesVersion.split('+')[0],
    rulesVersion: { inWords: rulesVersionInWords(result.rulesVersion), reference: result.rulesVersion },
    lastRatesHeld: result.lastRatesHeld && { heading: result.lastRatesHeld.heading, notice: result.lastRatesHeld.notice },
    rightToReside: result.rightToReside && rightToResideWords(result.rightToReside),
    producedOn: dateInWords(UK_DATE.format(options.generatedAt)),
    period,
    isBetterOff: result.isBetterOff,
    betterOffMessage: result.isBetterOff ? (weekly ? benefits.betterOffMessageWeekly : benefits.betterOffMessageMonthly) : '',
    bothSystems: legacy !== null && universalCredit !== null,
    legacy,
    universalCredit,
    universalCreditBreakdown: isEligibleForUc
      ? breakdownView(
          benefits.universalCredit.find((benefit) => benefit.showBreakdown),
          period,
        )
      : null,
    benefitsToClaim: uniqueByCode([
      ...(legacy ? [...legacy.meansTested] : []),
      ...(universalCredit ? universalCredit.benefits : []),
      ...(legacy || universalCredit ? view(benefits.nonMeansTested) : []),
    ]),
    oneOff: benefits.oneOff.map((payment) => oneOffView(payment, result.isBetterOff)),
    rentShortfall: rentShortfallWords(result.housingAllowance),
    councilTaxReductionNotAwarded: result.councilTaxReductionNotAwarded && {
      name: result.councilTaxReductionNotAwarded.benefitName,
      reason: result.councilTaxReductionNotAwarded.reason,
      howToClaim: result.councilTaxReductionNotAwarded.howToClaim.message,
      link: result.councilTaxReductionNotAwarded.link,
    },
    extraHelp: groupedExtraHelp(result),
    warmHomes: variableIsTrue(result.variables, WARM_HOMES_NETWORK_VARIABLE) ? charity.resultsLinks.warmHomesCallBack : null,
    answerCategories: result.categories.map((category) => ({
      heading: category.text,
      isBetterOff: category.isBetterOff,
      questions: category.questions.map((question) => ({
        question: question.text,
        answer: question.answers.map((answer) => (answer.prefix ? `${answer.prefix} - ${answer.value}` : answer.value)).join('; '),
      })),
    })),
    showHelpline: result.showHelpline,
  };
}

import type { Client } from '../adviser/model.js';
import type { ResultHousingAllowance } from './housing-allowance.js';
import type { LastRatesHeld } from './last-rates-held.js';

// In a file of its own so that the adviser's model, which this file imports, reads it without an import cycle.
export type { ResultHousingAllowance };

/**
 * The result model: what `GET /api/data/result/` and `POST /api/data/result/` answer, and what the
 * results page, the PDF and the e-mail read. Money on the wire is pounds with 2 decimal places (a number worked
 * out once from whole pence); the engine's pence never reach the page.
 */

/** Benefit type codes (4 and 7 are special). */
export const BENEFIT_TYPES = {
  /** An award with its amount. */
  amount: 1,
  /** Awarded only after the change the person asked about: no amount in the normal view, the amount in the better-off view. */
  onlyAfterChange: 4,
  /** The person may be entitled, but the amount depends on an assessment (PIP, DLA, Attendance Allowance): no amount. */
  mayBeEntitled: 7,
  /** Not awarded (only in the better-off view, for a benefit that stops after the change). */
  none: 0,
} as const;
export type BenefitType = (typeof BENEFIT_TYPES)[keyof typeof BENEFIT_TYPES];

/** Section codes of `POST /api/data/section/`; 'claim' sends none. */
export const RESULT_SECTIONS = { claim: 0, information: 1, worked: 2, email: 3 } as const;
export type ResultSection = keyof typeof RESULT_SECTIONS;

/** Feedback values. */
export const FEEDBACK_TYPES = { none: 0, up: 1, down: 2 } as const;
export const FEEDBACK_COMMENT_MAX_LENGTH = 250;

export interface BenefitMessage {
  name: string;
  message: string;
}

/** A benefit the person asked about that comes to nothing: why, how it was worked out, and how to claim if things change. */
export interface ResultNotAwarded {
  benefitCode: string;
  benefitName: string;
  /** The one sentence that says why ('Your income is too high for Council Tax Reduction.'). */
  reason: string;
  messages: BenefitMessage[];
  howToClaim: { message: string };
  link: string;
}

/** A Universal Credit element or deduction, in both periods, now and after the change. */
export interface ResultElement {
  name: string;
  messages: BenefitMessage[];
  weeklyPayment: number;
  monthlyPayment: number;
  betterOffWeeklyPayment: number;
  betterOffMonthlyPayment: number;
}

export interface ResultBenefit {
  benefitName: string;
  /** The engine's code, e.g. UNIVERSAL_CREDIT. */
  benefitCode: string;
  benefitType: BenefitType;
  betterOffBenefitType: BenefitType;
  weeklyPayment: number;
  monthlyPayment: number;
  betterOffWeeklyPayment: number;
  betterOffMonthlyPayment: number;
  /** Where to find out more (GOV.UK or the nation's own page). */
  link: string;
  howToClaim: { message: string };
  /** Why the figure is what it is: the engine's plain-English sentences. */
  messages: BenefitMessage[];
  /** Universal Credit only: the breakdown view exists. */
  showBreakdown: boolean;
  /** Present and true when the figure depends on a right to reside the person may not have (ResultModel.rightToReside). */
  dependsOnRightToReside?: boolean;
  /**
   * Present when the household said which benefits it already gets (the calculation API's benefitsClaimed, or the
   * questionnaire's answers): ALREADY_GET, or COULD_CLAIM for one it does not get yet. The page shows the two apart.
   */
  claimStatus?: 'ALREADY_GET' | 'COULD_CLAIM';
  /** Universal Credit, when the household gave the debts it repays from it: what is paid after them, and each taken. */
  paidAfterDeductions?: {
    weeklyPayment: number;
    monthlyPayment: number;
    lines: { name: string; weeklyPayment: number; monthlyPayment: number }[];
  };
  /** Universal Credit only (empty otherwise). */
  elements: ResultElement[];
  deductions: ResultElement[];
  elementsWeeklyTotal: number;
  elementsMonthlyTotal: number;
  deductionsWeeklyTotal: number;
  deductionsMonthlyTotal: number;
  paymentWeeklyTotal: number;
  paymentMonthlyTotal: number;
  betterOffElementsWeeklyTotal: number;
  betterOffElementsMonthlyTotal: number;
  betterOffDeductionsWeeklyTotal: number;
  betterOffDeductionsMonthlyTotal: number;
  betterOffPaymentWeeklyTotal: number;
  betterOffPaymentMonthlyTotal: number;
}

/** Totals for one system: its benefits, the household's take-home pay (income) and its other income. */
type SystemTotals<P extends string> = {
  [K in `${P}${'' | 'BetterOff' | 'Income' | 'BetterOffIncome' | 'OtherIncome' | 'BetterOffOtherIncome'}${'Weekly' | 'Monthly'}`]: number;
};

/**
 * A payment made once (a maternity grant, the Best Start Grant): its lump sum, never a weekly or monthly amount, and
 * never part of a total. Listed apart from the regular benefits.
 */
export interface ResultOneOffPayment {
  benefitName: string;
  benefitCode: string;
  /** False when it may be paid but the amount cannot be worked out from the answers (a funeral's costs not known). */
  amountShown: boolean;
  /** The lump sum in pounds, now, and after the change in better-off mode (0 when it would not be paid). */
  amount: number;
  betterOffAmount: number;
  /** What it is paid for, each with its own lump sum (a baby, a child starting school...), then what is taken off, named 'Less: ...', as a negative amount. */
  parts: { name: string; amount: number }[];
  link: string;
  howToClaim: { message: string };
  messages: BenefitMessage[];
  /** Present and true when it depends on a right to reside the person may not have (ResultModel.rightToReside). */
  dependsOnRightToReside?: boolean;
}

export type ResultBenefits = SystemTotals<'lb'> &
  SystemTotals<'uc'> & {
    betterOffMessageWeekly: string;
    betterOffMessageMonthly: string;
    meansTested: ResultBenefit[];
    nonMeansTested: ResultBenefit[];
    universalCredit: ResultBenefit[];
    /** Lump sums, paid once: in no list above and in no total. */
    oneOff: ResultOneOffPayment[];
  };

/** A figure the page reads besides the awards: a flag reads 'True' or 'False', money reads pounds ('12.34'). */
export interface ResultVariable {
  name: string;
  weeklyValue: string;
  monthlyValue: string;
}

export interface AnswerShown {
  /** Shown as 'prefix - value' (e.g. the period of an amount). */
  prefix: string;
  value: string;
}

export interface QuestionAnswered {
  text: string;
  name: string;
  pageNumber: number;
  /** An 'Edit answer' link to the question's page. */
  showEdit: boolean;
  answers: AnswerShown[];
}

/** A survey page's answers ('See what you told us'). */
export interface AnswerCategory {
  name: string;
  text: string;
  /** The answers of the better-off questions: highlighted. */
  isBetterOff: boolean;
  questions: QuestionAnswered[];
}

export interface ExtraHelpItem {
  /** The category's title, as its button shows it. */
  category: string;
  name: string;
  title: string;
  text: string;
  /** The heading of the help text ('How to access support', or the item's own, e.g. 'How to access foodbanks'). */
  helpTitle: string;
  helpText: string;
  /** The scheme's own page. */
  link: string;
}

export interface ExtraHelp {
  showExtraHelp: boolean;
  extraHelps: ExtraHelpItem[];
}

/** A question to change (out of date) or to answer (unanswered), with the page that asks it. */
export interface ResultMessage {
  message: string;
  pageNumber: number;
  questionName: string;
}

export interface TestingData {
  isTesting: boolean;
  xmlInput: string;
  xmlOutput: string;
  betterOffXmlInput: string;
  betterOffXmlOutput: string;
  uplift: { benefitName: string; benefitCode: string; weeklyPayment: number; monthlyPayment: number }[];
}

/**
 * The what-if answer about the partner's work ('My partner's', BetterOffWho = Partner): offered, and accepted, only
 * when the household has a partner (`ResultModel.hasPartner`).
 */
export const BETTER_OFF_PARTNER = { question: 'BetterOffWho', value: 'Partner' } as const;

/**
 * The figures shown assume a right to reside: the person answering, or their partner, has pre-settled status or is not
 * sure of their status. Means-tested benefits and Child Benefit need a right to reside as well as pre-settled status.
 */
export interface RightToResideNotice {
  /** Whose right to reside the figures depend on. */
  who: 'YOU' | 'YOUR_PARTNER' | 'BOTH';
  /** The person (or partner) answered 'Not sure' rather than pre-settled status. */
  notSure: boolean;
}

export interface ResultModel {
  session: string;
  /** The calculation reference. */
  token: string;
  isValid: boolean;
  isOutOfDate: boolean;
  isUnanswered: boolean;
  messages: ResultMessage[];
  eligibility: { isEligibleForLb: boolean; isEligibleForUc: boolean };
  isBetterOff: boolean;
  /** The date the figures were worked out for (YYYY-MM-DD) and the tax year of the rates used. */
  calculatedOn: string;
  rulesVersion: string;
  /** Null when the rates held cover the date; else the figures use the last rates held, and the page says so. */
  lastRatesHeld: LastRatesHeld | null;
  benefits: ResultBenefits | null;
  variables: ResultVariable[];
  categories: AnswerCategory[];
  extraHelps: ExtraHelp;
  hasFeedback: boolean;
  showHelpline: boolean;
  client: Client | null;
  testing: TestingData | null;
  /** Null for anyone who does not rent privately. */
  housingAllowance: ResultHousingAllowance | null;
  /**
   * Someone who pays council tax always hears about Council Tax Reduction: when none is awarded, why (null when some
   * is, or when nobody in the home is liable).
   */
  councilTaxReductionNotAwarded: ResultNotAwarded | null;
  /**
   * What the home costs, in pounds: rent with service charges, and the council tax before any reduction (0 where the
   * charge is not known). The adviser's comparison takes it from the total income to say who is best off after them.
   */
  housingCosts: { weekly: number; monthly: number };
  /** The household has a partner (the answers say so): 'What if things changed?' offers the partner's work only then. */
  hasPartner: boolean;
  /** Null unless the figures assume a right to reside that the person or their partner may not have. */
  rightToReside: RightToResideNotice | null;
}

/** The variable the Warm Homes Network card reads. */
export const WARM_HOMES_NETWORK_VARIABLE = 'WARM_HOMES_NETWORK_ELIGIBLE';

export function variableIsTrue(variables: readonly ResultVariable[], name: string): boolean {
  const variable = variables.find((candidate) => candidate.name === name);
  return variable !== undefined && (variable.weeklyValue === 'True' || variable.monthlyValue === 'True');
}

import type { ResultHousingAllowance } from '../result/housing-allowance.js';
import type { LastRatesHeld } from '../result/last-rates-held.js';
/**
 * The adviser area's wire shapes: what the `/api/intermediary/...` calls answer and what the
 * adviser screens read. Money is pounds with 2 decimal places, as in the result model.
 */

/**
 * The adviser area's limits: the longest case label and notes, how many calculations are compared at once, the
 * shortest client search, and how long a calculation is kept.
 */
export const ADVISER_LIMITS = {
  caseLabelMaxLength: 20,
  caseNotesMaxLength: 2000,
  compareMax: 6,
  compareMin: 2,
  clientSearchMinLength: 3,
  calculationLifetimeMonths: 6,
} as const;

export const ADVISER_MESSAGES = {
  caseLabelRequiredToStart: 'A case label is required to start a new calculation.',
  caseLabelTooLong: 'The case label must not be longer than 20 characters in length.',
  caseLabelRequired: 'A case label is required.',
  caseNotesTooLong: 'The case notes must not be longer than 2000 characters in length.',
  detailsUpdated: 'The calculation details have been updated successfully.',
  detailsNotUpdated: 'There was a problem updating this calculation.',
  pdfFailed: 'There was an issue downloading your file. Please try again later.',
} as const;

/** Client search scope: 'Only my clients' or 'All clients in my organisation'. */
export type ClientSearchType = 'user' | 'organisation';

export interface Client {
  clientGuid: string;
  displayName: string;
  firstName: string;
  lastName: string;
  /** DD/MM/YYYY. */
  dateOfBirth: string;
  clientNumber: string;
  caseReference: string;
  caseNotes: string;
  searchName: string;
  calculationCreateDate: string | null;
  calculationUpdateDate: string | null;
}

/** A row of the adviser home's calculations table. */
export interface ClientCalculationRow {
  sessionId: string;
  token: string;
  /** DD/MM/YYYY. */
  createdDate: string;
  caseReference: string;
  isComplete: boolean;
  /** Where 'Edit' goes: the survey page to carry on from. */
  link: string;
}

export interface AdviserBenefitLine {
  benefitName: string;
  weeklyPayment: number;
  monthlyPayment: number;
  /** As on the results page: present when the client said which benefits they already get. */
  claimStatus?: 'ALREADY_GET' | 'COULD_CLAIM';
  /** Universal Credit paid after the debts repaid from it, when the client gave them. */
  paidAfterDeductions?: { weeklyPayment: number; monthlyPayment: number };
}

export interface AdviserAnswerCategory {
  name: string;
  text: string;
  isBetterOff: boolean;
  questions: { text: string; answers: { prefix?: string; value: string }[] }[];
}

export interface AdviserCalculation {
  token: string;
  session: string;
  clientGuid: string;
  displayName: string;
  createDate: string;
  updateDate: string;
  isComplete: boolean;
  isEligibleForLb: boolean;
  isEligibleForUc: boolean;
  link: string;
  caseNotes: string;
  caseReference: string;
  meansTested: AdviserBenefitLine[];
  nonMeansTested: AdviserBenefitLine[];
  universalCredit: AdviserBenefitLine[];
  /** Lump sums, paid once (a maternity grant, a funeral payment): in no total. amount 0 with amountShown false: not known. */
  oneOff: { benefitName: string; amount: number; amountShown: boolean }[];
  lbBenefitWeeklyTotal: number;
  lbBenefitMonthlyTotal: number;
  lbOtherWeeklyTotal: number;
  lbOtherMonthlyTotal: number;
  lbWeeklyTotal: number;
  lbMonthlyTotal: number;
  ucBenefitWeeklyTotal: number;
  ucBenefitMonthlyTotal: number;
  ucOtherWeeklyTotal: number;
  ucOtherMonthlyTotal: number;
  ucWeeklyTotal: number;
  ucMonthlyTotal: number;
  categories: AdviserAnswerCategory[];
  /** For a private tenant: the Local Housing Allowance area used, and why. */
  housingAllowance: ResultHousingAllowance | null;
}

/** One calculation's column in a comparison: an amount per category, then the totals. */
export interface ComparisonColumn {
  name: string;
  isEligible: boolean;
  data: number[];
  benefitTotal: number;
  otherTotal: number;
  total: number;
  /** Total income less rent (with service charges) and council tax: what is left after housing costs. */
  afterHousingCosts: number;
}

/** Comparison data for one system (uc or lb). */
export interface ComparisonData {
  show: boolean;
  /** Server-supplied HTML; the page sanitises it before rendering. */
  messageHtml: string;
  /** Row names: the benefits, in order. */
  categories: string[];
  weeklyData: ComparisonColumn[];
  monthlyData: ComparisonColumn[];
}

export interface ClientsResponse {
  isIntermediary: boolean;
  searchClients: Client[];
}

export interface ClientResponse {
  isIntermediary: boolean;
  client: Client;
  calculations: ClientCalculationRow[];
}

export interface AdviserCalculationResponse {
  isValid: boolean;
  isIntermediary: boolean;
  calculation: AdviserCalculation | null;
}

export interface CompareResponse {
  isIntermediary: boolean;
  uc: ComparisonData;
  lb: ComparisonData;
  /** Null while the rates held cover today; else the figures use last year's rates, and the page says so first. */
  lastRatesHeld: LastRatesHeld | null;
}

/** start/ and duplicate/ answer with the new calculation; delete/ and details/ with isValid alone. */
export interface AdviserActionResponse {
  isValid: boolean;
  session?: string;
}

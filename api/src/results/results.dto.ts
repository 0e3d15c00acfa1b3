import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, validateSync } from 'class-validator';
import { FEEDBACK_COMMENT_MAX_LENGTH, RESULT_SECTIONS } from '../../../common/result/model.js';
import { SURVEY_ACTIONS } from '../../../common/survey/model.js';
import { ApiError } from '../errors/api-error.js';
import { fieldErrors } from '../errors/request-validation.pipe.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';
import { VisitFields } from '../survey/survey.dto.js';

const SESSION = { description: 'The calculation.', format: 'uuid', example: '5b0c2c0e-3f7e-4a43-9d39-2d1f1b7f3a10' };

export class ResultQuery {
  @ApiProperty(SESSION)
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiPropertyOptional({ description: 'The partner id of a portal visit.' })
  @IsOptional()
  @IsString({ message: 'id must be text.' })
  @MaxLength(40, { message: 'id must be at most 40 characters.' })
  id?: string;

  @ApiPropertyOptional({
    description: 'Test mode asked for: the testing data comes only to a browser that passed the test-mode password.',
    type: String,
    enum: ['true', 'false'],
  })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' || value === '' ? false : value))
  @IsBoolean({ message: 'test must be true or false.' })
  test?: boolean;
}

/** The fields of POST /api/data/result/ besides the better-off answers, which sit beside them keyed by question name. */
export class RecalculationFields extends VisitFields {
  @ApiProperty(SESSION)
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiProperty({ description: '5: re-calculate results for better-off.', example: 5 })
  @IsInt({ message: 'Unknown survey action type' })
  @IsIn([SURVEY_ACTIONS.betterOff], { message: 'Unknown survey action type' })
  action!: number;

  @ApiProperty({
    description: 'true: compare with the changes given; false: back to the result without changes (the better-off answers are cleared).',
  })
  @IsBoolean({ message: 'isBetterOff must be true or false.' })
  isBetterOff!: boolean;
}

const RECALCULATION_FIELDS = new Set([
  'browserId',
  'session',
  'action',
  'isBetterOff',
  'partner',
  'referral',
  'subCategory',
  'test',
  'isMobile',
  'browserVersion',
  'browserName',
  'OsName',
]);

export interface Recalculation {
  fields: RecalculationFields;
  answers: Record<string, unknown>;
}

/** Splits a better-off post into its fields (checked here) and its answers (checked against the better-off questions). */
export function readRecalculation(body: unknown): Recalculation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ApiError.validation([{ path: '', message: 'The request body must be a JSON object, sent with Content-Type: application/json.' }]);
  }
  const plainFields: Record<string, unknown> = {};
  const answers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (RECALCULATION_FIELDS.has(key) ? plainFields : answers)[key] = value;
  // Every field is a single value. class-transformer walks a list or object given instead and throws a TypeError
  // (a 500) on one with its own `constructor` key, so those are refused here, by name.
  for (const [key, value] of Object.entries(plainFields)) {
    if (typeof value === 'object' && value !== null)
      throw ApiError.validation([{ path: key, message: `${key} must be a single value, not a list or object.` }]);
  }
  const fields = plainToInstance(RecalculationFields, plainFields);
  const errors = validateSync(fields, { forbidUnknownValues: true, validationError: { target: false, value: false } });
  if (errors.length > 0) throw ApiError.validation(fieldErrors(errors));
  return { fields, answers };
}

export class SectionRequest extends BrowserRequest {
  @ApiProperty(SESSION)
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiProperty({
    description: 'The section opened: 1 extra help (information), 2 what you told us (worked), 3 print or save (email).',
    enum: [1, 2, 3],
  })
  @IsIn([RESULT_SECTIONS.information, RESULT_SECTIONS.worked, RESULT_SECTIONS.email], { message: 'sectionType must be 1, 2 or 3.' })
  sectionType!: number;
}

export class FeedbackRequest extends BrowserRequest {
  @ApiProperty(SESSION)
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiProperty({ description: 'Was this page helpful? 1 yes (thumbs up), 2 no (thumbs down).', enum: [1, 2] })
  @IsIn([1, 2], { message: 'feedbackType must be 1 (helpful) or 2 (not helpful).' })
  feedbackType!: 1 | 2;

  @ApiPropertyOptional({
    description: `A comment; anything over ${FEEDBACK_COMMENT_MAX_LENGTH} characters is cut off. Left out: no comment.`,
    example: 'The questions about my rent were easy to answer.',
  })
  @IsOptional()
  @IsString({ message: 'feedback must be text.' })
  @MaxLength(10_000, { message: 'feedback is far too long.' })
  feedback?: string;
}

export class ValidResponse {
  @ApiProperty({ description: 'true: recorded.' })
  valid!: boolean;
}

const money = { type: 'number', description: 'Pounds, to the penny.' } as const;
const benefit = {
  type: 'object',
  properties: {
    benefitName: { type: 'string' },
    benefitCode: { type: 'string' },
    benefitType: {
      type: 'integer',
      description: '1 amount; 4 only after the change (no amount in the normal view); 7 may be entitled (no amount); 0 not awarded.',
    },
    betterOffBenefitType: { type: 'integer' },
    weeklyPayment: money,
    monthlyPayment: money,
    betterOffWeeklyPayment: money,
    betterOffMonthlyPayment: money,
    link: { type: 'string' },
    howToClaim: { type: 'object', properties: { message: { type: 'string' } } },
    messages: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, message: { type: 'string' } } } },
    showBreakdown: { type: 'boolean' },
    dependsOnRightToReside: {
      type: 'boolean',
      description: 'Present and true when the figure assumes a right to reside the person may not have (see rightToReside).',
    },
    paidAfterDeductions: {
      type: 'object',
      description:
        'Universal Credit, when the household gave the debts it repays from it: weeklyPayment and monthlyPayment paid after them, and lines (name, weeklyPayment, monthlyPayment) taken for each. The award above is unchanged.',
      properties: {
        weeklyPayment: money,
        monthlyPayment: money,
        lines: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, weeklyPayment: money, monthlyPayment: money } },
        },
      },
    },
    claimStatus: {
      type: 'string',
      description: 'Present when the household said which benefits it already gets: ALREADY_GET, or COULD_CLAIM for one to claim.',
    },
    elements: {
      type: 'array',
      items: { type: 'object' },
      description: 'Universal Credit: the elements, each with name, messages and the four payments.',
    },
    deductions: { type: 'array', items: { type: 'object' } },
  },
} as const;

/** The result model (what the result calls answer) for OpenAPI (the type is common/result/model.ts). */
export const RESULT_MODEL_SCHEMA = {
  type: 'object',
  properties: {
    session: { type: 'string', format: 'uuid' },
    token: { type: 'string', description: 'The calculation reference.' },
    isValid: { type: 'boolean' },
    isOutOfDate: {
      type: 'boolean',
      description: 'An answer no longer fits the questions as they are now: messages say which, with its page.',
    },
    isUnanswered: { type: 'boolean', description: 'A question that applies has no answer: messages say which, with its page.' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        properties: { message: { type: 'string' }, pageNumber: { type: 'integer' }, questionName: { type: 'string' } },
      },
    },
    eligibility: { type: 'object', properties: { isEligibleForLb: { type: 'boolean' }, isEligibleForUc: { type: 'boolean' } } },
    isBetterOff: { type: 'boolean' },
    calculatedOn: { type: 'string', format: 'date' },
    rulesVersion: { type: 'string', example: '2026-27' },
    lastRatesHeld: {
      type: 'object',
      nullable: true,
      description:
        "Null when the rates held cover the date. Otherwise the date is after the last the rates held cover and next year's rates are not added yet: the figures use the last rates held (those of ratesDate), and heading and notice say so in plain words.",
      properties: {
        ratesDate: { type: 'string', format: 'date', example: '2027-03-31' },
        heading: { type: 'string', example: 'These figures use last year’s rates' },
        notice: { type: 'string' },
      },
    },
    benefits: {
      type: 'object',
      nullable: true,
      description:
        'lb* (legacy and pension-age) and uc* totals, each Weekly/Monthly, with BetterOff, Income (take-home pay) and OtherIncome variants; betterOffMessageWeekly/Monthly; the lists.',
      properties: {
        meansTested: {
          type: 'array',
          items: benefit,
          description:
            "The legacy and pension-age system's means-tested benefits (Pension Credit, Housing Benefit, Council Tax Reduction at pension age).",
        },
        nonMeansTested: {
          type: 'array',
          items: benefit,
          description:
            'The benefits paid whichever system applies (Child Benefit, PIP, Winter Fuel Payment...); each system shows them after its own list.',
        },
        universalCredit: {
          type: 'array',
          items: benefit,
          description:
            "The Universal Credit system's means-tested benefits: Universal Credit, and Council Tax Reduction beside it. Never a benefit of nonMeansTested.",
        },
        oneOff: {
          type: 'array',
          description:
            'Payments made once (Sure Start Maternity Grant, Best Start Grant): each lump sum, in no other list and in no total, never weekly or monthly.',
          items: {
            type: 'object',
            properties: {
              benefitName: { type: 'string' },
              benefitCode: { type: 'string' },
              amountShown: { type: 'boolean', description: 'False when it may be paid but the amount cannot be worked out (amount 0).' },
              amount: { ...money, description: 'The lump sum, in pounds.' },
              betterOffAmount: { ...money, description: 'The lump sum after the change (better-off mode), 0 when it would not be paid.' },
              parts: {
                type: 'array',
                description: 'What it is paid for (a baby, a child starting school...), each with its own lump sum.',
                items: { type: 'object', properties: { name: { type: 'string' }, amount: money } },
              },
              link: { type: 'string' },
              howToClaim: { type: 'object', properties: { message: { type: 'string' } } },
              messages: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, message: { type: 'string' } } } },
              dependsOnRightToReside: { type: 'boolean' },
            },
          },
        },
      },
      additionalProperties: true,
    },
    variables: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, weeklyValue: { type: 'string' }, monthlyValue: { type: 'string' } },
      },
    },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        description:
          'A page of answers: name, text, isBetterOff, questions (text, name, pageNumber, showEdit, answers of prefix and value).',
      },
    },
    extraHelps: {
      type: 'object',
      properties: { showExtraHelp: { type: 'boolean' }, extraHelps: { type: 'array', items: { type: 'object' } } },
    },
    hasFeedback: { type: 'boolean' },
    showHelpline: { type: 'boolean' },
    client: { nullable: true },
    testing: { type: 'object', nullable: true },
    hasPartner: {
      type: 'boolean',
      description:
        "The answers say the person lives with a partner: only then may the better-off answers change the partner's work (BetterOffWho Partner).",
    },
    rightToReside: {
      type: 'object',
      nullable: true,
      description:
        "Null unless the person, or their partner, has pre-settled status or is not sure of their status: the figures then show what the household would get with a right to reside, and the benefits marked dependsOnRightToReside need one. who: YOU, YOUR_PARTNER or BOTH; notSure: the answer was 'Not sure' rather than pre-settled status.",
      properties: {
        who: { type: 'string', example: 'YOU', description: 'YOU, YOUR_PARTNER or BOTH.' },
        notSure: { type: 'boolean' },
      },
    },
    housingAllowance: {
      type: 'object',
      nullable: true,
      description:
        "For a private tenant: the Local Housing Allowance area whose rate limited the rent and why. basis: GIVEN (the person chose it), POSTCODE (the operator's postcode lookup), LOCAL_AUTHORITY (the whole council is in it) or LOWEST_OF_CANDIDATES (not settled: the lowest rate among candidates was used, with the highest in highest); summary: one sentence saying so.",
      properties: {
        area: { type: 'string', example: 'Central Greater Manchester' },
        basis: { type: 'string', example: 'LOWEST_OF_CANDIDATES' },
        summary: { type: 'string' },
        candidates: { type: 'array', items: { type: 'string' } },
        rate: { type: 'number', description: 'Pounds a month (Universal Credit) or a week (Housing Benefit).' },
        period: { type: 'string', example: 'month', description: 'month or week' },
        highest: { type: 'object', nullable: true, properties: { area: { type: 'string' }, rate: { type: 'number' } } },
        rateEstimated: {
          type: 'boolean',
          description:
            "Housing Benefit: the weekly rate was estimated from the monthly one, the rent officers' published figure for the area not being held (the summary says so).",
        },
        pageNumber: {
          type: 'integer',
          nullable: true,
          description: 'When the area was not settled and the questionnaire asks it: the page where the person can say which area.',
        },
        rent: {
          type: 'number',
          description: 'Pounds in the same period: the rent (with eligible service charges) the rate was set against.',
        },
        shortfall: {
          type: 'number',
          description:
            'Pounds in the same period: how much the rent is above the rate; 0 when it is not, or when the benefit it caps (Universal Credit, Housing Benefit) is not awarded.',
        },
        shortfallHelp: {
          type: 'object',
          description:
            "Who can help with a shortfall (from: 'Leeds council', 'your council' or the Northern Ireland Housing Executive), with what (scheme: in England a Housing Payment from the council's Crisis and Resilience Fund, elsewhere a Discretionary Housing Payment), and a page to find them.",
          properties: {
            from: { type: 'string', example: 'Leeds council' },
            scheme: { type: 'string', example: 'a Discretionary Housing Payment' },
            link: { type: 'string', example: 'https://www.gov.uk/find-local-council' },
          },
        },
      },
    },
    housingCosts: {
      type: 'object',
      description:
        'What the home costs, in pounds: rent with service charges, and the council tax before any reduction (0 where the charge is not known).',
      properties: { weekly: { type: 'number', example: 150 }, monthly: { type: 'number', example: 650 } },
    },
    councilTaxReductionNotAwarded: {
      type: 'object',
      nullable: true,
      description:
        'When someone in the home pays council tax and no Council Tax Reduction is awarded: reason (one sentence saying why), messages (the working), howToClaim and link. Null otherwise.',
      properties: {
        benefitCode: { type: 'string', example: 'COUNCIL_TAX_REDUCTION' },
        benefitName: { type: 'string', example: 'Council Tax Reduction' },
        reason: { type: 'string', example: 'Your income is too high for Council Tax Reduction.' },
        messages: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, message: { type: 'string' } } } },
        howToClaim: { type: 'object', properties: { message: { type: 'string' } } },
        link: { type: 'string' },
      },
    },
  },
} as const;

// Generated from definitions/schemas/calculation-request.schema.json by `npm run schemas:types` (scripts/schema-types.ts): do not edit by hand.
// Change the schema and run `npm run schemas:types`; scripts/schema-types.spec.ts fails when this file is out of date.

/**
 * The nation of the home.
 */
export type Country = 'ENGLAND' | 'SCOTLAND' | 'WALES' | 'NORTHERN_IRELAND';
/**
 * A real date written as yyyy-mm-dd.
 */
export type Date = string;
/**
 * Pounds, 0 or more, with at most 2 decimals.
 */
export type Pounds = number;
/**
 * The period the amount is paid or earned over.
 */
export type MoneyPeriod = 'WEEK' | 'MONTH' | 'YEAR';
/**
 * NET: take-home, after tax, National Insurance and pension contributions. GROSS: before them (the engine works out income tax and National Insurance for the tax year of the date).
 */
export type EarningsBasis = 'NET' | 'GROSS';
/**
 * What the income is.
 */
export type OtherIncomeType =
  | 'STATE_PENSION'
  | 'PRIVATE_PENSION'
  | 'NEW_STYLE_JSA'
  | 'NEW_STYLE_ESA'
  | 'CARERS_ALLOWANCE'
  | 'MAINTENANCE_SPOUSAL'
  | 'CHILD_MAINTENANCE'
  | 'STUDENT_INCOME'
  | 'OTHER_UNEARNED';
/**
 * The benefit. ADP_* are Scotland's Adult Disability Payment, paid as PIP.
 */
export type BenefitReceivedType =
  | 'PIP_DAILY_LIVING'
  | 'PIP_MOBILITY'
  | 'DLA_CARE'
  | 'DLA_MOBILITY'
  | 'ATTENDANCE_ALLOWANCE'
  | 'ADP_DAILY_LIVING'
  | 'ADP_MOBILITY'
  | 'ARMED_FORCES_INDEPENDENCE'
  | 'CONSTANT_ATTENDANCE';
/**
 * The rate a disability benefit is paid at; which rates a benefit has is in `x-ratesByType`.
 */
export type BenefitRate = 'STANDARD' | 'ENHANCED' | 'LOWEST' | 'MIDDLE' | 'HIGHEST' | 'LOWER' | 'HIGHER';
/**
 * For the size criteria and LHA bedroom rules; when absent the rules assume children may not share.
 */
export type Sex = 'FEMALE' | 'MALE';
/**
 * NONE; LOWER (gets DLA, PIP or Child Disability Payment at any rate); HIGHER (DLA highest care, PIP/CDP enhanced daily living, or certified blind).
 */
export type ChildDisability = 'NONE' | 'LOWER' | 'HIGHER';
/**
 * How the home is held.
 */
export type Tenure =
  | 'PRIVATE_RENT'
  | 'SOCIAL_RENT'
  | 'TEMPORARY_ACCOMMODATION'
  | 'SUPPORTED_ACCOMMODATION'
  | 'OWNER_OCCUPIER'
  | 'SHARED_OWNERSHIP'
  | 'LIVING_WITH_OTHERS_NO_RENT'
  | 'HOMELESS';
/**
 * The band (I only in Wales; null in Northern Ireland, which has no bands).
 */
export type CouncilTaxBand = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I';

/**
 * A household and the date to work it out for. Unknown fields are refused at every depth (400 with the JSON path of each), never ignored.
 */
export interface CalculationRequest {
  /**
   * yyyy-mm-dd: the rules and rates in force on that date; default today in the UK. A date outside the rates held gives 422.
   */
  date?: string;
  /**
   * The household.
   */
  household: Household;
}
/**
 * The household: country, adults and housing.tenure are required; every other field has a default.
 */
export interface Household {
  country: Country;
  /**
   * GSS code of the local authority, in the country given; used for council tax, the council tax reduction scheme, the Local Housing Allowance area and the London benefit cap.
   */
  localAuthority?: string;
  /**
   * One adult (a single claimant) or two (a couple; the first is the claimant).
   *
   * @minItems 1
   * @maxItems 2
   */
  adults: Adult[];
  /**
   * Children and young people; default none.
   *
   * @maxItems 20
   */
  children?: Child[];
  /**
   * Non-dependants; default none.
   *
   * @maxItems 20
   */
  nonDependants?: NonDependant[];
  /**
   * The home.
   */
  housing: Housing;
  /**
   * Savings and investments in pounds (at most 2 decimals), excluding the home lived in; default 0.
   */
  capital?: Pounds;
  /**
   * Childcare costs; default null (none).
   */
  childcareCosts?: Money | null;
  /**
   * Someone in the family (the claimant or their partner) is pregnant: the due date and how many babies are expected. Read by the one-off maternity grants (Sure Start Maternity Grant; Scotland's Best Start Grant Pregnancy and Baby Payment). A baby already born is a child with its date of birth instead. Left out: nobody is expecting a baby.
   */
  expectingBaby?: {
    /**
     * The expected date of birth, yyyy-mm-dd: at most 42 weeks after the date asked, and not more than 6 months before it.
     */
    dueDate: Date;
    /**
     * How many babies are expected (twins: 2). Default 1.
     */
    babies?: number;
  };
  /**
   * The claimant or partner is responsible for the funeral of someone who died (read by the Funeral Expenses Payment, a one-off payment; SI 2005/3061 regs 7 to 10). Left out: no funeral.
   */
  funeral?: {
    /**
     * Who died: PARTNER (the claimant's partner), CHILD (a child the claimant or partner was responsible for, or a still-born baby), CLOSE_RELATIVE (a parent, son or daughter, brother or sister, or one of their in-laws or step-relations), CLOSE_FRIEND.
     */
    relationship: 'PARTNER' | 'CHILD' | 'CLOSE_RELATIVE' | 'CLOSE_FRIEND';
    /**
     * For a close relative or friend: the person who died has a parent, son or daughter (or their partner) who got none of the qualifying benefits when they died and was not estranged from them; the payment is then refused (reg 8(1)). Default false.
     */
    closerFamilyNotOnBenefits?: boolean;
    /**
     * A pre-paid funeral plan or similar arrangement pays for some of the funeral: the other expenses are then met up to the lower limit (reg 9(10)). Default false.
     */
    prepaidPlan?: boolean;
    /**
     * Pounds: the burial (the plot and the burial fees) or cremation fees, with the documents and the medical certificates (reg 9(3)(a) to (f)); met in full. Left out: not known, and no amount is shown.
     */
    necessaryCosts?: Pounds;
    /**
     * Pounds: the other funeral expenses (the funeral director, flowers, the coffin...), met up to the limit (reg 9(3)(g)). Default 0.
     */
    otherCosts?: Pounds;
    /**
     * Pounds: money from the estate of the person who died, an insurance policy, a funeral plan or a charity that is taken off the payment (reg 10). Default 0.
     */
    moneyAvailable?: Pounds;
  };
  /**
   * Debts the household already on Universal Credit repays from it, each with what is asked for a month in pounds (an advance, an overpayment, a third-party deduction such as rent arrears). The award is worked out as usual; the result then gives what is paid after them, with the limit on the total taken in a month in force on the date (15% of the standard allowance for assessment periods from 30 April 2025) applied in the order of priority of the Claims and Payments Regulations 2013 schedule 6 paragraph 5. Default none.
   *
   * @maxItems 12
   */
  universalCreditDeductions?: {
    /**
     * ADVANCE (a Universal Credit advance), BUDGETING_ADVANCE, OVERPAYMENT (benefit or tax credit), RENT_ARREARS (and service charges), FUEL_ARREARS (gas or electricity), WATER_ARREARS, COUNCIL_TAX_ARREARS, COURT_FINE (a fine or compensation order), CHILD_MAINTENANCE, OTHER (any other debt taken from Universal Credit).
     */
    type:
      | 'ADVANCE'
      | 'BUDGETING_ADVANCE'
      | 'OVERPAYMENT'
      | 'RENT_ARREARS'
      | 'FUEL_ARREARS'
      | 'WATER_ARREARS'
      | 'COUNCIL_TAX_ARREARS'
      | 'COURT_FINE'
      | 'CHILD_MAINTENANCE'
      | 'OTHER';
    /**
     * Pounds a month asked for this debt, before the limit.
     */
    amount: Pounds;
  }[];
  /**
   * The benefits the household already gets (engine benefit codes). The result then marks each benefit 'already get' or 'could claim'. Left out: not said, and nothing is marked.
   *
   * @maxItems 20
   */
  benefitsClaimed?: (
    | 'CHILD_BENEFIT'
    | 'CARERS_ALLOWANCE'
    | 'PIP'
    | 'DLA'
    | 'ATTENDANCE_ALLOWANCE'
    | 'NEW_STYLE_JSA'
    | 'NEW_STYLE_ESA'
    | 'UNIVERSAL_CREDIT'
    | 'PENSION_CREDIT'
    | 'HOUSING_BENEFIT'
    | 'COUNCIL_TAX_REDUCTION'
    | 'SCOTTISH_CHILD_PAYMENT'
    | 'WINTER_FUEL_PAYMENT'
  )[];
  /**
   * Universal Credit's benefit cap does not apply in a 9-month grace period: it starts when the claimant (or the couple together) stopped work, or started earning less than 16 hours a week at the National Living Wage, after earning at least that, after tax, in each of the 12 months before (UC Regs 2013 reg 82(1)(b) to (3)). True when the household is in one now. Default false.
   */
  benefitCapGracePeriod?: boolean;
}
/**
 * One adult: dateOfBirth or age is required, every other field has the default of someone who was not asked.
 */
export interface Adult {
  /**
   * yyyy-mm-dd, not after the date asked; wins over age when both are given.
   */
  dateOfBirth?: Date;
  /**
   * Age in whole years, when the date of birth is not known.
   */
  age?: number;
  /**
   * Employed earnings; null (the default) when not employed.
   */
  earnings?: Earnings | null;
  /**
   * Hours worked a week.
   */
  hoursPerWeek?: number;
  /**
   * Self-employment; null (the default) when not self-employed.
   */
  selfEmployment?: SelfEmployment | null;
  /**
   * Income other than earnings; default none.
   *
   * @maxItems 20
   */
  otherIncome?: OtherIncome[];
  /**
   * Personal pension contributions paid from taxed income under relief at source (what the person pays; the provider adds basic-rate relief). Contributions taken from gross pay by the employer (net pay arrangement) are already out of gross earnings: leave them out. Read for adjusted net income (the High Income Child Benefit Charge). Default none.
   */
  pensionContributions?: Money;
  /**
   * Donations to charity under Gift Aid (what the person gives). Read for adjusted net income (the High Income Child Benefit Charge). Default none.
   */
  giftAid?: Money;
  /**
   * Disability benefits the adult gets; default none.
   *
   * @maxItems 9
   */
  benefitsReceived?: BenefitReceived[];
  /**
   * Health findings; default none.
   */
  health?: Health;
  /**
   * Caring; default none.
   */
  caring?: Caring;
  /**
   * A full-time student.
   */
  student?: boolean;
  /**
   * For a full-time student (student true): the course is not advanced education (below degree level: school, sixth form or college) and the student is without parental support (UC Regs 2013 reg 8(3): no parent, or cannot live with them because of estrangement or a serious risk, or lives away because of their illness, custody or immigration bar). Under 21, or 21 having reached it on the course, such a student may claim Universal Credit (reg 14(1)(a)). Default false.
   */
  nonAdvancedCourseWithoutParentalSupport?: boolean;
  /**
   * For a full-time student (student true): the course is advanced education, above A level or Higher (an HNC, HND or degree). In Scotland a full-time student under 20 may get Carer Support Payment on such a course, and on any other only without parental support or responsible for a child (Carer's Assistance (Carer Support Payment) (Scotland) Regulations 2023, SSI 2023/302, reg 13). Default false: not said.
   */
  advancedCourse?: boolean;
  /**
   * The partner (the second adult) is a 'person subject to immigration control' who may not claim public funds (Immigration and Asylum Act 1999 s115): their permission to stay says 'no public funds', or they are waiting for a decision on an asylum claim. The first adult claims Universal Credit as a single person, with the couple's income and savings counted (UC Regs 2013 regs 3(3)(e), 18(2), 22(3) and 36(3)), and the partner is left out of every benefit that is a public fund. Only the partner may be: the first adult is the one who claims. With both over State Pension age, Pension Credit leaves the partner out of the household (SPC Regs 2002 reg 5(1)(h)) and is worked out for the first adult as a single person, on their own income, while Housing Benefit and Council Tax Reduction count the couple. With only the first adult over State Pension age, who cannot claim Universal Credit alone, Pension Credit and pension-age Housing Benefit are worked out for them as a single person, on their own income (SPC Regs 2002 reg 5(4) and (5); SI 2019/37 art 7 as substituted by SI 2020/655). Default false.
   */
  subjectToImmigrationControl?: boolean;
  /**
   * Why a single private renter under 35 is not held to the shared accommodation rate of Local Housing Allowance (UC Regs 2013 sch 4 para 29), besides a care benefit, which benefitsReceived shows: CARE_LEAVER (in care before 18, and aged 18 to 24, para 29(2)); HOSTEL_RESETTLEMENT (at least 3 months in homeless hostels, with resettlement support accepted there, para 29(4)); PUBLIC_PROTECTION (managed under multi-agency public protection arrangements, para 29(6) and (7)); DOMESTIC_ABUSE (domestic abuse since the age of 16, with evidence from an official, para 29(9B)); MODERN_SLAVERY (a positive conclusive grounds decision, para 29(9C)). Read for the first adult. Default none.
   */
  sharedAccommodationException?: 'CARE_LEAVER' | 'HOSTEL_RESETTLEMENT' | 'PUBLIC_PROTECTION' | 'DOMESTIC_ABUSE' | 'MODERN_SLAVERY';
  /**
   * Someone other than the partner (a son, a daughter, a friend) gets Carer's Allowance, or Universal Credit's carer element, for looking after this adult. Pension Credit's severe disability additional amount, and the severe disability premium of pension-age Housing Benefit and Council Tax Reduction, are then not paid for them (SPC Regs 2002 sch I para 1(2); HB (SPC) Regs 2006 sch 3 para 6). A partner paid Carer's Allowance is taken to look after the other partner. Default false.
   */
  carerGetsCarersAllowance?: boolean;
  /**
   * Away from home for now: PRISON (in prison or on remand), HOSPITAL, or CARE_HOME; moreThanSixMonths when the absence has lasted, or is expected to last, more than 6 months. For the partner: a partner away more than 6 months is not counted as part of the household (UC Regs 2013 reg 3(6)); a partner in prison for less is not in the claim: the first adult claims Universal Credit as a single person, with the couple's income and savings counted (regs 3(3)(c), 18(2), 22(3) and 36(3)); a partner in hospital or a care home for less stays in a joint claim. For the first adult, only when single (in a couple, put the one at home first): in HOSPITAL or a CARE_HOME more than 6 months, Universal Credit has no housing costs element, the claimant being treated as not living at home (sch 3 para 9(1)), and Council Tax Reduction is worked out as if at home (a patient is treated as at home for up to 52 weeks), until moreThanFiftyTwoWeeks: then the hospital or care home is their home, and Council Tax Reduction is not worked out (the home left empty is exempt, Council Tax (Exempt Dwellings) Order 1992 class E and its Scottish equivalent, or others there are liable); in PRISON, Universal Credit is not paid (reg 19(1)(b)) except the housing costs element alone, for the first 6 months, to someone who already got Universal Credit just before (give UNIVERSAL_CREDIT in benefitsClaimed) and is not sentenced beyond them (reg 19(2) and (3)), and Council Tax Reduction is not worked out (the home is exempt while left empty, or others there are liable). With both partners over State Pension age, the partner is not counted (no longer a member of the household) when away more than 52 weeks or for good (moreThanFiftyTwoWeeks; HB (SPC) Regs 2006 reg 21(2), SPC Regs 2002 reg 5(1)(a) and (b)); Pension Credit also leaves out a partner in prison or on remand for any time (reg 5(1)(c)(ii)), the one at home claiming it as a single person, while Housing Benefit and Council Tax Reduction count them until 52 weeks; and council tax has no partner in prison to count (Local Government Finance Act 1992 sch 1 para 1), so a single person discount applies when no other adult lives there. A single first adult over State Pension age may be in HOSPITAL or a CARE_HOME: Pension Credit is worked out as at home (the disability benefits stopped after 28 days leaving out its severe disability addition), and Housing Benefit and Council Tax Reduction as at home until moreThanFiftyTwoWeeks, when neither is worked out for the home left (HB (SPC) Regs 2006 reg 7(16) and (17)); in PRISON they are not worked out yet. With only the first adult over State Pension age, a partner in PRISON (any time) or away more than 6 months leaves them claiming Pension Credit and pension-age Housing Benefit as a single person (UC Regs 2013 reg 3(3)(c) and (6); SPC Regs 2002 reg 5(4) and (5); SI 2019/37 art 7); a partner in HOSPITAL or a CARE_HOME for less keeps them a couple claiming Universal Credit. Default: at home.
   */
  awayFromHome?: {
    reason: 'PRISON' | 'HOSPITAL' | 'CARE_HOME';
    moreThanSixMonths: boolean;
    /**
     * In hospital or a care home: the stay has lasted more than 28 days. Attendance Allowance, DLA and PIP (and Adult Disability Payment) are then not paid in hospital, and their care and daily living parts not in a care home the council or the NHS pays for (a self-funder keeps them: leave this out); the result leaves them out of every benefit that reads them (the benefit cap's exemption, premiums) and says so. moreThanSixMonths implies it. Default false.
     */
    moreThanFourWeeks?: boolean;
    /**
     * The absence has lasted, or is expected to last, more than 52 weeks, or the person is not coming back to live at home (in a care home for good): read with both partners over State Pension age, when the partner is then not counted, and for a single first adult in HOSPITAL or a CARE_HOME, who then has no Housing Benefit or Council Tax Reduction for the home left. A stay in hospital expected to run only a little over 52 weeks is not (the regulations' exceptional circumstances). Needs moreThanSixMonths. Default false.
     */
    moreThanFiftyTwoWeeks?: boolean;
    /**
     * In a CARE_HOME: the person pays all of the care home's fees themselves, the council and the NHS paying nothing towards the care (a self-funder, one under a deferred payment agreement included). Attendance Allowance, the care component of DLA and the daily living part of PIP or Adult Disability Payment then carry on however long the stay (Social Security (Attendance Allowance) Regulations 1991 reg 8(6); Social Security (Disability Living Allowance) Regulations 1991 reg 10(8); for PIP the condition of Welfare Reform Act 2012 s85(2), costs borne out of public or local funds, is not met, so Social Security (Personal Independence Payment) Regulations 2013 reg 28(1) does not apply; Adult Disability Payment, SSI 2022/54 reg 27(4)). Only with reason CARE_HOME. Default false: the council or the NHS pays, and after 28 days (moreThanFourWeeks, or moreThanSixMonths) they are not paid.
     */
    paysOwnCareHomeFees?: boolean;
  };
  /**
   * For a claimant of 16 or 17: the cases besides a child, a health condition or caring in which Universal Credit may be claimed (UC Regs 2013 reg 8): withoutParentalSupport (no parent, or someone acting as one, to support them, or estranged, or at risk living with them); pregnantOrRecentBirth (the baby due within 11 weeks, or born within the last 15 weeks). careLeaver: looked after by a local authority after turning 16; a care leaver of 16 or 17 cannot claim unless responsible for a child (reg 8(2)), as the local authority supports them. Each defaults to false.
   */
  under18?: {
    withoutParentalSupport?: boolean;
    pregnantOrRecentBirth?: boolean;
    careLeaver?: boolean;
  };
}
/**
 * Employed earnings: an amount, its period, and whether it is before or after tax.
 */
export interface Earnings {
  amount: Pounds;
  period: MoneyPeriod;
  basis: EarningsBasis;
}
/**
 * Self-employed profit.
 */
export interface SelfEmployment {
  /**
   * Profit after allowable expenses.
   */
  profit: Money;
  /**
   * In a start-up period, so the Universal Credit minimum income floor does not yet apply.
   */
  startUpPeriod: boolean;
}
/**
 * An amount in pounds and its period, so the period is never guessed.
 */
export interface Money {
  amount: Pounds;
  period: MoneyPeriod;
}
/**
 * Income other than earnings, with its type.
 */
export interface OtherIncome {
  type: OtherIncomeType;
  amount: Pounds;
  period: MoneyPeriod;
  /**
   * For STUDENT_INCOME given for the year (period YEAR): the number of monthly assessment periods of the course year in which student income counts, from the one in which the course year begins to the one before the one in which the long vacation begins or the course ends (UC Regs 2013 reg 68(1)). Universal Credit divides the year's loan and grants by it (reg 71), so for a degree year from September to June it is usually 9. Left out: the year's amount is spread over 12 months.
   */
  assessmentPeriods?: number;
}
/**
 * A disability benefit the adult gets, with its rate where it has rates.
 */
export interface BenefitReceived {
  type: BenefitReceivedType;
  /**
   * The rate paid; required for the types that have rates and left out for the others: PIP_DAILY_LIVING (STANDARD|ENHANCED), PIP_MOBILITY (STANDARD|ENHANCED), DLA_CARE (LOWEST|MIDDLE|HIGHEST), DLA_MOBILITY (LOWER|HIGHER), ATTENDANCE_ALLOWANCE (LOWER|HIGHER), ADP_DAILY_LIVING (STANDARD|ENHANCED), ADP_MOBILITY (STANDARD|ENHANCED), ARMED_FORCES_INDEPENDENCE (no rate), CONSTANT_ATTENDANCE (no rate).
   */
  rate?: BenefitRate;
}
/**
 * Health findings for work capability. Each field defaults to false.
 */
export interface Health {
  /**
   * Limited capability for work and work-related activity found (or expected, with a fit note).
   */
  lcwra?: boolean;
  /**
   * The LCWRA award is protected at the pre-April-2026 rate; needs lcwra true.
   */
  lcwraBefore2026April?: boolean;
  /**
   * Terminally ill.
   */
  terminallyIll?: boolean;
}
/**
 * Care the adult gives to someone else. Each field defaults to 0 or false, but samePersonAsPartner is taken as true.
 */
export interface Caring {
  /**
   * Hours a week spent caring.
   */
  hoursPerWeek?: number;
  /**
   * The person cared for gets a benefit that qualifies the carer (PIP daily living, Attendance Allowance, DLA middle or highest care...).
   */
  caredForGetsQualifyingBenefit?: boolean;
  /**
   * In a couple where both adults care for someone: whether they care for the same person. Universal Credit pays a carer element for each person cared for, so two carers of the same person get one between them (UC Regs 2013 reg 29(4)); false on either adult gives each carer their own. Default true.
   */
  samePersonAsPartner?: boolean;
}
/**
 * A child or young person in the household.
 */
export interface Child {
  /**
   * yyyy-mm-dd, not after the date asked.
   */
  dateOfBirth: Date;
  sex?: Sex;
  disability?: ChildDisability;
  /**
   * A 16-19 year old in full-time non-advanced education or approved training.
   */
  inNonAdvancedEducation?: boolean;
  /**
   * For a date before the two-child limit ended (6 April 2026): why this child gets a child element although born on or after 6 April 2017 beyond the first two (UC Regs 2013 reg 24B): ADOPTED (adopted, other than by a step-parent, after being looked after by a local authority); NON_PARENTAL_CARING (cared for under a kinship, friends and family, guardianship or similar arrangement); NON_CONSENSUAL_CONCEPTION (conceived as a result of non-consensual sex, the claimant not living with the other parent). A later child of a multiple birth is excepted without it. Default none.
   */
  twoChildLimitException?: 'ADOPTED' | 'NON_PARENTAL_CARING' | 'NON_CONSENSUAL_CONCEPTION';
  /**
   * The child gets the care component of DLA or Child Disability Payment at the middle or highest rate, or the daily living component of PIP or ADP, and is not reasonably able to share a bedroom with another child because of their disability: they have a bedroom of their own in the size criteria (UC Regs 2013 sch 4 para 12). Left out: a child with disability HIGHER is taken to need one, any other child not.
   */
  needsOwnBedroom?: boolean;
}
/**
 * Another adult living in the home who is not part of the claim (a grown-up child, a relative).
 */
export interface NonDependant {
  /**
   * Age in whole years.
   */
  age: number;
  /**
   * Their gross income.
   */
  grossIncome: Money;
  /**
   * Gets a benefit (or is in a situation) that means no deduction is made for them.
   */
  exempt: boolean;
  /**
   * Works 16 hours or more a week (remunerative work). Housing Benefit and Council Tax Reduction deduct by gross income only for a non-dependant in such work, and the lowest deduction otherwise; some councils' schemes have one figure for each. Omitted or null when not known: the deduction is chosen by gross income, as for one in work, and the explanation says so.
   */
  inRemunerativeWork?: boolean | null;
  /**
   * Someone Northern Ireland's Lone Pensioner Allowance does not count as living with the claimant (Rate Relief (Lone Pensioner Allowance) Regulations (Northern Ireland) 2008, SR 2008/124, schedule): RESIDENT_CARER, not a partner, living in to care for the claimant for at least 35 hours a week, who counts as disregarded when the claimant gets Attendance Allowance at the higher rate or the care component of Disability Living Allowance at the highest rate; SEVERE_MENTAL_IMPAIRMENT, a severe mental impairment confirmed by a doctor. Default none: they count.
   */
  disregarded?: 'RESIDENT_CARER' | 'SEVERE_MENTAL_IMPAIRMENT';
}
/**
 * The home: tenure is required, every other field has a default.
 */
export interface Housing {
  tenure: Tenure;
  /**
   * Rent; default null (none).
   */
  rent?: Money | null;
  /**
   * Service charges; default null (none).
   */
  serviceCharges?: Money | null;
  /**
   * Bedrooms in the home (for the social-sector size criteria; the LHA category is worked out from the household); default null.
   */
  bedrooms?: number | null;
  /**
   * Council tax; default no band, no charge given, liable.
   */
  councilTax?: CouncilTax;
  /**
   * The Broad Rental Market Area as the Valuation Office Agency writes it; when absent, worked out from the local authority.
   */
  brma?: string;
  /**
   * The renter (or their partner) is a foster parent: approved, with a child placed now, or within 12 months of the last placement ended or of approval; or an adopter with whom a child has been placed for adoption (UC Regs 2013 sch 4 para 12(4) and (5)). One additional bedroom in the size criteria, so a single foster parent under 35 is not held to the shared accommodation rate. Default false.
   */
  fosterParent?: boolean;
  /**
   * A carer who does not live in the home is engaged to stay overnight regularly to care for someone in the household who receives a care benefit (Attendance Allowance, the care component of DLA or Child Disability Payment at the middle or highest rate, or the daily living component of PIP or Adult Disability Payment): one additional bedroom (UC Regs 2013 sch 4 para 12(A1) and (3)). Counted only where the household has such a benefit. Default false.
   */
  overnightCarer?: boolean;
}
/**
 * Council tax for the home. Each field has a default.
 */
export interface CouncilTax {
  /**
   * The band (I only in Wales; null in Northern Ireland, which has no bands); default null.
   */
  band?: CouncilTaxBand | null;
  /**
   * The year's charge in pounds when known, at most 2 decimals; null (the default) to work it out from the band.
   */
  annualCharge?: Pounds | null;
  /**
   * Liable to pay council tax.
   */
  liable?: boolean;
}

import { awardedAboveNil, benefitFacts, notEligibleOnce, paidOnce, type BenefitCalculator } from '../core/benefit.js';
import { addDays, dateInWords } from '../../common/dates/calendar.js';
import { birthsOf, expectedWeekOfConfinement, largestEarlierBirth, sixMonthsAfter, type Birth } from '../facts/births.js';

/**
 * The grants a birth brings (SI 2005/3061 regs 5 and 5A): one for each baby when the family has no other child under
 * 16; with one, only for the babies of a multiple birth beyond the most children of one earlier birth (twins with
 * an older only child: 1; triplets after twins: 1). The other exceptions of reg 5A (an older child who joined the
 * family aged over 12 months, refugees, a young parent's own first baby) are not asked, and are named when it is
 * refused.
 */
export function grantsFor(birth: Birth): number {
  if (birth.otherChildrenUnder16.length === 0) return birth.babies;
  return Math.max(0, birth.babies - largestEarlierBirth(birth.otherChildrenUnder16));
}

/** The day a claim for an expected baby may be made from: the 11th week before the expected week of confinement. */
export const claimOpens = (dueDate: string): string => addDays(expectedWeekOfConfinement(dueDate), -11 * 7);

/**
 * Sure Start Maternity Grant (Social Fund Maternity and Funeral Expenses (General) Regulations 2005, SI 2005/3061;
 * Northern Ireland's SR 2005/506 the same): a lump sum for each baby to a family that gets Universal Credit or
 * Pension Credit, usually only for a first child. Scotland pays the Best Start Grant instead.
 */
export const sureStartMaternityGrant: BenefitCalculator = {
  code: 'SURE_START_MATERNITY_GRANT',
  name: 'Sure Start Maternity Grant',
  folder: 'sure-start-maternity-grant',
  system: 'BOTH',
  meansTested: false,
  reads: ['UNIVERSAL_CREDIT', 'PENSION_CREDIT'],
  facts: benefitFacts({
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
    birthCount: ({ facts }) => birthsOf(facts).length,
    grantCount: ({ facts }) => birthsOf(facts).reduce((sum, birth) => sum + grantsFor(birth), 0),
    getsUniversalCredit: ({ earlier }) => awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')),
    getsPensionCredit: ({ earlier }) => awardedAboveNil(earlier.get('PENSION_CREDIT')),
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    if (!fired.has('eligible'))
      return notEligibleOnce(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const amount = parameters.amount('gov/dwp/sure_start_maternity_grant/amount');
    const benefit = awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')) ? 'Universal Credit' : 'Pension Credit';
    const births = birthsOf(facts).filter((birth) => grantsFor(birth) > 0);
    const grants = births.reduce((sum, birth) => sum + grantsFor(birth), 0);
    const explanation = [explanations.say('amount', { amount, grants, several: grants > 1, total: amount * grants, benefit })];
    for (const birth of births) {
      if (birth.otherChildrenUnder16.length > 0)
        explanation.push(explanations.say('multiple-birth', { babies: birth.babies, grants: grantsFor(birth) }));
      explanation.push(
        birth.kind === 'EXPECTED'
          ? explanations.say('claim-expected', {
              opensLater: facts.date < claimOpens(birth.date),
              opens: dateInWords(claimOpens(birth.date)),
            })
          : explanations.say('claim-born', { closes: dateInWords(sixMonthsAfter(birth)) }),
      );
    }
    return paidOnce(
      births.map((birth) => ({
        code: birth.kind === 'EXPECTED' ? 'BABY_EXPECTED' : 'BABY_BORN',
        name: `${birth.kind === 'EXPECTED' ? `Due ${dateInWords(birth.date)}` : `Born ${dateInWords(birth.date)}`}: ${grantsFor(birth)} ${grantsFor(birth) === 1 ? 'grant' : 'grants'}`,
        lumpSumPence: amount * grantsFor(birth),
      })),
      explanation,
    );
  },
};

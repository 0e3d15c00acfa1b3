import type { RightToResideNotice } from '../../../common/result/model.js';
import type { Answers } from '../../../common/survey/model.js';

/**
 * Whether the figures assume a right to reside. Someone with pre-settled status (EU Settlement Scheme) gets a
 * means-tested benefit or Child Benefit only with a right to reside as well, as a worker or self-employed person, a
 * family member of one, and so on; someone not sure of their status may not have either. The results show what the
 * household would get with one, and say so: never a guess presented as a fact.
 */

/** The answers to the right-to-claim questions that leave a right to reside in doubt. */
const IN_DOUBT = ['PreSettledStatus', 'NotSure'];

/** The notice for the answers of the questions shown, or null when nobody's right to reside is in doubt. */
export function rightToResideNotice(answers: Answers): RightToResideNotice | null {
  const yours = answers.ClientImmigrationStatus;
  const partners = answers.PartnerImmigrationStatus;
  const you = typeof yours === 'string' && IN_DOUBT.includes(yours);
  const yourPartner = typeof partners === 'string' && IN_DOUBT.includes(partners);
  if (!you && !yourPartner) return null;
  return {
    who: you && yourPartner ? 'BOTH' : you ? 'YOU' : 'YOUR_PARTNER',
    notSure: (you && yours === 'NotSure') || (yourPartner && partners === 'NotSure'),
  };
}

/**
 * Whether a benefit's figure depends on the right to reside in doubt. When it is the claimant's, every benefit that
 * needs one (`needsRightToReside` in definitions/results/benefits.json). When it is only the partner's, Universal
 * Credit alone: a partner without one is treated as not in Great Britain, and the claimant then claims as a single
 * person (UC Regs 2013 regs 3(3)(b) and 9); the other benefits turn on the claimant's own right to reside.
 */
export function dependsOnRightToReside(notice: RightToResideNotice | null, code: string, needsRightToReside: boolean): boolean {
  if (!notice || !needsRightToReside) return false;
  return notice.who === 'YOUR_PARTNER' ? code === 'UNIVERSAL_CREDIT' : true;
}

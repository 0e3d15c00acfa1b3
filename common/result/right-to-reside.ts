import type { RightToResideNotice } from './model.js';

/** The mark beside each amount that needs a right to reside. */
export const DEPENDS_ON_RIGHT_TO_RESIDE = 'Depends on a right to reside';

/** What the results page and the PDF say when the figures assume a right to reside, in the same words. */
export interface RightToResideWords {
  heading: string;
  paragraphs: string[];
  reasonsIntro: string;
  reasons: string[];
  closing: string;
}

const HEADINGS: Record<RightToResideNotice['who'], string> = {
  YOU: 'These amounts depend on your right to reside',
  YOUR_PARTNER: "Universal Credit depends on your partner's right to reside",
  BOTH: "These amounts depend on your and your partner's right to reside",
};

/**
 * The usual ways an EU, EEA or Swiss citizen with pre-settled status has a right to reside that counts for these
 * benefits: worker or self-employed (and keeping that status), a family member of one, or the primary carer of a
 * child in education whose parent worked here. A jobseeker's right to reside alone does not count for Universal
 * Credit, Pension Credit or Housing Benefit (UC Regs 2013 reg 9(3); SPC Regs 2002 reg 2(3); HB Regs 2006 reg 10(3B)).
 */
const REASONS = [
  'are working, or self-employed, including while off sick or on maternity or paternity leave',
  'have stopped working but are still treated as a worker, for example while unable to work after an illness or accident, or while registered as looking for work after working in the UK',
  'are the husband, wife, civil partner or child of someone who has one of these rights, or a relative who depends on them',
  'are the main carer of a child in school in the UK whose parent worked here while living here',
];

export function rightToResideWords(notice: RightToResideNotice): RightToResideWords {
  const partnerOnly = notice.who === 'YOUR_PARTNER';
  const paragraphs: string[] = [];
  if (notice.notSure) {
    paragraphs.push(
      `You told us you are not sure of ${partnerOnly ? "your partner's" : 'your'} immigration status. We have shown what you would get if the status lets ${partnerOnly ? 'them' : 'you'} claim. Check it in the UKVI account (search GOV.UK for 'view and prove your immigration status') before you claim. If it says 'no public funds', claiming could affect the right to stay, so get free immigration advice first.`,
    );
  }
  paragraphs.push(
    partnerOnly
      ? "With pre-settled status, your partner needs a 'right to reside' as well to be part of your Universal Credit claim. We have shown what you would get if they have one. If they do not, you would claim as a single person and get less."
      : `With pre-settled status, you can get Universal Credit, Pension Credit, Housing Benefit, Council Tax Reduction and Child Benefit only if you also have a 'right to reside'. We have shown what you would get if you have one: the amounts marked '${DEPENDS_ON_RIGHT_TO_RESIDE}' need it.`,
  );
  return {
    heading: HEADINGS[notice.who],
    paragraphs,
    reasonsIntro: partnerOnly
      ? 'Your partner is likely to have a right to reside if, for example, they:'
      : 'You are likely to have a right to reside if, for example, you:',
    reasons: REASONS,
    closing:
      'Looking for work is not enough on its own for Universal Credit, Pension Credit or Housing Benefit. If none of these apply, get free advice before you claim: Citizens Advice can help.',
  };
}

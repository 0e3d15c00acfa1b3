import type { ResultSection } from '../../../common/result/model';

/** The results page's sections in menu order (spec 001 §2), with their headings. */
export const SECTION_ORDER: readonly ResultSection[] = ['claim', 'information', 'worked', 'email'];

export const SECTION_TITLES: Record<ResultSection, string> = {
  claim: 'Your results',
  information: 'Extra help for you',
  worked: 'See what you told us',
  email: 'Print or save results',
};

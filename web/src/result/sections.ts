import type { ResultSection } from '../../../common/result/model';

/** The results page's sections in menu order, with their headings. */
export const SECTION_ORDER: readonly ResultSection[] = ['claim', 'information', 'worked', 'email'];

export const SECTION_TITLES: Record<ResultSection, string> = {
  claim: 'Your results',
  information: 'Extra help for you',
  worked: 'See what you told us',
  email: 'Print or save results',
};

/**
 * Where a link's hash anchor is, when it is not in 'Your results' (/result/{session}#anchor scrolls
 * to that element): the page opens at that section so the element is there to scroll to.
 */
const SECTION_ANCHORS: Partial<Record<ResultSection, (id: string) => boolean>> = {
  information: (id) => id.startsWith('extra-help') || id.startsWith('helpful-information'),
  worked: (id) => id.startsWith('answers-'),
  email: (id) => id.startsWith('email-') || id.startsWith('download-results'),
};

/** The top of 'See what you told us', where a duplicated calculation opens (/result/{session}#answers-list). */
export const ANSWERS_LIST_ANCHOR = 'answers-list';

/** The section a hash anchor (without its '#') is in. */
export function sectionOfAnchor(id: string): ResultSection {
  return SECTION_ORDER.find((section) => SECTION_ANCHORS[section]?.(id)) ?? 'claim';
}

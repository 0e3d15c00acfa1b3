import type { RightToResideNotice } from '../../../common/result/model';
import { rightToResideWords } from '../../../common/result/right-to-reside';

export { DEPENDS_ON_RIGHT_TO_RESIDE } from '../../../common/result/right-to-reside';

/**
 * Pre-settled status, or not being sure of one's status: the figures are what the household would get with a right
 * to reside, and this says so above them, with the usual ways of having one, so nobody takes them as certain.
 */
export function RightToResideNote({ notice }: { notice: RightToResideNotice }) {
  const words = rightToResideWords(notice);
  return (
    <section
      className="result-card result-card--highlight right-to-reside"
      aria-labelledby="right-to-reside-heading"
      data-testid="right-to-reside"
    >
      <h2 id="right-to-reside-heading" className="result-card__title">
        {words.heading}
      </h2>
      {words.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>{words.reasonsIntro}</p>
      <ul>
        {words.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p>{words.closing}</p>
    </section>
  );
}

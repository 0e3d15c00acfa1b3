import type { CharityDetails } from '../../../common/site';
import { ExternalLink } from '../shared/ExternalLink';

export const CARD_TITLES = {
  warmHomes: 'Warm Homes Network',
  helpUs: 'Help us help others',
  helpline: 'Talk to our helpline',
} as const;

/** Shown only when the calculation says the household can get the Warm Homes Network's help. */
export function WarmHomesCard({ callBack }: { callBack: CharityDetails['resultsLinks']['warmHomesCallBack'] }) {
  return (
    <section id="warm-homes-network" className="result-card" aria-labelledby="warm-homes-network-title">
      <h2 id="warm-homes-network-title" className="result-card__title">
        {CARD_TITLES.warmHomes}
      </h2>
      <p>
        You could get help to keep your home warm and bring down your energy bills. The Warm Homes Network can call you back to talk about
        grants and other support.
      </p>
      <p>
        <ExternalLink href={callBack.url} className="button button--secondary">
          {callBack.text}
        </ExternalLink>
      </p>
    </section>
  );
}

/** The survey link carries the calculation reference, so answers can be matched to the calculation. */
export function feedbackSurveyUrl(survey: CharityDetails['resultsLinks']['feedbackSurvey'], reference: string): string {
  // Relative to this site if the setting is a path rather than a full address.
  const url = new URL(survey.url, window.location.origin);
  url.searchParams.set(survey.referenceParameter, reference);
  return url.toString();
}

export function HelpUsHelpOthersCard({
  survey,
  reference,
}: {
  survey: CharityDetails['resultsLinks']['feedbackSurvey'];
  reference: string;
}) {
  return (
    <section id="help-us-help-others" className="result-card" aria-labelledby="help-us-help-others-title">
      <h2 id="help-us-help-others-title" className="result-card__title">
        {CARD_TITLES.helpUs}
      </h2>
      <p>Tell us how the calculator worked for you in a short survey. Your answers help us improve it for everyone who uses it.</p>
      <p>
        <ExternalLink href={feedbackSurveyUrl(survey, reference)}>{survey.text}</ExternalLink>
      </p>
    </section>
  );
}

/** On a phone, outside a portal: the charity's free helpline, one tap to call. */
export function HelplineCard({ helpline }: { helpline: CharityDetails['helpline'] }) {
  return (
    <section id="helpline" className="result-card" aria-labelledby="helpline-title">
      <h2 id="helpline-title" className="result-card__title">
        {CARD_TITLES.helpline}
      </h2>
      <p>Our advisers can talk your results through with you. Calls are free.</p>
      <p className="helpline__number">
        <a href={`tel:${helpline.phoneNumber.replace(/\s+/g, '')}`}>{helpline.phoneNumber}</a>
      </p>
      <p>{helpline.openingHours}</p>
    </section>
  );
}

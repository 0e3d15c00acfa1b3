import { useEffect, useRef, useState } from 'react';
import { variableIsTrue, WARM_HOMES_NETWORK_VARIABLE, type ResultModel, type ResultSection } from '../../../common/result/model';
import type { SiteConfig } from '../../../common/site';
import type { Visit } from '../../../common/visit';
import { BetterOffCard } from './BetterOffCard';
import { BetterOffSummary } from './BetterOffSummary';
import {
  FORCED_MONTHLY_NOTE,
  LegacyBenefits,
  NoEntitlement,
  PeriodChoice,
  UNIVERSAL_CREDIT_CODE,
  UniversalCreditBenefits,
} from './BenefitBlocks';
import { FeedbackCard } from './FeedbackCard';
import { HousingAllowanceNote } from './HousingAllowanceNote';
import { RentShortfall } from './RentShortfall';
import { rentShortfallWords } from '../../../common/result/rent-shortfall';
import { RightToResideNote } from './RightToResideNote';
import { OneOffPayments } from './OneOffPayments';
import { LastRatesHeldNote } from './LastRatesHeldNote';
import { surveyPath } from '../survey/survey-api';
import { HelplineCard, HelpUsHelpOthersCard, WarmHomesCard } from './ResultCards';
import { isMonthlyForced, isUniversalCreditShown, offersUniversalCreditButton, shownPeriod, type PeriodState } from './period';
import { UniversalCreditBreakdown } from './UniversalCreditBreakdown';

export const UNIVERSAL_CREDIT_BUTTONS = {
  show: 'See your Universal Credit results',
  hide: 'Hide your Universal Credit results',
} as const;
export const EXTRA_HELP_BUTTON = 'Extra Help for You';

interface Props {
  result: ResultModel;
  site: SiteConfig;
  visit: Visit;
  search: string;
  isNarrowScreen: boolean;
  periodState: PeriodState;
  onPeriodStateChange(state: PeriodState): void;
  onSelectSection(section: ResultSection): void;
  onRecalculated(result: ResultModel): void;
  onFailed(error: unknown): void;
}

/**
 * 'Your results': the better-off summary, the legacy benefits, the button to Universal Credit and
 * its block, the way to extra help, then the Warm Homes Network, feedback, survey and helpline cards. The
 * Universal Credit breakdown replaces it all until 'Back to your result'.
 */
export function YourResults({
  result,
  site,
  visit,
  search,
  isNarrowScreen,
  periodState,
  onPeriodStateChange,
  onSelectSection,
  onRecalculated,
  onFailed,
}: Props) {
  const { eligibility, benefits, isBetterOff } = result;
  const period = shownPeriod(eligibility, periodState);
  const isUcShown = isUniversalCreditShown(eligibility, periodState) && benefits !== null;
  const universalCreditHeading = useRef<HTMLHeadingElement>(null);
  const [isReturningFromBreakdown, setIsReturningFromBreakdown] = useState(false);

  // Back from the breakdown: focus goes to the Universal Credit block it was opened from.
  useEffect(() => {
    if (!isReturningFromBreakdown) return;
    universalCreditHeading.current?.focus();
    setIsReturningFromBreakdown(false);
  }, [isReturningFromBreakdown]);

  if (periodState.isBreakdownOpen) {
    const universalCredit = benefits?.universalCredit.find(
      (benefit) => benefit.benefitCode === UNIVERSAL_CREDIT_CODE && benefit.showBreakdown,
    );
    return (
      <UniversalCreditBreakdown
        benefit={universalCredit}
        period={period}
        isBetterOff={isBetterOff}
        onBack={() => {
          onPeriodStateChange({ ...periodState, isBreakdownOpen: false });
          setIsReturningFromBreakdown(true);
        }}
      />
    );
  }

  const periodControl = isMonthlyForced(eligibility, periodState) ? (
    <p className="period-choice__note">{FORCED_MONTHLY_NOTE}</p>
  ) : (
    <PeriodChoice period={period} onChange={(chosen) => onPeriodStateChange({ ...periodState, chosen })} />
  );
  const openBreakdown = () => onPeriodStateChange({ ...periodState, isBreakdownOpen: true });
  const summarySystems = [...(eligibility.isEligibleForLb ? (['lb'] as const) : []), ...(isUcShown ? (['uc'] as const) : [])];
  const isEligibleForNothing = !eligibility.isEligibleForLb && !eligibility.isEligibleForUc;
  const { charity } = site;
  const shortfall = rentShortfallWords(result.housingAllowance);

  return (
    <>
      {result.lastRatesHeld && <LastRatesHeldNote lastRatesHeld={result.lastRatesHeld} />}
      {result.rightToReside && <RightToResideNote notice={result.rightToReside} />}
      {isBetterOff && benefits && summarySystems.length > 0 && (
        <BetterOffSummary benefits={benefits} period={period} systems={summarySystems} />
      )}
      {shortfall && <RentShortfall words={shortfall} />}
      {eligibility.isEligibleForLb && benefits && (
        <LegacyBenefits benefits={benefits} period={period} isBetterOff={isBetterOff} notAwarded={result.councilTaxReductionNotAwarded}>
          {periodControl}
        </LegacyBenefits>
      )}
      {offersUniversalCreditButton(eligibility) && (
        <div className="result-block result-block--plain">
          <p>
            You could get Universal Credit instead. Compare before you claim: once you claim Universal Credit you cannot go back to the
            benefits above.
          </p>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={periodState.showsUniversalCredit}
            aria-controls="universal-credit"
            onClick={() => onPeriodStateChange({ ...periodState, showsUniversalCredit: !periodState.showsUniversalCredit })}
          >
            {periodState.showsUniversalCredit ? UNIVERSAL_CREDIT_BUTTONS.hide : UNIVERSAL_CREDIT_BUTTONS.show}
          </button>
        </div>
      )}
      {isUcShown && benefits && (
        <UniversalCreditBenefits
          benefits={benefits}
          period={period}
          isBetterOff={isBetterOff}
          headingRef={universalCreditHeading}
          onOpenBreakdown={openBreakdown}
          notAwarded={eligibility.isEligibleForLb ? null : result.councilTaxReductionNotAwarded}
        >
          {!eligibility.isEligibleForLb && periodControl}
        </UniversalCreditBenefits>
      )}
      {isEligibleForNothing && (
        <NoEntitlement benefits={benefits} period={period} isBetterOff={isBetterOff} notAwarded={result.councilTaxReductionNotAwarded}>
          {periodControl}
        </NoEntitlement>
      )}
      {benefits && <OneOffPayments payments={benefits.oneOff} isBetterOff={isBetterOff} />}
      {result.housingAllowance && (
        <HousingAllowanceNote
          allowance={result.housingAllowance}
          changeHref={
            result.housingAllowance.pageNumber === null ? null : surveyPath(result.housingAllowance.pageNumber, result.session, search)
          }
        />
      )}
      <BetterOffCard result={result} visit={visit} search={search} onRecalculated={onRecalculated} onFailed={onFailed} />
      <p className="results__extra-help">
        <button type="button" className="button" onClick={() => onSelectSection('information')}>
          {EXTRA_HELP_BUTTON}
        </button>
      </p>
      {variableIsTrue(result.variables, WARM_HOMES_NETWORK_VARIABLE) && <WarmHomesCard callBack={charity.resultsLinks.warmHomesCallBack} />}
      {!result.hasFeedback && <FeedbackCard session={result.session} />}
      <HelpUsHelpOthersCard survey={charity.resultsLinks.feedbackSurvey} reference={result.token} />
      {isNarrowScreen && !visit.isPortal && result.showHelpline && <HelplineCard helpline={charity.helpline} />}
    </>
  );
}

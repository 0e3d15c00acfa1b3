import { useId, type ReactNode, type Ref } from 'react';
import type { BenefitMessage, ResultBenefit, ResultBenefits, ResultNotAwarded } from '../../../common/result/model';
import { benefitAmountText, formatMoney, inPeriod, type Period } from './money';
import { ExternalLink } from '../shared/ExternalLink';
import { ACCURACY_PATH } from '../accuracy/accuracy-path';
import { DEPENDS_ON_RIGHT_TO_RESIDE } from './RightToResideNote';

export const BLOCK_TITLES = {
  legacy: 'Legacy benefits and pension age benefits',
  universalCredit: 'Universal Credit system benefits',
  none: 'Benefits you could get',
} as const;
/** The headings over each system's lists: the same in both systems, so each benefit sits under what it is. */
export const LIST_TITLES = {
  meansTested: 'Means-tested benefits',
  nonMeansTested: 'Benefits that are not means-tested',
} as const;
/** Whether the household already gets a benefit, said in words beside it (when the household told us). */
export const CLAIM_STATUS = { ALREADY_GET: 'You already get this', COULD_CLAIM: 'You could claim this' } as const;
export const FORCED_MONTHLY_NOTE = 'Amounts are shown per month, because Universal Credit is worked out and paid monthly.';
export const BREAKDOWN_BUTTON = 'See how your Universal Credit is worked out';
/** The engine's code for Universal Credit, the one benefit with a breakdown. */
export const UNIVERSAL_CREDIT_CODE = 'UNIVERSAL_CREDIT';

/** Weekly or monthly: two radio buttons, so the choice is clear to keyboard and screen reader users. */
export function PeriodChoice({ period, onChange }: { period: Period; onChange(period: Period): void }) {
  const name = useId();
  return (
    <fieldset className="period-choice">
      <legend className="period-choice__legend">Show amounts</legend>
      {(['weekly', 'monthly'] as const).map((choice) => (
        <label key={choice} className="period-choice__option">
          <input
            type="radio"
            className="period-choice__input"
            name={name}
            value={choice}
            checked={period === choice}
            onChange={() => onChange(choice)}
          />
          {choice === 'weekly' ? 'Weekly' : 'Monthly'}
        </label>
      ))}
    </fieldset>
  );
}

/** A benefit's amount, or now and after the change in better-off mode. */
function Amounts({ benefit, period, isBetterOff }: { benefit: ResultBenefit; period: Period; isBetterOff: boolean }) {
  const now = benefitAmountText(benefit.benefitType, benefit.weeklyPayment, benefit.monthlyPayment, period);
  if (!isBetterOff) return <p className="benefit__amount">{now}</p>;
  return (
    <dl className="benefit__amounts">
      <div>
        <dt>Now</dt>
        <dd>{now}</dd>
      </div>
      <div>
        <dt>After the change</dt>
        <dd>{benefitAmountText(benefit.betterOffBenefitType, benefit.betterOffWeeklyPayment, benefit.betterOffMonthlyPayment, period)}</dd>
      </div>
    </dl>
  );
}

/**
 * Why a benefit (or a one-off payment) is what it is, and how to claim it: the two disclosures under its amount, each
 * naming it for screen readers.
 */
export function BenefitDetails({
  name,
  messages,
  howToClaim,
  link,
}: {
  name: string;
  messages: BenefitMessage[];
  howToClaim: string;
  link: string;
}) {
  return (
    <>
      {messages.length > 0 && (
        <details className="benefit__details">
          <summary>
            How we worked this out<span className="visually-hidden">: {name}</span>
          </summary>
          <ul>
            {messages.map((message) => (
              <li key={message.name}>{message.message}</li>
            ))}
          </ul>
          <p className="benefit__accuracy">
            <ExternalLink href={ACCURACY_PATH}>How accurate is the calculator?</ExternalLink>
          </p>
        </details>
      )}
      <details className="benefit__details">
        <summary>
          How to claim<span className="visually-hidden">: {name}</span>
        </summary>
        <p>{howToClaim}</p>
        {link && (
          <p>
            <ExternalLink href={link}>Find out more about {name}</ExternalLink>
          </p>
        )}
      </details>
    </>
  );
}

/** One benefit: its name and amount, why (its messages), and how to claim with a link to more. */
export function BenefitItem({
  benefit,
  period,
  isBetterOff,
  onOpenBreakdown,
}: {
  benefit: ResultBenefit;
  period: Period;
  isBetterOff: boolean;
  onOpenBreakdown?: () => void;
}) {
  return (
    <li className="benefit" data-benefit-code={benefit.benefitCode}>
      <div className="benefit__summary">
        <h4 className="benefit__name">{benefit.benefitName}</h4>
        <Amounts benefit={benefit} period={period} isBetterOff={isBetterOff} />
      </div>
      {benefit.claimStatus && (
        <p className={`benefit__claim benefit__claim--${benefit.claimStatus.toLowerCase()}`}>{CLAIM_STATUS[benefit.claimStatus]}</p>
      )}
      {benefit.dependsOnRightToReside && <p className="benefit__condition">{DEPENDS_ON_RIGHT_TO_RESIDE}</p>}
      {benefit.paidAfterDeductions && (
        <div className="benefit__paid">
          <p>
            Paid after deductions for debts:{' '}
            <strong>
              {formatMoney(inPeriod(benefit.paidAfterDeductions.weeklyPayment, benefit.paidAfterDeductions.monthlyPayment, period), period)}
            </strong>
          </p>
          <ul>
            {benefit.paidAfterDeductions.lines.map((line) => (
              <li key={line.name}>
                {line.name}: {formatMoney(inPeriod(line.weeklyPayment, line.monthlyPayment, period), period)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <BenefitDetails name={benefit.benefitName} messages={benefit.messages} howToClaim={benefit.howToClaim.message} link={benefit.link} />
      {onOpenBreakdown && (
        <p>
          <button type="button" className="button button--secondary button--small" onClick={onOpenBreakdown}>
            {BREAKDOWN_BUTTON}
          </button>
        </p>
      )}
    </li>
  );
}

export const NOT_AWARDED_AMOUNT = 'Nothing';

/** A benefit the person asked about that comes to nothing: 'Nothing', the reason in a sentence, and the working. */
export function NotAwardedItem({ benefit }: { benefit: ResultNotAwarded }) {
  return (
    <li className="benefit benefit--not-awarded" data-benefit-code={benefit.benefitCode}>
      <div className="benefit__summary">
        <h4 className="benefit__name">{benefit.benefitName}</h4>
        <p className="benefit__amount">{NOT_AWARDED_AMOUNT}</p>
      </div>
      <p className="benefit__reason">{benefit.reason}</p>
      <BenefitDetails name={benefit.benefitName} messages={benefit.messages} howToClaim={benefit.howToClaim.message} link={benefit.link} />
    </li>
  );
}

/** The benefits already got first, then those to claim, each group in the engine's order (a stable sort). */
const apartByClaim = (benefits: ResultBenefit[]) =>
  [...benefits].sort((a, b) => Number(b.claimStatus === 'ALREADY_GET') - Number(a.claimStatus === 'ALREADY_GET'));

function BenefitList({
  title,
  benefits,
  notAwarded = null,
  onOpenBreakdown,
  ...shared
}: {
  title: string;
  benefits: ResultBenefit[];
  /** A means-tested benefit asked about that comes to nothing, listed after those awarded. */
  notAwarded?: ResultNotAwarded | null;
  period: Period;
  isBetterOff: boolean;
  onOpenBreakdown?: () => void;
}) {
  if (benefits.length === 0 && !notAwarded) return null;
  return (
    <>
      <h3 className="result-block__subtitle">{title}</h3>
      <ul className="benefit-list">
        {apartByClaim(benefits).map((benefit) => (
          <BenefitItem
            key={benefit.benefitCode}
            benefit={benefit}
            onOpenBreakdown={benefit.benefitCode === UNIVERSAL_CREDIT_CODE ? onOpenBreakdown : undefined}
            {...shared}
          />
        ))}
        {notAwarded && <NotAwardedItem benefit={notAwarded} />}
      </ul>
    </>
  );
}

interface TotalFigures {
  weekly: number;
  monthly: number;
  betterOffWeekly: number;
  betterOffMonthly: number;
}

function Total({ figures, period, isBetterOff }: { figures: TotalFigures; period: Period; isBetterOff: boolean }) {
  const now = formatMoney(inPeriod(figures.weekly, figures.monthly, period), period);
  if (!isBetterOff) {
    return (
      <p className="result-block__total">
        Total: <strong>{now}</strong>
      </p>
    );
  }
  return (
    <dl className="result-block__total result-block__total--better-off">
      <div>
        <dt>Total now</dt>
        <dd>{now}</dd>
      </div>
      <div>
        <dt>Total after the change</dt>
        <dd>{formatMoney(inPeriod(figures.betterOffWeekly, figures.betterOffMonthly, period), period)}</dd>
      </div>
    </dl>
  );
}

interface BlockProps {
  benefits: ResultBenefits;
  period: Period;
  isBetterOff: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
  /** Council Tax Reduction when someone pays council tax and none is awarded: listed with the means-tested benefits. */
  notAwarded?: ResultNotAwarded | null;
}

/** The legacy and pension-age system: means-tested and other benefits, the total, and the period choice. */
export function LegacyBenefits({ benefits, period, isBetterOff, headingRef, children, notAwarded }: BlockProps) {
  return (
    <section id="legacy-benefits" className="result-block" aria-labelledby="legacy-benefits-title">
      <h2 id="legacy-benefits-title" className="result-block__title" ref={headingRef} tabIndex={-1}>
        {BLOCK_TITLES.legacy}
      </h2>
      {children}
      <BenefitList
        title={LIST_TITLES.meansTested}
        benefits={benefits.meansTested}
        notAwarded={notAwarded}
        period={period}
        isBetterOff={isBetterOff}
      />
      <BenefitList title={LIST_TITLES.nonMeansTested} benefits={benefits.nonMeansTested} period={period} isBetterOff={isBetterOff} />
      <Total
        figures={{
          weekly: benefits.lbWeekly,
          monthly: benefits.lbMonthly,
          betterOffWeekly: benefits.lbBetterOffWeekly,
          betterOffMonthly: benefits.lbBetterOffMonthly,
        }}
        period={period}
        isBetterOff={isBetterOff}
      />
    </section>
  );
}

/**
 * The Universal Credit system: Universal Credit and the other means-tested help that goes with it
 * (Council Tax Reduction), then the benefits that are not means-tested and are paid whichever system applies, and
 * the total. Each benefit is in one list (api/src/results/from-calculation.ts), so each shows once.
 */
export function UniversalCreditBenefits({
  benefits,
  period,
  isBetterOff,
  headingRef,
  children,
  notAwarded,
  onOpenBreakdown,
}: BlockProps & { onOpenBreakdown(): void }) {
  return (
    <section id="universal-credit" className="result-block" aria-labelledby="universal-credit-title">
      <h2 id="universal-credit-title" className="result-block__title" ref={headingRef} tabIndex={-1}>
        {BLOCK_TITLES.universalCredit}
      </h2>
      {children}
      <BenefitList
        title={LIST_TITLES.meansTested}
        benefits={benefits.universalCredit}
        notAwarded={notAwarded}
        period={period}
        isBetterOff={isBetterOff}
        onOpenBreakdown={onOpenBreakdown}
      />
      <BenefitList title={LIST_TITLES.nonMeansTested} benefits={benefits.nonMeansTested} period={period} isBetterOff={isBetterOff} />
      <Total
        figures={{
          weekly: benefits.ucWeekly,
          monthly: benefits.ucMonthly,
          betterOffWeekly: benefits.ucBetterOffWeekly,
          betterOffMonthly: benefits.ucBetterOffMonthly,
        }}
        period={period}
        isBetterOff={isBetterOff}
      />
    </section>
  );
}

/** Eligible under neither system: say so, and list any benefit that does not depend on income (such as PIP). */
export function NoEntitlement({
  benefits,
  period,
  isBetterOff,
  children,
  notAwarded,
}: Omit<BlockProps, 'benefits'> & { benefits: ResultBenefits | null }) {
  return (
    <section id="no-entitlement" className="result-block" aria-labelledby="no-entitlement-title">
      <h2 id="no-entitlement-title" className="result-block__title">
        {BLOCK_TITLES.none}
      </h2>
      {children}
      <p>Based on your answers, you are not likely to get Universal Credit or the other means-tested benefits we check.</p>
      {notAwarded && (
        <ul className="benefit-list">
          <NotAwardedItem benefit={notAwarded} />
        </ul>
      )}
      {benefits && (
        <BenefitList title={LIST_TITLES.nonMeansTested} benefits={benefits.nonMeansTested} period={period} isBetterOff={isBetterOff} />
      )}
    </section>
  );
}

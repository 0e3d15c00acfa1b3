import { useEffect, useState } from 'react';
import type { MoneyAnswer, AnswerPeriod } from '../../../../common/survey/model';
import { formatPounds, penceFromNumber, penceToText } from '../../../../common/money';
import { chosenFigurePence, emptyMoneyAnswer, ANSWER_PERIODS, moneyAnswerFrom } from '../../../../common/survey/money-answer';
import type { ControlProps } from './control';

/** Whole pounds (up to £999,999,999) and at most two decimal places: other typing is blocked. */
const AMOUNT_TYPING = /^\d{0,9}(\.\d{0,2})?$/;

function isMoneyAnswer(value: unknown): value is MoneyAnswer {
  return typeof value === 'object' && value !== null && 'period' in value && 'weekly' in value;
}

/** The text the amount box shows for an answer: the chosen period's figure (the weekly one when none is chosen). */
export function amountText(answer: MoneyAnswer): string {
  const pence = chosenFigurePence(answer);
  return pence === null ? '' : penceToText(pence);
}

/** The answer after typing `text` with `period` chosen: all three figures worked again. */
export function moneyAnswerAfter(text: string, period: AnswerPeriod | ''): MoneyAnswer {
  // Only a lone '.' gets past the typing check without being an amount: it counts as no amount yet.
  return moneyAnswerFrom(text, period) ?? emptyMoneyAnswer(period);
}

const PER: Record<AnswerPeriod, string> = { Weekly: 'a week', Monthly: 'a month', Yearly: 'a year' };

/** The three figures in words, e.g. '£100 a week, £433.33 a month, £5,200 a year'; '' until a period is chosen. */
export function describeFigures(answer: MoneyAnswer): string {
  if (answer.period === '') return '';
  const parts = ANSWER_PERIODS.map((period) => {
    const figure = answer[period === 'Weekly' ? 'weekly' : period === 'Monthly' ? 'monthly' : 'yearly'];
    const pence = figure === null ? null : penceFromNumber(figure);
    return pence === null ? null : `${formatPounds(pence, { separators: true })} ${PER[period]}`;
  });
  return parts.every((part) => part !== null) ? parts.join(', ') : '';
}

/**
 * Money (type 7): an amount in pounds and how often it is paid. Any change works out the weekly, monthly and yearly
 * figures again from what was typed, to the penny (common/survey/money-answer), and shows all three.
 */
export function MoneyControl(props: ControlProps) {
  const { question, id, describedBy, invalid } = props;
  const answer = isMoneyAnswer(props.value) ? props.value : emptyMoneyAnswer();
  const [text, setText] = useState(() => amountText(answer));

  // An answer changed from outside (a default, a cleared privacy notice): show its figure.
  useEffect(() => {
    if (chosenFigurePence(moneyAnswerAfter(text, answer.period)) !== chosenFigurePence(answer)) setText(amountText(answer));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the answer from outside matters; the text is this control's own
  }, [answer.weekly, answer.monthly, answer.yearly, answer.period]);

  const figures = describeFigures(answer);
  return (
    <div className="money">
      <div className="money__amount">
        <label className="visually-hidden" htmlFor={id}>
          Amount in pounds
        </label>
        <span className="money__prefix" aria-hidden="true">
          £
        </span>
        <input
          className="input money__input"
          type="text"
          id={id}
          name={`${question.name}-amount`}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={question.required || undefined}
          onChange={(event) => {
            const typed = event.target.value.trim();
            if (!AMOUNT_TYPING.test(typed)) return;
            setText(typed);
            props.onAnswer(moneyAnswerAfter(typed, answer.period));
          }}
        />
      </div>
      <fieldset className="money__period">
        <legend className="visually-hidden">How often</legend>
        <div className="radios radios--inline">
          {ANSWER_PERIODS.map((period) => (
            <div className="radios__item" key={period}>
              <input
                className="radios__input"
                type="radio"
                id={`${id}-${period.toLowerCase()}`}
                name={`${question.name}-period`}
                value={period}
                checked={answer.period === period}
                onChange={() => props.onAnswer(moneyAnswerAfter(text, period))}
              />
              <label className="radios__label" htmlFor={`${id}-${period.toLowerCase()}`}>
                {period}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {figures && (
        <p className="money__figures" data-testid={`${question.name}-figures`}>
          {figures}
        </p>
      )}
    </div>
  );
}

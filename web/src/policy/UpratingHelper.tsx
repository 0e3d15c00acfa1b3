import { useMemo, useState } from 'react';
import type { ParameterSummary, ParameterValueEdit, UpratingResponse } from './policy-api';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { TextField } from '../shared/TextField';
import { proposeUprating } from './policy-api';
import { formatValue, longDate } from './policy-text';
import { useProblems } from './policy-ui';
import { isScaleValue } from '../../../common/policy/model';

/** How many parameters the filtered list shows at once: the full list is over a hundred. */
const LIST_LIMIT = 60;

/**
 * The uprating helper: tick parameters (a filter narrows the list), give a percentage and the date the new values
 * take effect, see the proposed values with the rounding each follows, and add the ones kept to the change set
 * as dated values without a source (each source is added later, by changing the value).
 */
export function UpratingHelper({
  parameters,
  onAdd,
  onFailure,
}: {
  parameters: readonly ParameterSummary[];
  onAdd: (edits: ParameterValueEdit[]) => Promise<void>;
  onFailure: (error: unknown) => void;
}) {
  const problems = useProblems('uprating', ['uprating-filter', 'uprating-percent', 'uprating-from']);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [percent, setPercent] = useState('');
  const [from, setFrom] = useState('');
  const [answer, setAnswer] = useState<{ response: UpratingResponse; from: string } | null>(null);
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [isWorking, setIsWorking] = useState(false);

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    // Single rates only: a table of bands is typed as announced, never uprated by one percentage.
    return parameters.filter(
      (parameter) =>
        !isScaleValue(parameter.latest.value) && words.every((word) => `${parameter.name} ${parameter.label}`.toLowerCase().includes(word)),
    );
  }, [parameters, filter]);
  const toggle = (set: ReadonlySet<string>, name: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(name);
    else next.delete(name);
    return next;
  };

  const propose = async () => {
    const found: SummaryError[] = [];
    if (chosen.size === 0) found.push({ targetId: 'uprating-filter', message: 'Tick at least one parameter to uprate.' });
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent.trim()))
      found.push({ targetId: 'uprating-percent', message: 'Enter the percentage with up to 2 decimals, such as 3.8.' });
    const fromProblem = dateProblemOf(from, 'the date the new values take effect');
    if (fromProblem) found.push({ targetId: 'uprating-from', message: fromProblem });
    const fromDate = isoDateOf(from);
    if (found.length > 0 || !fromDate) return problems.show(found);
    problems.clear();
    setIsWorking(true);
    try {
      const response = await proposeUprating({ parameters: [...chosen], percent: percent.trim(), from: fromDate });
      setAnswer({ response, from: fromDate });
      setKept(new Set(response.proposals.map((proposal) => proposal.parameter)));
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsWorking(false);
    }
  };

  const add = async () => {
    if (!answer) return;
    const edits: ParameterValueEdit[] = answer.response.proposals
      .filter((proposal) => kept.has(proposal.parameter))
      .map((proposal) => ({
        kind: 'parameter-value',
        parameter: proposal.parameter,
        from: answer.from,
        value: proposal.proposed,
        source: null,
      }));
    if (edits.length === 0)
      return problems.show([{ targetId: 'uprating-proposals', message: 'Keep at least one proposed value, or change the choices above.' }]);
    setIsWorking(true);
    try {
      await onAdd(edits);
      setAnswer(null);
      setChosen(new Set());
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <div className="policy-uprating" data-testid="uprating">
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      <form
        className="policy-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void propose();
        }}
      >
        <TextField
          id="uprating-filter"
          label="Filter the parameters"
          hint="Words of the rate’s name, such as Child Benefit or allowance."
          error={problems.errorAt('uprating-filter')}
          value={filter}
          onChange={setFilter}
        />
        <fieldset className="question__fieldset">
          <legend className="question__label">Parameters to uprate ({chosen.size} ticked)</legend>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setChosen(new Set([...chosen, ...shown.slice(0, LIST_LIMIT).map((parameter) => parameter.name)]))}
            >
              Tick all shown
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setChosen(new Set())}>
              Untick all
            </button>
          </div>
          <ul className="policy-checklist">
            {shown.slice(0, LIST_LIMIT).map((parameter) => (
              <li className="checkboxes__item" key={parameter.name}>
                <input
                  className="checkboxes__input"
                  type="checkbox"
                  id={`uprate-${parameter.name}`}
                  checked={chosen.has(parameter.name)}
                  onChange={(event) => setChosen(toggle(chosen, parameter.name, event.target.checked))}
                />
                <label className="checkboxes__label" htmlFor={`uprate-${parameter.name}`}>
                  {parameter.label} ({formatValue(parameter.latest.value, parameter.unit)} from {longDate(parameter.latest.from)})
                </label>
                <span className="policy-name policy-detail-line" data-detail-line>
                  {parameter.name}
                </span>
              </li>
            ))}
          </ul>
          {shown.length > LIST_LIMIT && (
            <p className="question__hint">
              Showing {LIST_LIMIT} of {shown.length}: type in the filter to narrow the list.
            </p>
          )}
        </fieldset>
        <TextField
          id="uprating-percent"
          label="Uprating percentage"
          hint="Up to 2 decimals, such as 3.8 (the September CPI) or 0."
          error={problems.errorAt('uprating-percent')}
          value={percent}
          onChange={setPercent}
          className="input--number"
        />
        <DateField id="uprating-from" label="New values from" error={problems.errorAt('uprating-from')} value={from} onChange={setFrom} />
        <button type="submit" className="button" disabled={isWorking}>
          Work out the new values
        </button>
      </form>

      {answer && (
        <div className="policy-proposals">
          <div className="adviser-table__scroll">
            <table className="adviser-table policy-table" id="uprating-proposals" tabIndex={-1} data-testid="uprating-proposals">
              <caption>Proposed values from {longDate(answer.from)}: untick any you do not want</caption>
              <thead>
                <tr>
                  <th scope="col">Keep</th>
                  <th scope="col">Parameter</th>
                  <th scope="col">Current</th>
                  <th scope="col">Proposed</th>
                  <th scope="col">Rounding</th>
                </tr>
              </thead>
              <tbody>
                {answer.response.proposals.map((proposal) => (
                  <tr key={proposal.parameter}>
                    <td>
                      <input
                        type="checkbox"
                        className="policy-table__checkbox"
                        checked={kept.has(proposal.parameter)}
                        aria-label={`Keep ${proposal.label}`}
                        onChange={(event) => setKept(toggle(kept, proposal.parameter, event.target.checked))}
                      />
                    </td>
                    <th scope="row">{proposal.label}</th>
                    <td>
                      {formatValue(proposal.current.value, proposal.unit)} (from {longDate(proposal.current.from)})
                    </td>
                    <td>{formatValue(proposal.proposed, proposal.unit)}</td>
                    <td>{proposal.roundingReason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {answer.response.skipped.length > 0 && (
            <>
              <h3>Not uprated by a percentage</h3>
              <ul>
                {answer.response.skipped.map((skip) => (
                  <li key={skip.parameter}>
                    {skip.parameter}: {skip.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="button" className="button" disabled={isWorking} onClick={() => void add()}>
            Add these to the change set
          </button>
        </div>
      )}
    </div>
  );
}

import { formatAmount } from '../../../common/money';
import type { CaseRunResult, CasesRunReport } from './policy-api';
import { formatValue, longDate, longDateTime } from './policy-text';

/**
 * The last checks run: which version it was of; how many cases passed, and which fail with the change set but not with
 * the published rules (these stop approval); the generated households that failed; the cases that failed and this
 * change set's own, each with the figures behind it; and every case that passed, folded away (there are hundreds).
 */
export function CasesRunView({
  report,
  titles,
  currentVersion,
  currentDigest,
}: {
  report: CasesRunReport;
  /** Each ruleset's benefit by its folder: a case is said to be Child Benefit's, not child-benefit/cases/x.json's. */
  titles: ReadonlyMap<string, string>;
  currentVersion?: number;
  currentDigest?: string;
}) {
  const failed = report.cases.filter((item) => !item.passed);
  const own = report.cases.filter((item) => item.passed && item.origin === 'change-set');
  const passed = report.cases.filter((item) => item.passed && item.origin !== 'change-set');
  const isStale = currentDigest !== undefined && report.digest !== undefined && report.digest !== currentDigest;
  const newFailures = report.newFailures ?? 0;
  const sample = report.sample;
  return (
    <div className="policy-cases-run" data-testid="cases-run">
      {isStale && (
        <p className="policy-alert" data-testid="cases-run-stale">
          <strong>
            These checks were run on {report.version === undefined ? 'an earlier version' : `version ${report.version}`}; the change set is
            now version {currentVersion}. Run the checks again.
          </strong>
        </p>
      )}
      <p>
        <strong>
          {report.passed} of {report.total} {report.total === 1 ? 'case' : 'cases'} passed
        </strong>
        {report.failed > 0 ? `, ${report.failed} failed` : ''} (run {longDateTime(report.ranAt)}
        {report.version !== undefined ? `, on version ${report.version}` : ''}).
      </p>
      {report.newFailures !== undefined && (
        <p data-testid="cases-new-failures" className={newFailures > 0 ? 'policy-fail' : 'policy-pass'}>
          {newFailures === 0
            ? 'No case that passes with the published rules fails with this change set.'
            : `${newFailures} ${newFailures === 1 ? 'case that passes' : 'cases that pass'} with the published rules (or this change set’s own) ${newFailures === 1 ? 'fails' : 'fail'} with this change set: it cannot be approved until ${newFailures === 1 ? 'it passes' : 'they pass'}.`}
        </p>
      )}
      {sample && (
        <div data-testid="sample-run">
          <p className={sample.failed > 0 ? 'policy-fail' : 'policy-pass'}>
            {sample.failed === 0
              ? `None of the ${sample.households.toLocaleString('en-GB')} generated households failed.`
              : `The rules failed for ${sample.failed.toLocaleString('en-GB')} of the ${sample.households.toLocaleString('en-GB')} generated households: it cannot be approved until none fails.`}
          </p>
          {sample.failures.length > 0 && (
            <ul className="policy-plain-list">
              {sample.failures.map((failure, index) => (
                <li key={index}>
                  {failure.source} on {longDate(failure.date)}: <span className="policy-name">{failure.message}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {failed.length > 0 && <CasesTable caption="The cases that failed with the change set applied" cases={failed} titles={titles} />}
      {own.length > 0 && <CasesTable caption="This change set’s own cases, which passed" cases={own} titles={titles} />}
      {passed.length > 0 && (
        <details className="policy-disclosure" data-testid="cases-passed">
          <summary>
            The {passed.length} hand-worked {passed.length === 1 ? 'case' : 'cases'} already held that passed
          </summary>
          <CasesTable
            caption="The hand-worked cases already held that passed with the change set applied"
            cases={passed}

            titles={titles}
          />
        </details>
      )}
    </div>
  );
}

function CasesTable({ caption, cases, titles }: { caption: string; cases: readonly CaseRunResult[]; titles: ReadonlyMap<string, string> }) {
  return (
    <div className="adviser-table__scroll">
      <table className="adviser-table policy-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Case, and the figures worked out</th>
            <th scope="col">Benefit</th>
            <th scope="col">Date</th>
            <th scope="col">Result</th>
            <th scope="col">Problems</th>
          </tr>
        </thead>
        <tbody>
          {cases.map((item, index) => (
            <tr key={`${item.file}-${index}`}>
              <th scope="row">
                <details className="policy-disclosure">
                  <summary>{item.name}</summary>
                  <CaseFigures item={item} />
                </details>
              </th>
              <td>
                {item.origin === 'change-set' ? 'This change set: ' : ''}
                {titles.get(item.file.slice(0, item.file.indexOf('/'))) ?? item.file}
              </td>
              <td>{longDate(item.date)}</td>
              <td className={item.passed ? 'policy-pass' : 'policy-fail'}>
                {item.passed ? 'Passed' : item.newFailure ? 'Failed (passes with the published rules)' : 'Failed'}
              </td>
              <td>
                {item.problems.length > 0 && (
                  <ul className="policy-plain-list">
                    {item.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A scale's band is read as `name[0]`: the scale is the parameter. */

/** Each benefit the case names: the figures, the rules that held and the rates read. */
function CaseFigures({ item }: { item: CaseRunResult }) {
  if (item.benefits.length === 0) return <p>No benefit was worked out.</p>;
  return (
    <>
      {item.benefits.map((benefit) => (
        <div key={benefit.code} className="policy-case-benefit">
          <p>
            <strong>{benefit.name}</strong>: {benefit.eligible ? 'eligible' : 'not eligible'}, {formatAmount(benefit.weeklyPence)} a week,{' '}
            {formatAmount(benefit.monthlyPence)} a month.
          </p>
          <p>Rules that held: {benefit.rules.length > 0 ? benefit.rules.join(', ') : 'none'}.</p>
          {benefit.parameters.length > 0 && (
            <ul className="policy-plain-list">
              {benefit.parameters.map((parameter) => (
                <li key={parameter.name}>
                  {parameter.label}: {formatValue(parameter.value, parameter.unit)} (from {longDate(parameter.from)})
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}

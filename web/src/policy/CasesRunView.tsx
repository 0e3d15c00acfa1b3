import { formatAmount } from '../../../common/money';
import type { CasesRunReport, ParameterSummary } from '../../../common/policy/model';
import { formatValue, longDate } from './policy-text';

/** The last cases run: how many passed, a table of every case, and for each failure the figures behind it. */
export function CasesRunView({ report, parameters }: { report: CasesRunReport; parameters: ReadonlyMap<string, ParameterSummary> }) {
  const failures = report.cases.filter((item) => !item.passed);
  return (
    <div className="policy-cases-run" data-testid="cases-run">
      <p>
        <strong>
          {report.passed} of {report.total} {report.total === 1 ? 'case' : 'cases'} passed
        </strong>
        {report.failed > 0 ? `, ${report.failed} failed` : ''} (run{' '}
        {new Date(report.ranAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}).
      </p>
      <div className="adviser-table__scroll">
        <table className="adviser-table policy-table">
          <caption>Each hand-worked case with the change set applied</caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">From</th>
              <th scope="col">Date</th>
              <th scope="col">Result</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {report.cases.map((item, index) => (
              <tr key={`${item.file}-${index}`}>
                <th scope="row">{item.name}</th>
                <td>{item.origin === 'change-set' ? 'This change set' : item.file}</td>
                <td>{longDate(item.date)}</td>
                <td className={item.passed ? 'policy-pass' : 'policy-fail'}>{item.passed ? 'Passed' : 'Failed'}</td>
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
      {failures.length > 0 && (
        <>
          <h3>Why the failing cases fail</h3>
          {failures.map((item, index) => (
            <details key={`${item.file}-${index}`} className="policy-disclosure">
              <summary>{item.name}</summary>
              {item.benefits.map((benefit) => (
                <div key={benefit.code} className="policy-case-benefit">
                  <h4>{benefit.name}</h4>
                  <p>
                    {benefit.eligible ? 'Eligible' : 'Not eligible'}: {formatAmount(benefit.weeklyPence)} a week,{' '}
                    {formatAmount(benefit.monthlyPence)} a month.
                  </p>
                  <p>Rules that held: {benefit.rules.length > 0 ? benefit.rules.join(', ') : 'none'}.</p>
                  {benefit.parameters.length > 0 && (
                    <table className="adviser-table policy-table">
                      <caption>Rates read for {benefit.name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Parameter</th>
                          <th scope="col">Value</th>
                          <th scope="col">From</th>
                        </tr>
                      </thead>
                      <tbody>
                        {benefit.parameters.map((parameter) => (
                          <tr key={parameter.name}>
                            <th scope="row">{parameter.name}</th>
                            <td>{formatValue(parameter.value, parameters.get(parameter.name)?.unit ?? '')}</td>
                            <td>{longDate(parameter.from)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </div>
              ))}
            </details>
          ))}
        </>
      )}
    </div>
  );
}

import type { ResultVariable, TestingData } from '../../../common/result/model';
import { formatMoney } from './money';
import { formatXml, INVALID_XML } from './xml';

function XmlView({ title, xml }: { title: string; xml: string }) {
  if (!xml) return null;
  const formatted = formatXml(xml);
  return (
    <details className="testing-panel__xml">
      <summary>{title}</summary>
      <pre>{formatted ?? INVALID_XML}</pre>
    </details>
  );
}

/**
 * Test mode only: the calculation's input and output as XML trees, the better-off ones when
 * there is a change, the variables, and the figures at next April's rates (the uplift). The server sends these only
 * to a browser whose test password it has accepted.
 */
export function ResultTestingPanel({ testing, variables }: { testing: TestingData; variables: ResultVariable[] }) {
  return (
    <section className="testing-panel result-testing" aria-labelledby="result-testing-title">
      <h2 id="result-testing-title">Testing</h2>
      <XmlView title="Calculation input (XML)" xml={testing.xmlInput} />
      <XmlView title="Calculation output (XML)" xml={testing.xmlOutput} />
      <XmlView title="Better-off input (XML)" xml={testing.betterOffXmlInput} />
      <XmlView title="Better-off output (XML)" xml={testing.betterOffXmlOutput} />
      <details className="testing-panel__variables">
        <summary>Variables</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Weekly</th>
              <th scope="col">Monthly</th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable) => (
              <tr key={variable.name}>
                <th scope="row">
                  <code>{variable.name}</code>
                </th>
                <td>{variable.weeklyValue}</td>
                <td>{variable.monthlyValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <h3>Uplift: next April’s rates</h3>
      {testing.uplift.length === 0 ? (
        <p>No uplift figures: next April’s rates are not held yet.</p>
      ) : (
        <ul className="result-testing__uplift">
          {testing.uplift.map((benefit) => (
            <li key={benefit.benefitCode}>
              {benefit.benefitName} (<code>{benefit.benefitCode}</code>): {formatMoney(benefit.weeklyPayment, 'weekly')},{' '}
              {formatMoney(benefit.monthlyPayment, 'monthly')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

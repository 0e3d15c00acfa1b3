import { useEffect, useState } from 'react';
import type { AccuracyReport } from '../../../common/accuracy';
import { answerOf, api } from '../api/client';
import { reportError } from '../api/error-reporting';
import { ErrorPage } from '../shared/ErrorPage';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { usePageTitle } from '../shared/page-title';

export const ACCURACY_URL = '/api/data/accuracy' as const;

/** The public accuracy page: what the calculator covers, how it is checked, and what it estimates. */
export default function AccuracyPage() {
  usePageTitle('How accurate is the calculator?');
  const [report, setReport] = useState<AccuracyReport | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let current = true;
    answerOf<AccuracyReport>(api.GET(ACCURACY_URL)).then(
      (loaded) => current && setReport(loaded),
      (error: unknown) => {
        if (!current) return;
        setReport('failed');
        void reportError('Accuracy', error);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  if (report === 'loading') return <LoadingSpinner />;
  if (report === 'failed') return <ErrorPage />;
  return (
    <article className="accuracy">
      <h1>{report.title}</h1>
      {report.sections.map((section) => (
        <section key={section.id} aria-labelledby={`accuracy-${section.id}`}>
          <h2 id={`accuracy-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.table && (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={section.heading}>
              <table className="accuracy__table">
                <thead>
                  <tr>
                    {section.table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row) => (
                    <tr key={row[0]}>
                      {row.map((cell, index) =>
                        index === 0 ? (
                          <th key={index} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={index}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {section.list && section.list.length > 0 && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

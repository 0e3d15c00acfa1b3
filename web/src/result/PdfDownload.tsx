import type { Visit } from '../../../common/visit';
import type { Period } from './money';
import { resultsPdfUrl } from './result-api';
import { PDF_FAILED_MESSAGE, usePdfDownload, type DownloadState } from './use-pdf-download';

export const PDF_SIZE_LABEL = 'about 400 KB';

/** What the status line says in each phase; the bar beside it shows the per cent. */
function statusText(state: DownloadState): string {
  switch (state.status) {
    case 'preparing':
      return 'Preparing your results...';
    case 'starting':
      return 'Downloading your results...';
    case 'complete':
      return 'Your results have been downloaded.';
    default:
      return '';
  }
}

/** The PDF of the results (the 'Print or save' section's download), in the period on screen. */
export function PdfDownload({ session, period, visit }: { session: string; period: Period; visit: Visit }) {
  const { state, start } = usePdfDownload(resultsPdfUrl(session, period, visit.partnerId));
  const isBusy = state.status === 'preparing' || state.status === 'starting';
  const percent = Math.round(state.percent);
  return (
    <section id="download-results" className="result-card pdf-download" aria-labelledby="download-results-title">
      <h2 id="download-results-title" className="result-card__title">
        Download your results
      </h2>
      <p>
        Save your results as a PDF to print or keep, with amounts {period === 'weekly' ? 'per week' : 'per month'}. The file is{' '}
        {PDF_SIZE_LABEL}.
      </p>
      <button type="button" className="button" onClick={start} aria-disabled={isBusy || undefined}>
        Download<span className="visually-hidden"> your results (PDF, {PDF_SIZE_LABEL})</span>
      </button>
      {isBusy && (
        <div className="pdf-download__progress">
          <progress value={percent} max={100} aria-label={state.status === 'preparing' ? 'Preparing' : 'Downloading'}>
            {percent}%
          </progress>
          <span className="pdf-download__percent" data-status={state.status}>
            {state.status === 'preparing' ? 'Preparing' : `${percent}%`}
          </span>
        </div>
      )}
      {/* Both live regions are always there, so the change of phase is announced; the error interrupts. */}
      <p className="pdf-download__status" role="status">
        {statusText(state)}
      </p>
      <p className="pdf-download__error" role="alert">
        {state.status === 'error' ? PDF_FAILED_MESSAGE : ''}
      </p>
    </section>
  );
}

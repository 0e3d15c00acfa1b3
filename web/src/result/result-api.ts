import { FEEDBACK_COMMENT_MAX_LENGTH, RESULT_SECTIONS, type ResultModel, type ResultSection } from '../../../common/result/model';
import { SURVEY_ACTIONS, type Answers } from '../../../common/survey/model';
import type { Visit } from '../../../common/visit';
import { browserId } from '../api/browser-id';
import { answerOf, api, apiPath, BROWSER_ID_HEADER } from '../api/client';
import { deviceDetails } from '../survey/survey-api';
import type { Period } from './money';

/** The calls the results page makes. Every POST carries the browser id (api/client). */

export function loadResult(session: string, visit: Visit): Promise<ResultModel> {
  return answerOf(
    api.GET('/api/data/result', { params: { query: { session, id: visit.partnerId ?? '', test: visit.isTest ? 'true' : 'false' } } }),
  );
}

/**
 * Which section was opened, for the charity's own analytics (fire and forget: nothing waits for it and a failure
 * changes nothing on the page). 'Your results' is where the page starts and has no code, so it sends nothing.
 */
export function recordSection(session: string, section: ResultSection): void {
  if (section === 'claim') return;
  api.POST('/api/data/section', { body: { session, sectionType: RESULT_SECTIONS[section] } }).catch(() => undefined);
}

/** Thumbs up (1) or down (2), with the comment cut to 250 characters; fire and forget. */
export function sendFeedback(session: string, feedbackType: 1 | 2, comment: string): void {
  api
    .POST('/api/data/feedback', { body: { session, feedbackType, feedback: comment.slice(0, FEEDBACK_COMMENT_MAX_LENGTH) } })
    .catch(() => undefined);
}

/** The results with the circumstances changed (the better-off answers keyed by question name), or, with `isBetterOff` false, without them. */
export function recalculateResult(session: string, answers: Answers, visit: Visit, isBetterOff: boolean): Promise<ResultModel> {
  return answerOf(
    api.POST('/api/data/result', {
      body: {
        ...answers,
        session,
        action: SURVEY_ACTIONS.betterOff,
        partner: visit.partnerId,
        referral: visit.referral,
        subCategory: visit.subCategory,
        test: visit.isTest,
        isBetterOff,
        ...deviceDetails(),
      },
    }),
  );
}

export function resultsPdfUrl(session: string, period: Period, partnerId: string | null): string {
  return `${apiPath('/api/data/pdf')}?${new URLSearchParams({ session, period, id: partnerId ?? '' }).toString()}`;
}

export class PdfDownloadError extends Error {
  override name = 'PdfDownloadError';
}

/**
 * Fetches the results PDF, reporting the per cent received as it arrives (the server sends Content-Length). Any
 * answer other than 2xx is a failure. Without a length or a readable body the file still arrives, at 100% at once.
 */
export async function fetchResultsPdf(url: string, onProgress: (percent: number) => void): Promise<Blob> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/pdf', [BROWSER_ID_HEADER]: browserId() } });
  if (!response.ok) throw new PdfDownloadError(`GET ${url.split('?')[0]} answered ${response.status}`);
  const total = Number(response.headers.get('Content-Length'));
  if (!response.body || !Number.isFinite(total) || total <= 0) {
    const blob = await response.blob();
    onProgress(100);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(Math.min(100, Math.floor((received / total) * 100)));
  }
  onProgress(100);
  return new Blob(chunks as BlobPart[], { type: 'application/pdf' });
}

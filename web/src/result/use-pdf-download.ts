import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchResultsPdf } from './result-api';

/** The public PDF download, from the results page. */
export const PDF_PREPARING_MS = 5000;
export const PDF_RESET_MS = 5000;
export const PDF_FILE_NAME = 'Your Benefit Results.pdf';
export const PDF_FAILED_MESSAGE = 'Download failed. Please try again.';
/** The preparing bar moves on once a second. */
const PREPARING_STEPS = 5;

export type DownloadStatus = 'idle' | 'preparing' | 'starting' | 'complete' | 'error';

export interface DownloadState {
  status: DownloadStatus;
  /** Per cent of the phase done: of the preparing time, then of the file received. */
  percent: number;
}

const IDLE: DownloadState = { status: 'idle', percent: 0 };

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Hands the file to the browser to save, under its own name, through a short-lived Blob URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Preparing for 5 seconds, then starting (the file arriving, with its real percentage), then complete or error;
 * 5 seconds after either, back to idle. A download already under way ignores further presses.
 */
export function usePdfDownload(url: string): { state: DownloadState; start(): void } {
  const [state, setState] = useState<DownloadState>(IDLE);
  const isRunning = useRef(false);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const update = useCallback((next: DownloadState) => {
    if (isMounted.current) setState(next);
  }, []);

  const start = useCallback(() => {
    if (isRunning.current) return;
    isRunning.current = true;
    void (async () => {
      update({ status: 'preparing', percent: 0 });
      for (let step = 1; step <= PREPARING_STEPS; step += 1) {
        await wait(PDF_PREPARING_MS / PREPARING_STEPS);
        if (!isMounted.current) return;
        update({ status: 'preparing', percent: (step / PREPARING_STEPS) * 100 });
      }
      update({ status: 'starting', percent: 0 });
      try {
        const blob = await fetchResultsPdf(url, (percent) => update({ status: 'starting', percent }));
        if (!isMounted.current) return;
        saveFile(blob, PDF_FILE_NAME);
        update({ status: 'complete', percent: 100 });
      } catch {
        update({ status: 'error', percent: 0 });
      }
      await wait(PDF_RESET_MS);
      isRunning.current = false;
      update(IDLE);
    })();
  }, [url, update]);

  return { state, start };
}

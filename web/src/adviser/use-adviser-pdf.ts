import { useCallback, useEffect, useRef, useState } from 'react';
import { ADVISER_MESSAGES } from '../../../common/adviser/model';
import { saveFile } from '../result/use-pdf-download';
import { fetchAdviserPdf } from './adviser-api';

/** 'PDF downloaded' shows for 4 seconds; the compare link's download is taken to last 5 seconds. */
export const PDF_DOWNLOADED_MS = 4000;
export const COMPARE_PDF_DOWNLOADING_MS = 5000;
export const PDF_DOWNLOADING_TEXT = 'Downloading... please wait';
export const PDF_DOWNLOADED_TEXT = 'PDF downloaded';

export type AdviserPdfState = 'idle' | 'downloading' | 'downloaded';

/** The charity's name on the saved file ('a benefit results PDF under the charity's name'). */
export function adviserPdfFileName(charityName: string): string {
  return `${charityName} Benefit Results.pdf`;
}

/**
 * The calculation screen's PDF: idle, downloading, downloaded for 4 seconds,
 * idle. A failure goes straight back to idle with an alert saying so, which stays until the next try.
 */
export function useAdviserPdf(url: string, fileName: string): { state: AdviserPdfState; failure: string; start(): void } {
  const [state, setState] = useState<AdviserPdfState>('idle');
  const [failure, setFailure] = useState('');
  const isBusy = useRef(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const start = useCallback(() => {
    if (isBusy.current) return;
    isBusy.current = true;
    setFailure('');
    setState('downloading');
    fetchAdviserPdf(url).then(
      (blob) => {
        if (!isMounted.current) return;
        saveFile(blob, fileName);
        setState('downloaded');
        setTimeout(() => {
          isBusy.current = false;
          if (isMounted.current) setState('idle');
        }, PDF_DOWNLOADED_MS);
      },
      () => {
        isBusy.current = false;
        if (!isMounted.current) return;
        setState('idle');
        setFailure(ADVISER_MESSAGES.pdfFailed);
      },
    );
  }, [url, fileName]);

  return { state, failure, start };
}

/**
 * The compare screen's PDF link: the browser fetches the file itself, so the page cannot
 * see it arrive; it shows 'downloading' for 5 seconds, then 'downloaded' for 4, and ignores clicks meanwhile.
 */
export function useCompareDownload(): { state: AdviserPdfState; begin(): boolean } {
  const [state, setState] = useState<AdviserPdfState>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const begin = useCallback(() => {
    if (state !== 'idle') return false;
    setState('downloading');
    timers.current = [
      setTimeout(() => setState('downloaded'), COMPARE_PDF_DOWNLOADING_MS),
      setTimeout(() => setState('idle'), COMPARE_PDF_DOWNLOADING_MS + PDF_DOWNLOADED_MS),
    ];
    return true;
  }, [state]);
  return { state, begin };
}

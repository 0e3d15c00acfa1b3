import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { readVisit } from '../../../common/visit';
import { PdfDownload } from './PdfDownload';
import { SESSION } from '../../../test/fixtures/web-result';

/** A PDF answer whose body arrives a piece at a time, when the test says so. */
function streamedPdf(totalBytes: number | null, status = 200) {
  const waiting: ((result: { done: boolean; value?: Uint8Array }) => void)[] = [];
  const queued: { done: boolean; value?: Uint8Array }[] = [];
  const deliver = (result: { done: boolean; value?: Uint8Array }) => {
    const reader = waiting.shift();
    if (reader) reader(result);
    else queued.push(result);
  };
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-length' && totalBytes !== null ? String(totalBytes) : null) },
    body: {
      getReader: () => ({
        read: () => (queued.length > 0 ? Promise.resolve(queued.shift()!) : new Promise((resolve) => waiting.push(resolve))),
      }),
    },
    blob: async () => new Blob([new Uint8Array(totalBytes ?? 10)], { type: 'application/pdf' }),
  } as unknown as Response;
  return { response, send: (bytes: number) => deliver({ done: false, value: new Uint8Array(bytes) }), end: () => deliver({ done: true }) };
}

let requested: { url: string; init: RequestInit }[];
let answer: () => Promise<Response>;
let saved: { blob: Blob; fileName: string }[];
let objectUrls: Map<string, Blob>;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  requested = [];
  saved = [];
  objectUrls = new Map();
  globalThis.fetch = ((url: string, init: RequestInit) => {
    requested.push({ url, init });
    return answer();
  }) as typeof fetch;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:results-${objectUrls.size}`;
    objectUrls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void objectUrls.delete(url);
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: objectUrls.get(this.href)!, fileName: this.download });
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function pass(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const status = () => screen.getByRole('status').textContent;
const alert = () => screen.getByRole('alert').textContent;
const progress = () => screen.queryByRole('progressbar');

function renderDownload(period: 'weekly' | 'monthly' = 'weekly', search = '?id=cap_live') {
  render(<PdfDownload session={SESSION} period={period} visit={readVisit(search)} />);
  return screen.getByRole('button', { name: /^Download/ });
}

describe('the PDF download', () => {
  it('prepares for 5 seconds, then fetches with a real percentage, saves the file and resets 5 seconds later', async () => {
    const pdf = streamedPdf(400);
    answer = async () => pdf.response;
    const button = renderDownload();
    expect(status()).toBe('');
    expect(progress()).toBeNull();

    fireEvent.click(button);
    await pass(0);
    expect(status()).toBe('Preparing your results...');
    expect(progress()?.getAttribute('aria-label')).toBe('Preparing');
    expect(progress()?.getAttribute('value')).toBe('0');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await pass(1000);
    expect(progress()?.getAttribute('value')).toBe('20');
    await pass(3999);
    expect(requested).toEqual([]);
    await pass(1);

    expect(requested).toHaveLength(1);
    expect(requested[0].url).toBe(`/api/data/pdf?session=${SESSION}&period=weekly&id=cap_live`);
    expect(requested[0].init.headers).toMatchObject({ 'X-Browser-Id': localStorage.getItem('browserId') });
    expect(status()).toBe('Downloading your results...');
    expect(progress()?.getAttribute('aria-label')).toBe('Downloading');
    pdf.send(100);
    await pass(0);
    expect(progress()?.getAttribute('value')).toBe('25');
    expect(document.querySelector('.pdf-download__percent')?.textContent).toBe('25%');
    pdf.send(300);
    pdf.end();
    await pass(0);

    expect(saved).toHaveLength(1);
    expect(saved[0].fileName).toBe('Your Benefit Results.pdf');
    expect(saved[0].blob.size).toBe(400);
    expect(saved[0].blob.type).toBe('application/pdf');
    expect(status()).toBe('Your results have been downloaded.');
    expect(progress()).toBeNull();
    expect(objectUrls.size).toBe(0);

    await pass(4999);
    expect(status()).toBe('Your results have been downloaded.');
    await pass(1);
    expect(status()).toBe('');
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('ignores further presses while a download is under way', async () => {
    const pdf = streamedPdf(10);
    answer = async () => pdf.response;
    const button = renderDownload('monthly', '');
    fireEvent.click(button);
    await pass(2000);
    fireEvent.click(button);
    await pass(3000);
    fireEvent.click(button);
    pdf.send(10);
    pdf.end();
    await pass(0);
    expect(requested.map((request) => request.url)).toEqual([`/api/data/pdf?session=${SESSION}&period=monthly&id=`]);
    expect(saved).toHaveLength(1);
  });

  it.each([
    ['the server refuses (a non-OK status)', async () => streamedPdf(400, 403).response],
    ['the call fails', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says the download failed when %s, then resets after 5 seconds', async (_case, failing) => {
    answer = failing;
    fireEvent.click(renderDownload());
    await pass(5000);
    expect(alert()).toBe('Download failed. Please try again.');
    expect(status()).toBe('');
    expect(saved).toEqual([]);
    await pass(5000);
    expect(alert()).toBe('');
  });

  it('still saves the file when the server gives no length, at 100% at once', async () => {
    answer = async () => streamedPdf(null).response;
    fireEvent.click(renderDownload());
    await pass(5000);
    expect(saved).toHaveLength(1);
    expect(status()).toBe('Your results have been downloaded.');
  });
});

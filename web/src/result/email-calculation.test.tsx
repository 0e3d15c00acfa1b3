import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { BROWSER_ID_KEY } from '../api/browser-id';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';
import { settle } from '../survey/render-page';
import { CHALLENGE_FIELD_ID, EMAIL_CALL_FAILED, EMAIL_FIELD_ID, EmailCalculation } from './EmailCalculation';

installJsdomSupport();

const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';
const SENT = { valid: true, message: 'We have sent the link to your calculation to jo@example.org.' };
const WRONG_CODE = { valid: false, message: 'The challenge text was not right. Please try the new one.' };

let api: FakeApi;
let played: string[];
/** The security code pictures and sounds asked for, with the browser id each call carried. */
let media: { url: string; browserId: string }[];

beforeEach(() => {
  api = installFakeApi();
  localStorage.clear();
  played = [];
  media = [];
  // The picture and the sound are fetched with the browser id and shown through object URLs, which jsdom lacks:
  // each object URL here is 'blob:' and the address the blob came from.
  const apiFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    if (!url.startsWith('/assets/')) return apiFetch(url, init);
    media.push({ url, browserId: (init.headers as Record<string, string>)['X-Browser-Id'] });
    return { ok: true, status: 200, blob: async () => new Blob([url]) } as Response;
  }) as typeof fetch;
  URL.createObjectURL = (blob: Blob) => `blob:${sources.get(blob) ?? ''}`;
  URL.revokeObjectURL = () => undefined;
  // jsdom has no media playback: record what would be played.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// jsdom's Blob cannot be read back synchronously, so each one made for a fetched address is remembered.
const sources = new WeakMap<Blob, string>();
const NativeBlob = globalThis.Blob;
globalThis.Blob = class extends NativeBlob {
  constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
    super(parts, options);
    if (parts?.length === 1 && typeof parts[0] === 'string') sources.set(this, parts[0]);
  }
} as typeof Blob;

async function renderForm(partnerId: string | null = null) {
  render(<EmailCalculation session={SESSION} partnerId={partnerId} />);
  const picture = () => screen.getByRole('img', { name: /^Security code/ }) as HTMLImageElement;
  await settle();
  fireEvent.load(picture());
  return {
    picture,
    code: () => screen.getByLabelText('Security code') as HTMLInputElement,
    address: () => screen.getByLabelText('Email address') as HTMLInputElement,
    send: async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Calculation' }));
      await settle();
    },
  };
}

type Form = Awaited<ReturnType<typeof renderForm>>;

function fill(form: Form, code: string, address: string) {
  fireEvent.change(form.code(), { target: { value: code } });
  fireEvent.change(form.address(), { target: { value: address } });
}

/** The picture's object URL is 'blob:' and the address it was fetched from. */
function pictureAddress(form: Form): string {
  return form
    .picture()
    .getAttribute('src')!
    .replace(/^blob:/, '');
}

function pictureVersion(form: Form): string | null {
  return new URL(pictureAddress(form), 'http://localhost').searchParams.get('v');
}

describe('the e-mail form', () => {
  it('shows the security code picture with Refresh and Play audio, the two fields, the safety note and Send Calculation', async () => {
    const form = await renderForm();
    expect(pictureAddress(form)).toMatch(new RegExp(`^/assets/img/${SESSION}\\?v=\\d+$`));
    // Fetched with the browser id: the server gives codes only to a browser that may open the calculation.
    expect(media).toEqual([{ url: pictureAddress(form), browserId: localStorage.getItem(BROWSER_ID_KEY) }]);
    expect(screen.getByRole('button', { name: 'Refresh the security code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play audio of the security code' })).toBeTruthy();
    expect(form.code().getAttribute('aria-describedby')).toBe(`${CHALLENGE_FIELD_ID}-hint`);
    expect(form.address().type).toBe('email');
    expect(form.address().getAttribute('autocomplete')).toBe('email');

    const note = screen.getByRole('note', { name: 'Is it safe to e-mail your results?' });
    expect(note.textContent).toContain('National Domestic Abuse Helpline is free, 24 hours a day');
    expect(within(note).getByRole('link', { name: '0808 2000 247' }).getAttribute('href')).toBe('tel:08082000247');
  });

  it('styles the picture for the partner inside its portal', async () => {
    const form = await renderForm('cap_live');
    expect(pictureAddress(form)).toMatch(/\?v=\d+&partner=cap_live$/);
  });

  it('upper-cases the code as it is typed', async () => {
    const form = await renderForm();
    fireEvent.change(form.code(), { target: { value: 'k7m3x' } });
    expect(form.code().value).toBe('K7M3X');
  });

  it('draws a new code on Refresh, and Play audio plays the code shown', async () => {
    const form = await renderForm();
    const first = pictureVersion(form);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the security code' }));
    await settle();
    const second = pictureVersion(form);
    expect(second).not.toBe(first);
    expect(screen.getByText('A new security code is shown.')).toBeTruthy();

    // Until the new picture has arrived the sound could still be the old code's.
    expect((screen.getByRole('button', { name: 'Play audio of the security code' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.load(form.picture());
    fireEvent.click(screen.getByRole('button', { name: 'Play audio of the security code' }));
    await settle();
    expect(played).toEqual([`blob:/assets/wav/${SESSION}/?v=${second}`]);
    expect(media.at(-1)).toEqual({ url: `/assets/wav/${SESSION}/?v=${second}`, browserId: localStorage.getItem(BROWSER_ID_KEY) });
  });

  it('lists the form’s messages in the error summary, linked to their fields, and sends nothing', async () => {
    const form = await renderForm();
    await form.send();
    const summary = screen.getByRole('alert', { name: 'Please correct the following problem(s)' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['The challenge text is required', `#${CHALLENGE_FIELD_ID}`],
      ['The email address is required', `#${EMAIL_FIELD_ID}`],
    ]);
    expect(document.activeElement).toBe(summary);
    fireEvent.click(links[1]);
    expect(document.activeElement).toBe(form.address());
    expect(form.address().getAttribute('aria-invalid')).toBe('true');
    expect(form.address().getAttribute('aria-describedby')).toBe(`${EMAIL_FIELD_ID}-error`);

    fill(form, 'K7M3X', 'jo@example');
    await form.send();
    expect(within(screen.getByRole('alert', { name: 'Please correct the following problem(s)' })).getByRole('link').textContent).toBe(
      'Please enter a valid email address.',
    );
    expect(api.callsTo('POST', '/api/data/email')).toEqual([]);
  });

  it('sends the calculation, shows the server’s message, clears the fields and shows a new code', async () => {
    api.on('POST', '/api/data/email', { status: 200, body: SENT });
    const form = await renderForm();
    const before = pictureVersion(form);
    fill(form, 'k7m3x ', ' jo@example.org ');
    await form.send();
    await settle();

    expect(api.callsTo('POST', '/api/data/email')[0].body).toEqual({
      session: SESSION,
      email: 'jo@example.org',
      challenge: 'K7M3X',
      browserId: localStorage.getItem(BROWSER_ID_KEY),
    });
    expect(document.querySelector('.alert--success')!.textContent).toBe(SENT.message);
    expect(document.querySelector('.alert--danger')!.textContent).toBe('');
    expect(form.code().value).toBe('');
    expect(form.address().value).toBe('');
    expect(pictureVersion(form)).not.toBe(before);
  });

  it('shows a wrong code as a danger alert, keeps the address, and shows a new code', async () => {
    api.on('POST', '/api/data/email', { status: 200, body: WRONG_CODE });
    const form = await renderForm();
    const before = pictureVersion(form);
    fill(form, 'K7M3Y', 'jo@example.org');
    await form.send();
    expect(document.querySelector('.alert--danger')!.textContent).toBe(WRONG_CODE.message);
    expect(document.querySelector('.alert--success')!.textContent).toBe('');
    expect(form.code().value).toBe('');
    expect(form.address().value).toBe('jo@example.org');
    await settle();
    expect(pictureVersion(form)).not.toBe(before);
  });

  it('shows the server’s message for a refusal such as too many e-mails', async () => {
    const message = 'Too many e-mails have been sent to this address in the last hour. Please wait an hour and try again.';
    api.on('POST', '/api/data/email', { status: 429, body: { statusCode: 429, code: 'TOO_MANY_EMAILS', message, errors: [] } });
    const form = await renderForm();
    fill(form, 'K7M3X', 'jo@example.org');
    await form.send();
    expect(document.querySelector('.alert--danger')!.textContent).toBe(message);
  });

  it('puts the server’s field problems in the error summary', async () => {
    api.on('POST', '/api/data/email', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please enter a valid email address.',
        errors: [{ path: 'email', message: 'Please enter a valid email address.' }],
      },
    });
    const form = await renderForm();
    fill(form, 'K7M3X', 'jo@example.org');
    await form.send();
    const summary = screen.getByRole('alert', { name: 'Please correct the following problem(s)' });
    expect(within(summary).getByRole('link').getAttribute('href')).toBe(`#${EMAIL_FIELD_ID}`);
  });

  it('says the e-mail could not be sent when the call fails without a message', async () => {
    api.on('POST', '/api/data/email', async () => {
      throw new TypeError('Failed to fetch');
    });
    const form = await renderForm();
    fill(form, 'K7M3X', 'jo@example.org');
    await form.send();
    expect(document.querySelector('.alert--danger')!.textContent).toBe(EMAIL_CALL_FAILED);
  });

  it('sends once however often the button is pressed while sending', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    api.on('POST', '/api/data/email', () => new Promise((resolve) => (answer = resolve)));
    const form = await renderForm();
    fill(form, 'K7M3X', 'jo@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send Calculation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Calculation' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/email')).toHaveLength(1);
    answer({ status: 200, body: SENT });
    await settle();
    expect(document.querySelector('.alert--success')!.textContent).toBe(SENT.message);
  });
});

import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from './fake-api';
import { installJsdomSupport } from './jsdom-support';
import { renderPage, settle } from './render-page';
import { BUTTON_LOCK_MS } from './SurveyPage';
import { forgetAnsweredHere } from './answered-here';
import { SITE_CONFIG_ELEMENT_ID } from '../../../common/site';
import { testSiteConfig } from '../site/test-site-config';
import { group, pageResponse, partnerPage, question } from '../../../test/fixtures/web-survey';

installJsdomSupport();

const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';
const nextPage = pageResponse([group(question('ClientName', 'Text', {}, ''))], { pageNumber: 3 }, { title: 'Next page title' });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('POST', '/api/data/survey', { status: 200, body: nextPage });
  // Each test is a new tab: nothing answered in it yet.
  forgetAnsweredHere();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the page frame', () => {
  it('shows progress (not on page 1), the header icon, title, text and the required note', () => {
    const { unmount } = renderPage(partnerPage);
    expect(screen.getByText('Your Progress')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Your Progress' }).getAttribute('value')).toBe('20');
    expect(document.querySelector('.survey-progress__percent')?.textContent).toBe('20%');
    expect(document.querySelector('svg[data-header-type="Calculator"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About you');
    expect(screen.getByText('Tell us about yourself.')).toBeTruthy();
    expect(screen.getByText('Required questions are marked with an asterisk')).toBeTruthy();
    expect(screen.getByText('K7M2QX9D')).toBeTruthy();
    expect(document.title).toBe('About you - Benefits Calculator');
    unmount();
    renderPage({ ...partnerPage, pageNumber: 1 });
    expect(screen.queryByText('Your Progress')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('has no buttons on an exit page, and no icon for a Normal header', () => {
    renderPage(
      pageResponse([group(question('Info', 'Label', { text: 'We cannot help.' }))], {}, { isExitPage: true, headerType: 'Normal' }),
    );
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(document.querySelector('svg[data-header-type]')).toBeNull();
  });
});

describe('Next', () => {
  it('checks the shown questions and lists the problems, each linked to its field, with focus on the summary', async () => {
    const { outcomes } = renderPage(partnerPage);
    fireEvent.click(screen.getByLabelText('Yes'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading').textContent).toBe('Please correct the following problem(s)');
    expect(document.activeElement).toBe(summary);
    const link = within(summary).getByRole('link', { name: 'Partner’s date of birth is required.' });
    expect(link.getAttribute('href')).toBe('#q-PartnerDob');
    const date = screen.getByLabelText(/partner’s date of birth/) as HTMLInputElement;
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe('q-PartnerDob-error');
    expect(document.getElementById('q-PartnerDob-error')?.textContent).toBe('Error: Partner’s date of birth is required.');
    fireEvent.click(link);
    expect(document.activeElement).toBe(date);
    expect(api.calls).toEqual([]);
    expect(outcomes).toEqual([]);

    // Answering clears the question's error and its line in the summary.
    fireEvent.change(date, { target: { value: '01/02/1980' } });
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(date.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the shown answers with the visit and device details, then shows the next page', async () => {
    const { outcomes } = renderPage(partnerPage, '?id=cap_live&ref=leaflet&sub=housing&pip=p-1&portal=true');
    fireEvent.click(screen.getByLabelText('No'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    const [call] = api.callsTo('POST', '/api/data/survey');
    expect(call.body).toEqual({
      ClientHasPartner: 'No',
      session: SESSION,
      page: 2,
      action: 2,
      partner: 'cap_live',
      referral: 'leaflet',
      subCategory: 'housing',
      test: false,
      pipSessionId: 'p-1',
      portal: true,
      isMobile: expect.any(Boolean),
      browserVersion: null,
      browserName: null,
      // jsdom's user agent names no browser or system.
      OsName: null,
      browserId: expect.stringMatching(/^browser_/),
    });
    expect(outcomes).toEqual([{ kind: 'page', response: nextPage }]);
  });

  it('says portal only with a partner’s id, since the server refuses a portal for no partner', async () => {
    renderPage(partnerPage, '?portal=true');
    fireEvent.click(screen.getByLabelText('No'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({ partner: null, portal: false });
  });

  it('sends the page’s portal pass with the post that starts a portal calculation, and only with that one', async () => {
    const settings = document.createElement('script');
    settings.id = SITE_CONFIG_ELEMENT_ID;
    settings.type = 'application/json';
    settings.textContent = JSON.stringify({ ...testSiteConfig, portal: { partnerId: 'cap_live', pass: '1795262400.framepass' } });
    document.body.append(settings);
    try {
      const { unmount } = renderPage({ ...partnerPage, session: null }, '?id=cap_live&portal=true');
      fireEvent.click(screen.getByLabelText('No'));
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await settle();
      expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({
        session: null,
        portal: true,
        portalPass: '1795262400.framepass',
      });
      unmount();
      // Later pages belong to a calculation already started: no pass.
      renderPage(partnerPage, '?id=cap_live&portal=true');
      fireEvent.click(screen.getByLabelText('No'));
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await settle();
      expect(api.callsTo('POST', '/api/data/survey')[1].body).not.toHaveProperty('portalPass');
    } finally {
      settings.remove();
    }
  });

  it('sends action 4 on the last page and then goes to the results', async () => {
    const { outcomes } = renderPage(pageResponse([group(question('ClientName', 'Text', {}, 'Sam'))], {}, { progress: 100 }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({ action: 4, ClientName: 'Sam' });
    expect(outcomes).toEqual([{ kind: 'finished', session: SESSION }]);
  });

  it('offers ‘Save and see results’ on a page of a finished calculation: action 4 straight back to the results', async () => {
    const finished = pageResponse([group(question('ClientName', 'Text', {}, 'Sam'))], { canSeeResults: true }, { progress: 50 });
    const { outcomes } = renderPage(finished);
    fireEvent.click(screen.getByRole('button', { name: 'Save and see results' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({ action: 4, ClientName: 'Sam' });
    expect(outcomes).toEqual([{ kind: 'finished', session: SESSION }]);
    cleanup();
    renderPage(pageResponse([group(question('ClientName', 'Text', {}, 'Sam'))], { canSeeResults: false }, { progress: 50 }));
    expect(screen.queryByRole('button', { name: 'Save and see results' })).toBeNull();
  });

  it('goes on to the page a change made apply when the results cannot be shown yet (409 SURVEY_INCOMPLETE)', async () => {
    const nextPage = pageResponse([group(question('ClientChildcare', 'Text', {}, ''))], { pageNumber: 3 });
    const incomplete = {
      status: 409,
      body: {
        statusCode: 409,
        code: 'SURVEY_INCOMPLETE',
        message: 'Page 3 still needs answers before the results.',
        errors: [{ path: 'page', message: 'Page 3 still needs answers.' }],
      },
    };
    let posts = 0;
    api.on('POST', '/api/data/survey', async () => (posts++ === 0 ? incomplete : { status: 200, body: nextPage }));
    const finished = pageResponse([group(question('ClientName', 'Text', {}, 'Sam'))], { canSeeResults: true }, { progress: 50 });
    const { outcomes } = renderPage(finished);
    fireEvent.click(screen.getByRole('button', { name: 'Save and see results' }));
    await settle();
    await settle();
    expect(api.callsTo('POST', '/api/data/survey').map((call) => (call.body as { action: number }).action)).toEqual([4, 2]);
    expect(outcomes).toEqual([{ kind: 'page', response: nextPage }]);
  });

  it('shows the server’s field errors like its own, and any other failure as an outcome', async () => {
    // Fake timers that also run as time passes: the rest after a press is skipped over, all else runs as usual.
    jest.useFakeTimers({ advanceTimers: true });
    api.on('POST', '/api/data/survey', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Check the answers.',
        errors: [{ path: 'ClientHasPartner', message: 'Whether you live with a partner is required.' }],
      },
    });
    const { outcomes } = renderPage(partnerPage);
    fireEvent.click(screen.getByLabelText('No'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(within(screen.getByRole('alert')).getByRole('link').getAttribute('href')).toBe('#q-ClientHasPartner');
    expect(outcomes).toEqual([]);

    api.on('POST', '/api/data/survey', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Server error', errors: [] } });
    // Past the rest after the first press, without waiting for it.
    await act(() => jest.advanceTimersByTimeAsync(BUTTON_LOCK_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(outcomes).toEqual([{ kind: 'failed', error: expect.objectContaining({ status: 500 }) }]);
  });

  it('rests both buttons for 3 seconds after a press', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      renderPage(partnerPage);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await act(async () => undefined);
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
      act(() => jest.advanceTimersByTime(2999));
      expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
      act(() => jest.advanceTimersByTime(1));
      expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Back', () => {
  it('sends the answers without checking them, with action 1', async () => {
    const { outcomes } = renderPage(partnerPage);
    fireEvent.click(screen.getByLabelText('Yes'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({
      action: 1,
      ClientHasPartner: 'Yes',
      PartnerDob: '',
      PartnerWorks: '',
    });
    expect(outcomes).toHaveLength(1);
  });
});

describe('postcodes on Next', () => {
  const postcodePage = pageResponse(
    [group(question('ClientPostcode', 'Postcode', { text: 'What is your postcode?', validation: 'Postcode', required: true }, null))],
    { pageNumber: 1, session: null },
  );
  const type = async (text: string) => {
    fireEvent.change(screen.getByLabelText(/What is your postcode/), { target: { value: text } });
    await settle();
  };

  it('says a postcode the server does not accept is invalid', async () => {
    api.on('POST', '/api/data/postcode', { status: 200, body: { valid: false, value: null } });
    renderPage(postcodePage);
    await type('ZZ99 9ZZ');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/postcode')[0].body).toMatchObject({ postcode: 'ZZ99 9ZZ' });
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Postcode is invalid.' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/data/survey')).toEqual([]);
  });

  it('sends the server’s answer for a valid postcode', async () => {
    const westminster = {
      postcode: 'SW1A 1AA',
      authority: 'Westminster',
      authorityCode: 'E09000033',
      country: 'England',
      latitude: 51.5,
      longitude: -0.14,
      option: false,
    };
    api.on('POST', '/api/data/postcode', { status: 200, body: { valid: true, value: westminster } });
    renderPage(postcodePage);
    await type('sw1a1aa');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({ ClientPostcode: westminster, session: null, page: 1 });
  });

  it('says why a postcode the server does not accept is invalid, when it says why', async () => {
    const reason =
      'Postcodes in Jersey are outside the UK: this calculator works out benefits in England, Scotland, Wales and Northern Ireland.';
    api.on('POST', '/api/data/postcode', { status: 200, body: { valid: false, value: null, reason } });
    renderPage(postcodePage);
    await type('JE2 4WD');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: `Postcode is invalid. ${reason}` })).toBeTruthy();
  });

  const unknownInLeeds = {
    status: 200,
    body: {
      valid: true,
      value: { postcode: 'LS1 4AP', authority: '', authorityCode: '', country: 'England', latitude: null, longitude: null, option: false },
      reason: null,
    },
  };

  /** Types into the council box and waits for the list the autocomplete shows. */
  async function typeCouncil(text: string): Promise<HTMLElement> {
    const box = await screen.findByRole('combobox', { name: 'Which council do you pay council tax to?' });
    fireEvent.focus(box);
    fireEvent.input(box, { target: { value: text } });
    await settle();
    return box;
  }

  it('goes on to ask which council, with no error, when no provider knows the postcode, and sends the council chosen', async () => {
    // Fake timers that also run as time passes: the rest after a press is skipped over, all else runs as usual.
    jest.useFakeTimers({ advanceTimers: true });
    api.on('POST', '/api/data/postcode', unknownInLeeds);
    renderPage(postcodePage);
    await type('ls1 4ap');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST', '/api/data/survey')).toEqual([]);
    const box = await screen.findByRole('combobox', { name: 'Which council do you pay council tax to?' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.id).toBe('q-ClientPostcode-authority');
    expect(box.getAttribute('aria-describedby')).toContain('q-ClientPostcode-authority-hint');
    expect(
      screen.getByText(
        /We do not have the council for LS1 4AP\. Start typing its name and choose it from the list, which has the councils in England\./,
      ),
    ).toBeTruthy();

    await typeCouncil('leed');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Leeds']);
    // Only England's councils: no Welsh one for 'new' (Newport), until the person asks for every council.
    await typeCouncil('newport');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['No council in England found by that name']);
    await typeCouncil('leeds');
    fireEvent.click(screen.getByRole('option', { name: 'Leeds' }));
    await settle();

    await act(() => jest.advanceTimersByTimeAsync(BUTTON_LOCK_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({
      ClientPostcode: { postcode: 'LS1 4AP', authority: 'Leeds', authorityCode: 'E08000035', country: 'England', option: false },
    });
  });

  it('offers every UK council on request, and with the council still not chosen, Next gives an error that links to its box', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    api.on('POST', '/api/data/postcode', unknownInLeeds);
    renderPage(postcodePage);
    await type('LS1 4AP');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: 'My council is not in England' }));
    await settle();
    await typeCouncil('newport');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Newport (Wales)']);

    await act(() => jest.advanceTimersByTimeAsync(BUTTON_LOCK_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    const link = within(screen.getByRole('alert')).getByRole('link', { name: 'Please choose your council from the list.' });
    expect(link.getAttribute('href')).toBe('#q-ClientPostcode-authority');
    const box = screen.getByRole('combobox', { name: 'Which council do you pay council tax to?' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(box.getAttribute('aria-describedby')).toContain('q-ClientPostcode-error');
    // The error is shown beside the council box, once, and the postcode box is neither invalid nor described by it.
    const message = document.getElementById('q-ClientPostcode-error')!;
    expect(message.textContent).toBe('Error: Please choose your council from the list.');
    expect(message.closest('.postcode__authority')).not.toBeNull();
    const postcode = screen.getByLabelText(/What is your postcode/);
    expect(postcode.getAttribute('aria-invalid')).toBeNull();
    expect(postcode.getAttribute('aria-describedby') ?? '').not.toContain('q-ClientPostcode-error');
    expect(api.callsTo('POST', '/api/data/survey')).toEqual([]);
  });
});

describe('the privacy notice', () => {
  it('hides an answered date of birth until ‘Change your answer’, which clears it', async () => {
    renderPage(pageResponse([group(question('ClientDob', 'Date', { text: 'What is your date of birth?' }, '01/02/1980'))]));
    expect(screen.getByText("You've already answered this question.")).toBeTruthy();
    expect(screen.queryByDisplayValue('01/02/1980')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change your answer' }));
    await settle();
    const date = screen.getByLabelText(/What is your date of birth/) as HTMLInputElement;
    expect(date.value).toBe('');
    expect(document.activeElement).toBe(date);
  });

  it('is not shown again to the person who answered in this tab, coming back to the page; a new tab or another calculation shows it', async () => {
    const dateOfBirth = () => pageResponse([group(question('ClientDob', 'Date', { text: 'What is your date of birth?' }, '01/02/1980'))]);
    const typed = renderPage(pageResponse([group(question('ClientDob', 'Date', { text: 'What is your date of birth?' }, ''))]));
    fireEvent.change(screen.getByLabelText(/What is your date of birth/), { target: { value: '01/02/1980' } });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(typed.outcomes).toHaveLength(1);
    typed.unmount();

    // Back: the page comes again with the answer, which shows in place, ready to change.
    const back = renderPage(dateOfBirth());
    expect(screen.queryByText("You've already answered this question.")).toBeNull();
    expect((screen.getByLabelText(/What is your date of birth/) as HTMLInputElement).value).toBe('01/02/1980');
    back.unmount();

    // Another calculation in this tab, and the same one in a new tab (nothing remembered), keep the notice.
    const other = renderPage(pageResponse(dateOfBirth().page!.fields, { session: '0b9f8c7e-1111-4222-8333-944455556666' }));
    expect(screen.getByText("You've already answered this question.")).toBeTruthy();
    other.unmount();
    forgetAnsweredHere();
    renderPage(dateOfBirth());
    expect(screen.getByText("You've already answered this question.")).toBeTruthy();
  });

  it('is not shown in test mode', () => {
    renderPage(pageResponse([group(question('ClientDob', 'Date', { text: 'What is your date of birth?' }, '01/02/1980'))]), '?test=true');
    expect(screen.queryByText("You've already answered this question.")).toBeNull();
    expect(screen.getByDisplayValue('01/02/1980')).toBeTruthy();
  });
});

describe('test mode', () => {
  it('shows each question’s name, rule, parsed rule and which parts hold, and a Next page link that rests 3 seconds', async () => {
    const { outcomes } = renderPage(partnerPage, '?test=true');
    fireEvent.click(screen.getByLabelText('Yes'));
    await settle();
    const panel = screen.getByText('Testing: PartnerDob').closest('details')!;
    expect(within(panel).getByText("ClientHasPartner == 'Yes'")).toBeTruthy();
    expect(within(panel).getByText(/"operator": "equal"/)).toBeTruthy();
    expect(within(panel).getByText("ClientHasPartner equal 'Yes'").parentElement?.textContent).toBe("ClientHasPartner equal 'Yes': true");
    const skip = screen.getByRole('button', { name: 'Next page' });
    fireEvent.click(skip);
    await settle();
    expect((skip as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/data/survey')[0].body).toMatchObject({ action: 2, test: true });
    expect(outcomes).toHaveLength(1);
  });

  it('has no Next page link on an exit page', () => {
    renderPage(pageResponse([group(question('Info', 'Label'))], {}, { isExitPage: true }), '?test=true');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});

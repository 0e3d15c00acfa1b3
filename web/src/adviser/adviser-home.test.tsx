import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADVISER_MESSAGES } from '../../../common/adviser/model';
import { ERROR_SUMMARY_TITLE } from '../shared/ErrorSummary';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import AdviserHome from './AdviserHome';
import { SEARCH_DELAY_MS } from './ClientSearch';
import {
  ACCESS_URL,
  calculationRow,
  CLIENT_GUID,
  CLIENT_URL,
  LONE_PARENT_CLIENT,
  noAccess,
  serverFailure,
} from '../../../test/fixtures/web-adviser';

let api: FakeApi;
let visited: string[];

/** 'Only my clients' before any typing: the adviser's own clients, most recent first. */
const OWN_CLIENTS_URL = '/api/intermediary/clients?search=&searchType=user';
const OTHER_CLIENT = {
  ...LONE_PARENT_CLIENT,
  clientGuid: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  displayName: 'Sam Older',
  clientNumber: '',
};

beforeEach(() => {
  visited = [];
  window.history.replaceState(null, '', '/adviser/');
  api = installFakeApi()
    .on('POST', '/api/data/error', { status: 204, body: undefined })
    .on('GET', ACCESS_URL, { status: 200, body: { isIntermediary: true } })
    .on('GET', OWN_CLIENTS_URL, { status: 200, body: { isIntermediary: true, searchClients: [LONE_PARENT_CLIENT, OTHER_CLIENT] } });
});

/** The searches sent, leaving out the list of the adviser's own clients. */
const searchesSent = () => api.calls.filter((call) => call.url.startsWith('/api/intermediary/clients') && call.url !== OWN_CLIENTS_URL);

async function renderHome(search = '') {
  render(<AdviserHome search={search} navigate={(url) => visited.push(url)} />);
  await settle();
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const searchBox = () => screen.getByRole('combobox', { name: 'Client name or date of birth' });
const clientsWith = (rows = [calculationRow(1), calculationRow(2, false), calculationRow(3)]) => ({
  status: 200,
  body: { isIntermediary: true, client: LONE_PARENT_CLIENT, calculations: rows },
});

describe('access to the adviser home', () => {
  it('shows No Access, with a sign-in link back to the page, when the access check answers 403', async () => {
    api.on('GET', ACCESS_URL, noAccess);
    window.history.replaceState(null, '', `/adviser/?clientId=${CLIENT_GUID}`);
    await renderHome(`?clientId=${CLIENT_GUID}`);
    expect(heading()).toBe('No Access');
    expect(screen.getByText(/You are not logged in to the adviser site/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to the adviser site' }).getAttribute('href')).toBe(
      `/account/?returnUrl=${encodeURIComponent(`/adviser/?clientId=${CLIENT_GUID}`)}`,
    );
    expect(api.callsTo('GET', CLIENT_URL)).toEqual([]);
    expect(api.callsTo('POST', '/api/data/error')).toEqual([]);
  });

  it('shows No Access when the server says the user is not an intermediary', async () => {
    api.on('GET', ACCESS_URL, { status: 200, body: { isIntermediary: false } });
    await renderHome();
    expect(heading()).toBe('No Access');
  });

  it('shows the generic error view, and reports it, for any other failure', async () => {
    api.on('GET', ACCESS_URL, serverFailure);
    await renderHome();
    expect(heading()).toBe('Oops something went wrong');
    await settle();
    expect(api.callsTo('POST', '/api/data/error')[0].body).toMatchObject({ source: 'Adviser' });
  });

  it('shows the home with Quick Start, Add New Client and the search once access is confirmed', async () => {
    await renderHome();
    expect(heading()).toBe('Adviser Area');
    expect(screen.getByRole('link', { name: 'Quick Start Calculation' }).getAttribute('href')).toBe('/survey');
    expect(screen.getByRole('link', { name: 'Add New Client' }).getAttribute('href')).toBe('/account/clients/new');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Adviser Home')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Only my clients' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('finding a client', () => {
  it("lists the adviser's own clients before any typing, most recent first, and opens one; not for the whole organisation", async () => {
    api.on('GET', CLIENT_URL, clientsWith());
    await renderHome();
    const own = screen.getByRole('region', { name: 'Your clients, most recent first' });
    expect(
      within(own)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Jo Bloggs (14/03/1988), CL-0042', 'Sam Older (14/03/1988)']);
    expect(api.callsTo('GET', OWN_CLIENTS_URL)).toHaveLength(1);
    fireEvent.click(within(own).getByRole('button', { name: 'Jo Bloggs (14/03/1988), CL-0042' }));
    await settle();
    expect(window.location.search).toBe(`?clientId=${CLIENT_GUID}`);
    expect(screen.getByRole('region', { name: 'Client Details' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your clients, most recent first' })).toBeNull();

    fireEvent.change(searchBox(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'All clients in my organisation' }));
    expect(screen.queryByRole('region', { name: 'Your clients, most recent first' })).toBeNull();
  });

  it('searches only from 3 characters, in the scope chosen', async () => {
    const userSearch = '/api/intermediary/clients?search=Jo%20B&searchType=user';
    const organisationSearch = '/api/intermediary/clients?search=Jo%20B&searchType=organisation';
    api.on('GET', userSearch, { status: 200, body: { isIntermediary: true, searchClients: [LONE_PARENT_CLIENT] } });
    api.on('GET', organisationSearch, { status: 200, body: { isIntermediary: true, searchClients: [] } });
    await renderHome();

    jest.useFakeTimers({ advanceTimers: true });
    try {
      fireEvent.change(searchBox(), { target: { value: 'Jo' } });
      expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();
      // Past the pause a search waits for, without waiting for it.
      await act(() => jest.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 100));
      expect(searchesSent()).toEqual([]);
    } finally {
      jest.useRealTimers();
    }

    fireEvent.change(searchBox(), { target: { value: 'Jo B' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Jo Bloggs (14/03/1988), CL-0042' })).toBeTruthy());
    expect(searchBox().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/1 client found/)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'All clients in my organisation' }));
    await waitFor(() => expect(screen.getByText('No clients found.')).toBeTruthy());
    expect(api.callsTo('GET', organisationSearch)).toHaveLength(1);
    expect(api.callsTo('GET', userSearch)).toHaveLength(1);
  });

  it('lists the chosen client and their calculations, chosen with the keyboard, and puts the client in the address', async () => {
    api.on('GET', '/api/intermediary/clients?search=14%2F03%2F1988&searchType=user', {
      status: 200,
      body: { isIntermediary: true, searchClients: [LONE_PARENT_CLIENT] },
    });
    api.on('GET', CLIENT_URL, clientsWith());
    await renderHome();
    jest.useFakeTimers({ advanceTimers: true });
    try {
      fireEvent.change(searchBox(), { target: { value: '14/03/1988' } });
      await waitFor(() => expect(screen.getByRole('option')).toBeTruthy());
      fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
      expect(searchBox().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
      expect(screen.getByRole('option').getAttribute('aria-selected')).toBe('true');
      fireEvent.keyDown(searchBox(), { key: 'Enter' });
      await settle();

      expect(window.location.search).toBe(`?clientId=${CLIENT_GUID}`);
      expect((searchBox() as HTMLInputElement).value).toBe('Jo Bloggs');
      // The chosen name in the box starts no search of its own, however long it stays there.
      await act(() => jest.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 100));
      expect(searchesSent()).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
    const details = screen.getByRole('region', { name: 'Client Details' });
    expect([...details.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'Jo Bloggs',
      'Joanne',
      'Bloggs',
      '14/03/1988',
      'CL-0042',
    ]);
    expect(within(details).getByRole('link', { name: 'Edit Client' }).getAttribute('href')).toBe(`/account/clients/${CLIENT_GUID}`);

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['', 'REF001', '02/11/2026', 'Scenario 1', 'Yes', 'Edit calculation REF001', 'View calculation REF001'],
      ['', 'REF002', '02/11/2026', 'Scenario 2', 'No', 'Edit calculation REF002', 'View calculation REF002'],
      ['', 'REF003', '02/11/2026', 'Scenario 3', 'Yes', 'Edit calculation REF003', 'View calculation REF003'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit calculation REF002' }).getAttribute('href')).toBe('/survey/3/session-2');
    expect(screen.getByRole('link', { name: 'View calculation REF002' }).getAttribute('href')).toBe('/adviser/calculation/session-2');

    fireEvent.click(screen.getByRole('button', { name: 'Clear Client Selection' }));
    expect(screen.queryByRole('region', { name: 'Client Details' })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('shows the error view for a failed search, reported without the name typed', async () => {
    api.on('GET', '/api/intermediary/clients?search=Bloggs&searchType=user', serverFailure);
    await renderHome();
    fireEvent.change(searchBox(), { target: { value: 'Bloggs' } });
    await waitFor(() => expect(heading()).toBe('Oops something went wrong'));
    await settle();
    const report = api.callsTo('POST', '/api/data/error')[0].body!;
    expect(report.error).toContain('GET /api/intermediary/clients answered 500');
    expect(JSON.stringify(report)).not.toContain('Bloggs');
  });

  it("opens the client in the address's clientId, and says when there are no calculations", async () => {
    api.on('GET', CLIENT_URL, clientsWith([]));
    await renderHome(`?clientId=${CLIENT_GUID}`);
    expect(screen.getByText('No Calculations found')).toBeTruthy();
  });

  it('shows No Access when loading the client answers 403', async () => {
    api.on('GET', CLIENT_URL, noAccess);
    await renderHome(`?clientId=${CLIENT_GUID}`);
    expect(heading()).toBe('No Access');
  });
});

describe('comparing calculations', () => {
  it('offers a tick only for complete calculations, at most 6, and the Compare link from 2 ticks', async () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((index) => calculationRow(index, index !== 2));
    api.on('GET', CLIENT_URL, clientsWith(rows));
    await renderHome(`?clientId=${CLIENT_GUID}`);

    expect(screen.queryByRole('checkbox', { name: 'Compare calculation REF002' })).toBeNull();
    const ticks = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(ticks).toHaveLength(7);

    fireEvent.click(ticks[0]);
    expect(screen.queryByRole('link', { name: /^Compare/ })).toBeNull();
    fireEvent.click(ticks[1]);
    expect(screen.getByRole('link', { name: 'Compare the 2 ticked calculations' }).getAttribute('href')).toBe(
      `/adviser/compare/session-1,session-3?clientId=${CLIENT_GUID}&session=session-1&session=session-3`,
    );

    for (const tick of ticks.slice(2, 6)) fireEvent.click(tick);
    expect(ticks.filter((tick) => tick.checked)).toHaveLength(6);
    expect(ticks[6].disabled).toBe(true);
    expect(screen.getByText(/You have ticked 6, the most that can be compared/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare the 6 ticked calculations' })).toBeTruthy();

    fireEvent.click(ticks[0]);
    expect(ticks[6].disabled).toBe(false);
  });
});

describe('starting a new calculation for the client', () => {
  async function openStart() {
    api.on('GET', CLIENT_URL, clientsWith());
    await renderHome(`?clientId=${CLIENT_GUID}`);
    const opener = screen.getByRole('button', { name: 'Start new calculation for this client' });
    opener.focus();
    fireEvent.click(opener);
    return { opener, dialog: screen.getByRole('dialog', { name: 'Start new calculation for this client' }) };
  }

  it('asks for a case label, with its messages linked from the error summary', async () => {
    const { dialog } = await openStart();
    const label = within(dialog).getByRole('textbox', { name: 'Case label' });
    expect(document.activeElement).toBe(label);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start calculation' }));
    expect(within(dialog).getByText(ERROR_SUMMARY_TITLE)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: ADVISER_MESSAGES.caseLabelRequiredToStart }).getAttribute('href')).toBe(`#${label.id}`);
    expect(label.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(label, { target: { value: 'x'.repeat(21) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start calculation' }));
    expect(within(dialog).getByRole('link', { name: ADVISER_MESSAGES.caseLabelTooLong })).toBeTruthy();
    expect(api.callsTo('POST', '/api/intermediary/start')).toEqual([]);
  });

  it('posts the label and goes to page 1 of the survey for the new calculation', async () => {
    api.on('POST', '/api/intermediary/start', { status: 200, body: { isValid: true, session: 'new-session' } });
    const { dialog } = await openStart();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Case label' }), { target: { value: ' After the move ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start calculation' }));
    await settle();
    expect(api.callsTo('POST', '/api/intermediary/start')[0].body).toMatchObject({
      clientGuid: CLIENT_GUID,
      caseReference: 'After the move',
      isMobile: expect.any(Boolean),
    });
    expect(visited).toEqual(['/survey/1/new-session']);
  });

  it('stays open, saying it was not done, when the server answers isValid false', async () => {
    api.on('POST', '/api/intermediary/start', { status: 200, body: { isValid: false } });
    const { dialog } = await openStart();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Case label' }), { target: { value: 'After the move' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start calculation' }));
    await settle();
    expect(within(dialog).getByText('This could not be done. Please try again.').getAttribute('role')).toBe('alert');
    expect(visited).toEqual([]);
  });

  it('closes with Escape and gives focus back to the button that opened it', async () => {
    const { opener, dialog } = await openStart();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog } = await openStart();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Case label' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });
});

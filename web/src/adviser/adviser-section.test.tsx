import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADVISER_MESSAGES } from '../../../common/adviser/model';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import { ADVISER_SECTION_FAILED, AdviserSection, SIGNED_OUT_TEXT } from './AdviserSection';
import { adviserCalculation, CALCULATION_URL, CLIENT_GUID, noAccess, SESSION } from '../../../test/fixtures/web-adviser';

let api: FakeApi;
let visited: string[];

beforeEach(() => {
  visited = [];
  api = installFakeApi().on('POST', '/api/data/error', { status: 204, body: undefined });
});

async function renderSection() {
  render(<AdviserSection session={SESSION} navigate={(url) => visited.push(url)} />);
  await settle();
}

const region = () => screen.getByRole('region', { name: 'Adviser Section' });

describe('the Adviser Section under a client calculation', () => {
  it("shows the client, the reference and the dates, with the case label and notes form and the way back to the client's page", async () => {
    api.on('GET', CALCULATION_URL, { status: 200, body: { isValid: true, isIntermediary: true, calculation: adviserCalculation() } });
    await renderSection();
    const terms = [...region().querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    expect(terms).toEqual(['Client: Jo Bloggs', 'Calculation reference: REF001', 'Date created: 02/11/2026', 'Date modified: 05/11/2026']);
    expect(within(region()).getByRole('link', { name: 'Adviser Area' }).getAttribute('href')).toBe(`/adviser/?clientId=${CLIENT_GUID}`);

    api.on('POST', '/api/intermediary/details', { status: 200, body: { isValid: true } });
    fireEvent.change(within(region()).getByLabelText(/Case label/), { target: { value: 'After the move' } });
    fireEvent.click(within(region()).getByRole('button', { name: /Save/ }));
    await settle();
    expect(api.callsTo('POST', '/api/intermediary/details')[0].body).toMatchObject({ session: SESSION, caseLabel: 'After the move' });
    expect(within(region()).getByText(ADVISER_MESSAGES.detailsUpdated)).toBeTruthy();
  });

  it('starts a new calculation for the client from its dialog, then goes to page 1 of the survey', async () => {
    api.on('GET', CALCULATION_URL, { status: 200, body: { isValid: true, isIntermediary: true, calculation: adviserCalculation() } });
    api.on('POST', '/api/intermediary/start', { status: 200, body: { isValid: true, session: 'new-session' } });
    await renderSection();
    fireEvent.click(within(region()).getByRole('button', { name: 'Start new calculation for this client' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'New job' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await settle();
    expect(api.callsTo('POST', '/api/intermediary/start')[0].body).toMatchObject({ clientGuid: CLIENT_GUID, caseReference: 'New job' });
    expect(visited).toEqual(['/survey/1/new-session']);
  });

  it('says plainly when the adviser details cannot be loaded, and when the adviser is signed out', async () => {
    api.on('GET', CALCULATION_URL, { status: 500, body: { code: 'INTERNAL', message: 'x', errors: [] } });
    await renderSection();
    expect(within(region()).getByRole('alert').textContent).toBe(ADVISER_SECTION_FAILED);
  });

  it('offers to sign in again after a 403 on saving', async () => {
    api.on('GET', CALCULATION_URL, { status: 200, body: { isValid: true, isIntermediary: true, calculation: adviserCalculation() } });
    api.on('POST', '/api/intermediary/details', noAccess);
    await renderSection();
    fireEvent.click(within(region()).getByRole('button', { name: /Save/ }));
    await settle();
    expect(within(region()).getByText(SIGNED_OUT_TEXT, { exact: false })).toBeTruthy();
    expect(within(region()).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toMatch(/^\/account\/\?returnUrl=/);
  });
});

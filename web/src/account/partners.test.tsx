import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { matchRoute } from '../app/routes';
import AccountScreen from './AccountScreen';
import { differences, plainProblem } from './partner-words';
import { installFakeApi, type FakeApi } from '../survey/fake-api';

let api: FakeApi;

/** Answers the calls of `answers` (method and URL), recording what was sent. */
function answerWith(answers: Record<string, { status: number; body: unknown }>) {
  api = installFakeApi();
  for (const [key, answer] of Object.entries(answers)) {
    const [method, url] = key.split(' ');
    api.on(method, url, answer);
  }
}

const as = (role: string, displayName = 'Tove Service') => ({
  status: 200,
  body: { signedIn: true, user: { userId: 'u2', displayName, role, organisationName: 'The Charity' } },
});
const CAP = {
  id: 'cap_live',
  name: 'CAP',
  checkboxIcon: { shape: 'round', colour: '#0b5394' },
  origins: ['https://www.cap.example'],
  hiddenInPortal: ['header', 'footer'],
  logo: '/partners/cap_live.svg',
  accentColour: '#0b5394',
  helpline: { phoneNumber: '0800 328 0006', openingHours: 'Monday to Friday, 9am to 5pm' },
  links: [],
  benefits: { hide: [] },
  extraHelp: { hide: [] },
} as const;
const CHANGED = { ...CAP, origins: [...CAP.origins, 'https://help.cap.example'], benefits: { hide: ['PIP'] } };
const REGISTER = (mayApprove: boolean) => ({
  partners: [{ definition: CAP, source: 'file', approvedBy: null, approvedAt: null }],
  proposals: [
    {
      reference: '6f1c1a52-8f0e-4c8e-9a44-1f1d7b0c2e11',
      partnerId: 'cap_live',
      kind: 'change',
      definition: CHANGED,
      current: CAP,
      proposedBy: { name: 'Sam Service' },
      proposedAt: '2026-12-01T09:14:00.000Z',
      mayApprove,
      whyNot: mayApprove
        ? null
        : 'Someone else must approve this change: a second service administrator checks every change to the partners.',
    },
  ],
  benefits: [{ code: 'PIP', name: 'Personal Independence Payment' }],
  extraHelpCategories: ['energy', 'broadband-and-phone'],
});

async function renderAt(route: Parameters<typeof AccountScreen>[0]['route'], pathname: string) {
  await act(async () => {
    render(<AccountScreen route={route} pathname={pathname} search="" navigate={() => undefined} />);
  });
}

describe('the partner register in the account area', () => {
  it('is at /account/partners, with a page to register one and one to change each', () => {
    expect(matchRoute('/account/partners')).toEqual({ page: 'account', account: { view: 'partners' } });
    expect(matchRoute('/account/partners/new')).toEqual({ page: 'account', account: { view: 'partner', partnerId: null } });
    expect(matchRoute('/account/partners/cap_live')).toEqual({ page: 'account', account: { view: 'partner', partnerId: 'cap_live' } });
  });

  it('is refused, in words, to anyone but a service administrator', async () => {
    answerWith({ 'GET /api/account/me': as('organisation-admin') });
    await renderAt({ view: 'partners' }, '/account/partners');
    expect(screen.getByText(/Only the charity’s service administrators can register partners/)).toBeTruthy();
    expect(api.calls.map((call) => call.url)).toEqual(['/api/account/me']);
  });

  it('shows a waiting change in words to a second administrator, who approves it', async () => {
    answerWith({
      'GET /api/account/me': as('service-admin'),
      'GET /api/partners': { status: 200, body: REGISTER(true) },
      'POST /api/partners/proposals/6f1c1a52-8f0e-4c8e-9a44-1f1d7b0c2e11/approve': {
        status: 200,
        body: { ...REGISTER(true), proposals: [] },
      },
    });
    await renderAt({ view: 'partners' }, '/account/partners');
    const change = screen.getByRole('listitem', { name: 'Change a partner: CAP' });
    expect(within(change).getByText('Sent by Sam Service on 1 December 2026 at 09:14.')).toBeTruthy();
    expect(within(change).getByText('Pages that may show the calculator, added: https://help.cap.example')).toBeTruthy();
    expect(within(change).getByText('Benefits not shown: none becomes Personal Independence Payment')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(change).getByRole('button', { name: 'Approve: CAP' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Approved: CAP. It is in force now.');
    expect(screen.getByText('Nothing is waiting.')).toBeTruthy();
  });

  it('does not offer its author the approval, only to withdraw it, and says why', async () => {
    answerWith({ 'GET /api/account/me': as('service-admin', 'Sam Service'), 'GET /api/partners': { status: 200, body: REGISTER(false) } });
    await renderAt({ view: 'partners' }, '/account/partners');
    const change = screen.getByRole('listitem', { name: 'Change a partner: CAP' });
    expect(within(change).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(change).getByRole('button', { name: 'Withdraw: CAP' })).toBeTruthy();
    expect(within(change).getByText(/a second service administrator checks every change/)).toBeTruthy();
  });

  it('shows the API’s problems in the error summary, each in words and linked to its field', async () => {
    answerWith({
      'GET /api/account/me': as('service-admin'),
      'GET /api/partners': { status: 200, body: REGISTER(true) },
      'POST /api/partners/proposals': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request has problems.',
          errors: [
            {
              path: 'partner.origins[0]',
              message:
                'origins[0] must be a web address that starts with https://, such as https://www.partner.example, with nothing after the site’s name (no page, no slash at the end).',
            },
            {
              path: 'partner.accentColour',
              message: 'accentColour #ffff00 has a contrast of 1.07:1 with white text; it needs at least 4.5:1 (choose a darker colour).',
            },
          ],
        },
      },
    });
    await renderAt({ view: 'partner', partnerId: 'cap_live' }, '/account/partners/cap_live');
    expect((screen.getByLabelText('Addresses of the partner’s pages') as HTMLTextAreaElement).value).toBe('https://www.cap.example');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Addresses of the partner’s pages'), { target: { value: 'http://www.cap.example' } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    });
    const summary = screen.getByRole('alert');
    const first = within(summary).getByRole('link', {
      name: 'Addresses of the partner’s pages, line 1: must be a web address that starts with https://, such as https://www.partner.example, with nothing after the site’s name (no page, no slash at the end).',
    });
    expect(first.getAttribute('href')).toBe('#partner-origins');
    expect(
      within(summary)
        .getByRole('link', { name: /^Colour: #ffff00 has a contrast/ })
        .getAttribute('href'),
    ).toBe('#partner-colour');
    const body = api.calls.at(-1)!.body as { partner: { origins: string[] }; logoPng: string | null };
    expect(body.partner.origins).toEqual(['http://www.cap.example']);
    expect(body.logoPng).toBeNull();
  });
});

describe('the partner register’s words', () => {
  it('names a field and its line, not its path', () => {
    expect(plainProblem('partner.origins[2]', 'origins[2] must start with https://.')).toEqual({
      field: 'origins',
      message: 'Addresses of the partner’s pages, line 3: must start with https://.',
    });
    expect(plainProblem('logoPng', 'The logo must be a PNG file.')).toEqual({ field: 'logoPng', message: 'The logo must be a PNG file.' });
  });

  it('lists only what a change changes', () => {
    expect(differences(CAP as never, { ...CAP, name: 'CAP Money' } as never, (code) => code)).toEqual(['Name: CAP becomes CAP Money']);
  });
});

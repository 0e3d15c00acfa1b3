import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BROWSER_ID_KEY } from '../api/browser-id';
import { ownsSession } from '../session/session-owner';
import { testSiteConfig } from '../site/test-site-config';
import { LandingPage } from './LandingPage';
import { publicLandingPath, type Navigate } from './navigation';

type Answer = { status: number; body: unknown } | 'network-failure';
let sent: { url: string; method: string; body: Record<string, unknown> | null }[];

/** Answers each API path as given; the intermediary check answers 'not an adviser' unless told otherwise. */
function serve(answers: Record<string, Answer>) {
  sent = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) : null });
    const answer =
      answers[url] ?? (url === '/api/intermediary/index' ? { status: 200, body: { isIntermediary: false } } : { status: 404, body: null });
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      text: async () => JSON.stringify(answer.body),
    } as Response;
  }) as typeof fetch;
}

let navigate: jest.Mock<Navigate>;

async function renderLanding(search = '') {
  navigate = jest.fn<Navigate>();
  await act(async () => {
    render(<LandingPage search={search} informationPages={testSiteConfig.charity.informationPages} navigate={navigate} />);
  });
}

async function findCalculation(reference: string, postcode: string) {
  fireEvent.change(screen.getByLabelText('Calculation reference'), { target: { value: reference } });
  fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: postcode } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Find Calculation' }));
  });
}

const lookupPosts = () => sent.filter((call) => call.url === '/api/data/lookup');

beforeEach(() => {
  localStorage.clear();
  serve({});
});

describe('the landing page cards', () => {
  it('has the three cards: start, return with reference and postcode, and the information pages', async () => {
    await renderLanding('?id=cap_live&ref=leaflet');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Start a new calculation',
      'Return to a calculation',
      'Information about benefits',
    ]);
    expect(screen.getByRole('link', { name: 'Use the Benefits Calculator' }).getAttribute('href')).toBe('/survey?id=cap_live&ref=leaflet');
    const returnCard = screen.getByRole('region', { name: 'Return to a calculation' });
    expect(within(returnCard).getByLabelText('Calculation reference')).toBeTruthy();
    expect((within(returnCard).getByLabelText('Postcode') as HTMLInputElement).autocomplete).toBe('postal-code');
    expect(within(returnCard).getByRole('button', { name: 'Find Calculation' })).toBeTruthy();
    const information = screen.getByRole('region', { name: 'Information about benefits' });
    expect(within(information).getByRole('link', { name: 'Read our guides to benefits and support' }).getAttribute('href')).toBe(
      'https://www.example.org/get-support/information-and-guides',
    );
  });
});

describe('returning to a calculation', () => {
  it('without a reference or postcode: lists both problems, linked to their fields, and shows them inline', async () => {
    await renderLanding();
    await findCalculation('  ', '');
    const summary = screen.getByRole('heading', { name: 'Please correct the following problem(s)' }).parentElement as HTMLElement;
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Please enter a valid reference.', '#lookup-reference'],
      ['Please enter the postcode used for this calculation.', '#lookup-postcode'],
    ]);
    const reference = screen.getByLabelText('Calculation reference');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reference.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Error: Please enter a valid reference.',
    );
    const postcode = screen.getByLabelText('Postcode');
    expect(document.getElementById(postcode.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Error: Please enter the postcode used for this calculation.',
    );
    expect(lookupPosts()).toEqual([]);

    fireEvent.click(links[1]);
    expect(document.activeElement).toBe(postcode);
  });

  it('with only the postcode missing: says so, and clears the reference problem', async () => {
    await renderLanding();
    await findCalculation('', '');
    await findCalculation('ABCD2345', '');
    expect(screen.queryByText('Please enter a valid reference.')).toBeNull();
    expect(screen.getAllByText('Please enter the postcode used for this calculation.')).toHaveLength(2);
    expect(screen.getByLabelText('Calculation reference').getAttribute('aria-invalid')).toBeNull();
  });

  it('opens an unfinished calculation at its page, keeping the query string, and records this browser as its owner', async () => {
    serve({
      '/api/data/lookup': {
        status: 200,
        body: { valid: true, isComplete: false, pageNumber: 4, session: 'f2b1c3d4-0000-4000-8000-000000000001' },
      },
    });
    await renderLanding('?id=cap_live');
    await findCalculation(' abcd2345 ', ' SW1A 1AA ');
    expect(lookupPosts()).toEqual([
      {
        url: '/api/data/lookup',
        method: 'POST',
        body: { token: 'abcd2345', postcode: 'SW1A 1AA', browserId: localStorage.getItem(BROWSER_ID_KEY) },
      },
    ]);
    expect(navigate).toHaveBeenCalledWith('/survey/4/f2b1c3d4-0000-4000-8000-000000000001?id=cap_live');
    expect(ownsSession('f2b1c3d4-0000-4000-8000-000000000001')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Finding your calculation…');
  });

  it('opens a finished calculation at its results, keeping the query string', async () => {
    serve({ '/api/data/lookup': { status: 200, body: { valid: true, isComplete: true, pageNumber: 12, session: 'session-9' } } });
    await renderLanding('?test=true');
    await findCalculation('ABCD2345', 'SW1A 1AA');
    expect(navigate).toHaveBeenCalledWith('/result/session-9?test=true');
  });

  it('says no calculation was found when the reference and postcode do not match, and records nothing', async () => {
    serve({ '/api/data/lookup': { status: 200, body: { valid: false, isComplete: false, pageNumber: null, session: null } } });
    await renderLanding();
    await findCalculation('ABCD2345', 'SW1A 1AA');
    expect(screen.getByRole('alert').textContent).toBe('No calculation found with the provided reference and postcode.');
    expect(navigate).not.toHaveBeenCalled();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('sessionOwner_'))).toEqual([]);
  });

  it.each<[string, Answer]>([
    ['the server fails', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong.', errors: [] } }],
    [
      'there are too many attempts (429)',
      { status: 429, body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts.', errors: [] } },
    ],
    ['the network is down', 'network-failure'],
  ])('when %s, shows the same not-found message rather than nothing', async (_case, answer) => {
    serve({ '/api/data/lookup': answer });
    await renderLanding();
    await findCalculation('ABCD2345', 'SW1A 1AA');
    expect(screen.getByRole('alert').textContent).toBe('No calculation found with the provided reference and postcode.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends one look-up however often the button is pressed while it runs', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = ((url: string) =>
      url === '/api/data/lookup'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve({ ok: true, status: 200, text: async () => '{"isIntermediary":false}' } as Response)) as typeof fetch;
    const lookups = jest.spyOn(globalThis, 'fetch');
    await renderLanding();
    await findCalculation('ABCD2345', 'SW1A 1AA');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Find Calculation' }));
    });
    expect(lookups.mock.calls.filter(([url]) => url === '/api/data/lookup')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Find Calculation' }).getAttribute('aria-disabled')).toBe('true');
    await act(async () =>
      answer({
        ok: true,
        status: 200,
        text: async () => '{"valid":false,"isComplete":false,"pageNumber":null,"session":null}',
      } as Response),
    );
    expect(screen.getByRole('alert').textContent).toBe('No calculation found with the provided reference and postcode.');
  });
});

describe('the adviser check', () => {
  it('sends an adviser to the adviser area, replacing the landing page in the history', async () => {
    serve({ '/api/intermediary/index': { status: 200, body: { isIntermediary: true } } });
    await renderLanding('?id=cap_live');
    expect(navigate).toHaveBeenCalledWith('/adviser/?id=cap_live', { replace: true });
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('shows the page at once, with no spinner, while the check runs', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    await renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Benefits Calculator');
    expect(screen.queryByText('Loading')).toBeNull();
    await act(async () => answer({ ok: true, status: 200, text: async () => '{"isIntermediary":false}' } as Response));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Benefits Calculator');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a signed-in adviser on the public page they asked for (?public), and its links onward without it', async () => {
    serve({ '/api/intermediary/index': { status: 200, body: { isIntermediary: true } } });
    await renderLanding('?public&id=cap_live');
    expect(sent).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Use the Benefits Calculator' }).getAttribute('href')).toBe('/survey?id=cap_live');
    expect(publicLandingPath('?id=cap_live')).toBe('/?public&id=cap_live');
    expect(publicLandingPath('')).toBe('/?public');
  });

  it.each<[string, Answer]>([
    ['a visitor who is not an adviser', { status: 200, body: { isIntermediary: false } }],
    ['a failed check', { status: 503, body: null }],
    ['an unreachable server', 'network-failure'],
  ])('keeps %s on the landing page', async (_case, answer) => {
    serve({ '/api/intermediary/index': answer });
    await renderLanding();
    expect(sent.map((call) => [call.method, call.url])).toEqual([['GET', '/api/intermediary/index']]);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Find Calculation' })).toBeTruthy();
  });
});

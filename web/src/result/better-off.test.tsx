import { fireEvent, render, screen, within } from '@testing-library/react';
import { testSiteConfig } from '../site/test-site-config';
import { ERROR_SUMMARY_TITLE } from '../shared/ErrorSummary';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';
import { settle } from '../survey/render-page';
import { standInForEmailForm } from './email-stand-in';
import { betterOffMoreHours, resultWith, RESULT_URL, SESSION } from '../../../test/fixtures/web-result';

installJsdomSupport();
standInForEmailForm();
const { default: ResultScreen } = await import('./ResultScreen');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('POST', '/api/data/error', { status: 204, body: undefined });
  localStorage.clear();
});

async function openResults(result = resultWith(), search = '') {
  api.on('GET', `/api/data/result?session=${SESSION}&id=${search ? 'cap_live' : ''}&test=false`, { status: 200, body: result });
  render(<ResultScreen session={SESSION} search={search} site={testSiteConfig} />);
  await settle();
}

const card = () => screen.getByRole('region', { name: 'What if things changed?' });
const input = (name: string) => document.getElementById(`q-${name}`) as HTMLInputElement;

async function openQuestions() {
  const toggle = within(card()).getByRole('button', { name: 'Try a change' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  // The questions' form is loaded on first open: on a busy machine (CI's two cores running the whole suite) that can
  // take longer than Testing Library's default second.
  await screen.findByText('Whose work would change?', undefined, { timeout: 10_000 });
}

async function answerRentOnly() {
  fireEvent.click(screen.getByLabelText("Nobody's: only my rent would change"));
  await settle();
  fireEvent.click(within(card()).getByLabelText('Yes'));
  await settle();
  fireEvent.change(input('BetterOffRent'), { target: { value: '800' } });
  await settle();
  fireEvent.click(input('BetterOffRent-monthly'));
  await settle();
}

describe('what if things changed?', () => {
  it('asks the better-off questions with the survey’s form, showing and hiding them by their rules', async () => {
    await openResults();
    expect(within(card()).getByText(/See how much better or worse off you would be/)).toBeTruthy();
    await openQuestions();
    expect(screen.getByText('How many hours a week would the work be?')).toBeTruthy();
    expect(screen.queryByText('What would the new rent be?')).toBeNull();
    fireEvent.click(screen.getByLabelText("Nobody's: only my rent would change"));
    await settle();
    expect(screen.queryByText('How many hours a week would the work be?')).toBeNull();
    fireEvent.click(within(card()).getByLabelText('Yes'));
    await settle();
    expect(screen.getByText('What would the new rent be?')).toBeTruthy();
  });

  it.each([
    ['a single person', false, ['Mine', "Nobody's: only my rent would change"]],
    ['a couple', true, ['Mine', "My partner's", "Nobody's: only my rent would change"]],
  ])("offers the partner's work only to a household with a partner: %s", async (_household, hasPartner, choices) => {
    await openResults(resultWith({ hasPartner }));
    await openQuestions();
    const who = screen.getByRole('group', { name: /Whose work would change\?/ });
    expect(
      within(who)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent?.trim()),
    ).toEqual(choices);
  });

  it('checks the answers before sending, listing the problems linked to their questions', async () => {
    await openResults();
    await openQuestions();
    fireEvent.click(screen.getByRole('button', { name: 'Work out the difference' }));
    await settle();
    const summary = screen.getByRole('alert');
    expect(within(summary).getByText(ERROR_SUMMARY_TITLE)).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Whose work would change is required.' }).getAttribute('href')).toBe(
      '#q-BetterOffWho',
    );
    expect(document.activeElement).toBe(summary);
    expect(api.callsTo('POST', '/api/data/result')).toEqual([]);
  });

  it('sends the shown answers with action 5 and the visit, and shows the results with the change', async () => {
    api.on('POST', '/api/data/result', { status: 200, body: betterOffMoreHours() });
    await openResults(resultWith(), '?id=cap_live&ref=leaflet');
    await openQuestions();
    await answerRentOnly();
    fireEvent.click(screen.getByRole('button', { name: 'Work out the difference' }));
    await settle();

    const [post] = api.callsTo('POST', '/api/data/result');
    expect(post.body).toMatchObject({
      session: SESSION,
      action: 5,
      isBetterOff: true,
      partner: 'cap_live',
      referral: 'leaflet',
      subCategory: null,
      test: false,
      BetterOffWho: 'Nobody',
      BetterOffRentChanges: 'Yes',
      BetterOffRent: { weekly: 184.62, monthly: 800, yearly: 9600, period: 'Monthly' },
    });
    expect(post.body).toHaveProperty('isMobile');
    expect(post.body).toHaveProperty('browserId');
    // Hidden questions are not sent.
    expect(post.body).not.toHaveProperty('BetterOffHours');

    expect(screen.getByRole('heading', { name: 'If your circumstances changed' })).toBeTruthy();
    expect(screen.getByText('You would be £203.30 a week better off.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your results' }));
    expect(within(card()).getByRole('button', { name: 'Try a different change' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the server’s errors beside the questions they belong to', async () => {
    api.on('POST', '/api/data/result', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please check your answers.',
        errors: [{ path: 'BetterOffRent', message: 'The new rent is too high for private rental.' }],
      },
    });
    await openResults();
    await openQuestions();
    await answerRentOnly();
    fireEvent.click(screen.getByRole('button', { name: 'Work out the difference' }));
    await settle();
    expect(screen.getAllByText('The new rent is too high for private rental.')).toHaveLength(2);
    expect(input('BetterOffRent').closest('.question')?.classList.contains('question--invalid')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'If your circumstances changed' })).toBeNull();
  });

  it('opens the identity check when the change is refused because another browser owns the calculation', async () => {
    api.on('POST', '/api/data/result', {
      status: 403,
      body: { statusCode: 403, code: 'VERIFICATION_REQUIRED', message: 'Please check who you are.', errors: [] },
    });
    await openResults();
    await openQuestions();
    await answerRentOnly();
    fireEvent.click(screen.getByRole('button', { name: 'Work out the difference' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check who you are');
  });

  it('goes back to the results without the change, clearing it on the server', async () => {
    api.on('POST', '/api/data/result', { status: 200, body: resultWith() });
    await openResults(betterOffMoreHours());
    expect(screen.getByRole('heading', { name: 'If your circumstances changed' })).toBeTruthy();
    fireEvent.click(within(card()).getByRole('button', { name: 'Back to your results without the change' }));
    await settle();
    expect(api.callsTo('POST', '/api/data/result')[0].body).toMatchObject({ session: SESSION, action: 5, isBetterOff: false });
    expect(screen.queryByRole('heading', { name: 'If your circumstances changed' })).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Try a change' })).toBeTruthy();
    expect(api.callsTo('GET', RESULT_URL)).toHaveLength(1);
  });
});

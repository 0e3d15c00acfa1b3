import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from './fake-api';
import { installJsdomSupport } from './jsdom-support';
import { bandAnswer, GOV_UK_BAND_CHECK_URL, LOOKUP_UNAVAILABLE_TEXT, pageWindow, SCOTTISH_ASSESSORS_URL } from './questions/CouncilControl';
import { renderPage, settle } from './render-page';
import { group, pageResponse, question } from '../../../test/fixtures/web-survey';

installJsdomSupport();

const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';

const BAND_OPTIONS = [
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((letter) => ({ value: `Band ${letter}`, text: `Band ${letter}` })),
  { value: 'NotKnown', text: "I don't know my band" },
];

/** The band question as the server sends it: the definition's options, the postcode's country, and whether addresses are loaded. */
function councilPage(country: string, answer = '', bandLookup = true) {
  return pageResponse(
    [
      group(
        question(
          'ClientCouncilTaxBand',
          'Council',
          {
            text: 'What is your council tax band?',
            required: true,
            country: country as never,
            postcodePage: 1,
            options: BAND_OPTIONS,
            bandLookup,
          },
          answer,
        ),
      ),
    ],
    {},
    { name: 'council-tax' },
  );
}

function optionTexts(): (string | null)[] {
  return within(screen.getByRole('combobox', { name: /What is your council tax band/ }))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

function addresses(count: number) {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, line1: `${index + 1} High Street`, band: 'ABCDEFGHI'[index % 9] }));
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

function chooseLookUp() {
  fireEvent.change(screen.getByRole('combobox', { name: /What is your council tax band/ }), { target: { value: 'Look this up for me' } });
}

describe('the council tax band question', () => {
  it("offers the nation's bands, 'I don't know my band' and the look-up once, and band I only in Wales", () => {
    const A_TO_H = ['Band A', 'Band B', 'Band C', 'Band D', 'Band E', 'Band F', 'Band G', 'Band H'];
    for (const [country, expected] of [
      ['England', ['Please select', ...A_TO_H, "I don't know my band", 'Look this up for me']],
      ['Wales', ['Please select', ...A_TO_H, 'Band I', "I don't know my band", 'Look this up for me']],
      // Scotland never gets the look-up.
      ['Scotland', ['Please select', ...A_TO_H, "I don't know my band"]],
      // Not known: every band, for the person knows their own.
      ['', ['Please select', ...A_TO_H, 'Band I', "I don't know my band", 'Look this up for me']],
    ] as const) {
      const { unmount } = renderPage(councilPage(country));
      expect({ country, options: optionTexts() }).toEqual({ country, options: expected });
      unmount();
    }
  });

  it('offers no look-up where no addresses are loaded, and says how to find the band instead', () => {
    const { unmount } = renderPage(councilPage('England', '', false));
    expect(optionTexts()).not.toContain('Look this up for me');
    const hint = screen.getByText(/Your band is on your council tax bill/);
    expect(hint.textContent).toBe(
      'Your band is on your council tax bill. You can also search for your home: Check your Council Tax band on GOV.UK (opens in a new tab). If you cannot find it, choose ‘I don’t know my band’.',
    );
    expect(within(hint).getByRole('link').getAttribute('href')).toBe(GOV_UK_BAND_CHECK_URL);
    // The hint describes the list, for screen reader users.
    expect(screen.getByRole('combobox').getAttribute('aria-describedby')).toContain(hint.id);
    unmount();
    renderPage(councilPage('Scotland', '', false));
    expect(
      within(screen.getByText(/Your band is on your council tax bill/))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(SCOTTISH_ASSESSORS_URL);
  });

  it("stores 'I don't know my band' as NotKnown and keeps it chosen", async () => {
    renderPage(councilPage('England', 'NotKnown', false));
    expect((screen.getByRole('combobox', { name: /What is your council tax band/ }) as HTMLSelectElement).value).toBe('NotKnown');
  });

  it('asks to use the address, looks the bands up, and stores the picked address’s band', async () => {
    api.on('POST', '/api/data/bands', { status: 200, body: { valid: true, value: addresses(23) } });
    renderPage(councilPage('England'));
    chooseLookUp();
    await settle();
    const ask = screen.getByRole('group', { name: 'Would you like us to use your address to look up your council tax band?' });
    expect(
      within(ask)
        .getAllByRole('radio')
        .map((radio) => radio.nextElementSibling?.textContent),
    ).toEqual(['Yes, I would like to tell you my address', 'No, I would like to look up my band myself']);
    fireEvent.click(within(ask).getByLabelText('Yes, I would like to tell you my address'));
    expect(screen.getByRole('status').textContent).toContain('Looking up the addresses');
    await settle();
    expect(api.callsTo('POST', '/api/data/bands')[0].body).toMatchObject({
      session: SESSION,
      browserId: expect.stringMatching(/^browser_/),
    });

    const table = screen.getByRole('table', { name: 'Choose your address' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const pages = screen.getByRole('navigation', { name: 'Address pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', '1', '2', '3', 'Next']);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Select 22 High Street' }));
    await settle();
    expect(screen.getByText('Band D').closest('p')?.textContent).toBe('Your council tax band: Band D');
    fireEvent.click(screen.getByRole('button', { name: 'Change Band' }));
    await settle();
    expect((screen.getByRole('combobox', { name: /What is your council tax band/ }) as HTMLSelectElement).value).toBe('Band D');
  });

  it('goes back to choosing when the person would rather look the band up themselves', async () => {
    renderPage(councilPage('Wales'));
    chooseLookUp();
    await settle();
    fireEvent.click(screen.getByLabelText('No, I would like to look up my band myself'));
    await settle();
    expect(screen.getByRole('combobox', { name: /What is your council tax band/ })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('says the look-up is unavailable when it fails or answers not valid, and lets the band be entered', async () => {
    for (const answer of [
      { status: 503, body: { statusCode: 503, code: 'LOOKUP_UNAVAILABLE', message: 'down', errors: [] } },
      { status: 200, body: { valid: false, value: null } },
    ]) {
      api.on('POST', '/api/data/bands', answer);
      const { unmount } = renderPage(councilPage('England'));
      chooseLookUp();
      await settle();
      fireEvent.click(screen.getByLabelText('Yes, I would like to tell you my address'));
      await settle();
      expect(screen.getByText(LOOKUP_UNAVAILABLE_TEXT)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Enter band' }));
      await settle();
      expect(screen.getByRole('combobox', { name: /What is your council tax band/ })).toBeTruthy();
      unmount();
    }
  });

  it('explains when no addresses are found, offering to change the postcode or enter the band', async () => {
    api.on('POST', '/api/data/bands', { status: 200, body: { valid: true, value: [] } });
    renderPage(councilPage('England'), '?id=cap_live');
    chooseLookUp();
    await settle();
    fireEvent.click(screen.getByLabelText('Yes, I would like to tell you my address'));
    await settle();
    expect(screen.getByRole('link', { name: 'Change My Postcode' }).getAttribute('href')).toBe(`/survey/1/${SESSION}?id=cap_live`);
    expect(screen.getByRole('button', { name: 'Enter band' })).toBeTruthy();
  });

  it('opens on the band already chosen', () => {
    renderPage(councilPage('England', 'Band B'));
    expect(screen.getByText('Band B').closest('p')?.textContent).toBe('Your council tax band: Band B');
  });

  it('reads looked-up bands as Band {letter}, and pages through at most three page numbers', () => {
    expect(['C', 'band d', 'Band I', 'Z'].map(bandAnswer)).toEqual(['Band C', 'Band D', 'Band I', null]);
    expect([pageWindow(1, 5), pageWindow(3, 5), pageWindow(5, 5), pageWindow(1, 2)]).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 5],
      [1, 2],
    ]);
  });
});

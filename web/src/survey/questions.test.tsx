import { jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { installJsdomSupport } from './jsdom-support';
import { toggleChoice } from './questions/ChoiceControls';
import { maskDate } from './questions/TextControls';
import { renderPage, settle } from './render-page';
import { group, pageResponse, question } from '../../../test/fixtures/web-survey';

installJsdomSupport();

const earnings = question(
  'ClientEarnings',
  'Money',
  { text: 'How much do you earn?', validation: 'Your earnings', required: true },
  { weekly: null, monthly: null, yearly: null, period: '' },
);

describe('a money question', () => {
  it('works out and shows the weekly, monthly and yearly figures from what is typed and how often', async () => {
    renderPage(pageResponse([group(earnings)]));
    const amount = screen.getByLabelText('Amount in pounds') as HTMLInputElement;
    expect(amount.previousElementSibling?.textContent).toBe('£');
    fireEvent.change(amount, { target: { value: '100' } });
    await settle();
    expect(screen.queryByTestId('ClientEarnings-figures')).toBeNull();
    fireEvent.click(screen.getByLabelText('Weekly'));
    await settle();
    expect(screen.getByTestId('ClientEarnings-figures').textContent).toBe('£100 a week, £433.33 a month, £5,200 a year');
    fireEvent.click(screen.getByLabelText('Monthly'));
    await settle();
    expect(amount.value).toBe('100');
    expect(screen.getByTestId('ClientEarnings-figures').textContent).toBe('£23.08 a week, £100 a month, £1,200 a year');
    fireEvent.change(amount, { target: { value: '1300.5' } });
    await settle();
    expect(screen.getByTestId('ClientEarnings-figures').textContent).toBe('£300.12 a week, £1,300.50 a month, £15,606 a year');
  });

  it('blocks typing that is not an amount in pounds and pence', async () => {
    renderPage(pageResponse([group(earnings)]));
    const amount = screen.getByLabelText('Amount in pounds') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '12.5' } });
    await settle();
    for (const typed of ['12.555', '12a', '-3', '1,000']) {
      fireEvent.change(amount, { target: { value: typed } });
      await settle();
      expect(amount.value).toBe('12.5');
    }
  });

  it('shows a saved answer in its chosen period', () => {
    renderPage(
      pageResponse([group({ ...earnings, answer: { value: { weekly: 230.77, monthly: 1000, yearly: 12000, period: 'Monthly' } } })]),
    );
    expect((screen.getByLabelText('Amount in pounds') as HTMLInputElement).value).toBe('1000.00');
    expect((screen.getByLabelText('Monthly') as HTMLInputElement).checked).toBe(true);
  });
});

describe('a check question', () => {
  const benefits = question(
    'ClientBenefits',
    'Check',
    {
      text: 'Which of these do you get?',
      options: [
        { value: 'PIP', text: 'Personal Independence Payment' },
        { value: 'DLA', text: 'Disability Living Allowance' },
        { value: 'None of the above', text: 'None of the above' },
      ],
    },
    [],
  );

  it('clears the other choices when None of the above is ticked, and None of the above when another is', async () => {
    renderPage(pageResponse([group(benefits)]));
    const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
    fireEvent.click(box('Personal Independence Payment'));
    await settle();
    fireEvent.click(box('Disability Living Allowance'));
    await settle();
    expect([box('Personal Independence Payment').checked, box('Disability Living Allowance').checked]).toEqual([true, true]);
    fireEvent.click(box('None of the above'));
    await settle();
    expect([
      box('Personal Independence Payment').checked,
      box('Disability Living Allowance').checked,
      box('None of the above').checked,
    ]).toEqual([false, false, true]);
    fireEvent.click(box('Disability Living Allowance'));
    await settle();
    expect([box('Disability Living Allowance').checked, box('None of the above').checked]).toEqual([true, false]);
  });

  it('keeps the options’ order whatever order they are ticked in', () => {
    expect(toggleChoice(['A', 'B', 'C'], ['C'], 'A', true)).toEqual(['A', 'C']);
    expect(toggleChoice(['A', 'B'], ['A', 'B'], 'A', false)).toEqual(['B']);
  });
});

describe('a postcode question', () => {
  const postcode = question(
    'ClientPostcode',
    'Postcode',
    { text: 'What is your postcode?', validation: 'Postcode', required: true, pattern: '^[A-Za-z0-9 ]{0,10}$' },
    null,
  );

  it('asks the country instead when the person is sleeping rough, and typing a postcode clears that', async () => {
    renderPage(pageResponse([group(postcode)]));
    const box = screen.getByLabelText(/What is your postcode/) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'sw1a 1aa' } });
    await settle();
    expect(box.value).toBe('SW1A 1AA');
    expect(screen.queryByRole('group', { name: 'Which country in the United Kingdom do you live in?' })).toBeNull();
    fireEvent.click(screen.getByLabelText('I am homeless and sleeping rough'));
    await settle();
    expect(box.value).toBe('');
    const countries = screen.getByRole('group', { name: 'Which country in the United Kingdom do you live in?' });
    expect(
      within(countries)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
    fireEvent.click(within(countries).getByLabelText('Scotland'));
    await settle();
    fireEvent.change(box, { target: { value: 'E' } });
    await settle();
    expect((screen.getByLabelText('I am homeless and sleeping rough') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('group', { name: 'Which country in the United Kingdom do you live in?' })).toBeNull();
  });

  it('blocks typing that does not fit the question’s pattern', async () => {
    renderPage(pageResponse([group(postcode)]));
    const box = screen.getByLabelText(/What is your postcode/) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'M1' } });
    await settle();
    fireEvent.change(box, { target: { value: 'M1-' } });
    await settle();
    expect(box.value).toBe('M1');
  });
});

describe('a date question', () => {
  it('masks typing as dd/mm/yyyy', () => {
    expect(['0', '01', '010', '0102', '01021', '01021980', '010219801', '01/', '01/02/', 'ab12cd'].map(maskDate)).toEqual([
      '0',
      '01',
      '01/0',
      '01/02',
      '01/02/1',
      '01/02/1980',
      '01/02/1980',
      '01/',
      '01/02/',
      '12',
    ]);
  });

  it('puts the slashes in as the person types, and Enter just leaves the field', async () => {
    const { outcomes } = renderPage(
      pageResponse([
        group(
          question('ClientDob', 'Date', { text: 'What is your date of birth?', subtext: 'For example, 27/03/1985', required: true }, ''),
        ),
      ]),
    );
    const date = screen.getByLabelText(/What is your date of birth/) as HTMLInputElement;
    expect(date.getAttribute('aria-describedby')).toBe('q-ClientDob-subtext');
    date.focus();
    fireEvent.change(date, { target: { value: '27031985' } });
    await settle();
    expect(date.value).toBe('27/03/1985');
    fireEvent.keyDown(date, { key: 'Enter' });
    await settle();
    expect(document.activeElement).not.toBe(date);
    expect(outcomes).toEqual([]);
  });
});

describe('a text question', () => {
  it('blocks typing that does not fit its pattern and offers a number keypad when numeric', async () => {
    renderPage(
      pageResponse([
        group(question('ClientCaringHours', 'Text', { text: 'How many hours?', isNumeric: true, pattern: '^[0-9]{0,3}$' }, '')),
      ]),
    );
    const hours = screen.getByLabelText('How many hours?') as HTMLInputElement;
    expect(hours.inputMode).toBe('decimal');
    fireEvent.change(hours, { target: { value: '35' } });
    await settle();
    fireEvent.change(hours, { target: { value: '35h' } });
    await settle();
    expect(hours.value).toBe('35');
  });
});

describe('every question', () => {
  it('has its text as the label, an asterisk when required, subtext, note and help behind the tooltip link', () => {
    renderPage(
      pageResponse([
        group(
          question(
            'ClientName',
            'Text',
            {
              text: 'What is your name?',
              required: true,
              subtext: 'As on your letters.',
              noteText: 'We do not keep it.',
              helpText: 'It personalises the results.',
              toolTip: 'Why do we ask?',
            },
            '',
          ),
          question('Intro', 'Label', { text: 'Now some questions about money.' }),
        ),
      ]),
    );
    const name = screen.getByLabelText(/What is your name\?/);
    expect(screen.getByText('What is your name?', { selector: 'label' }).textContent).toBe('What is your name? * (required)');
    expect(name.getAttribute('aria-describedby')).toBe('q-ClientName-subtext q-ClientName-note');
    const toggle = screen.getByRole('button', { name: 'Why do we ask?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('It personalises the results.').closest('[hidden]')).not.toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('It personalises the results.').closest('[hidden]')).toBeNull();
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Now some questions about money.')).toBeTruthy();
  });

  it('opens the help 150 ms after the pointer arrives and closes it 400 ms after it leaves; autoOpenHelpText starts it open', () => {
    jest.useFakeTimers();
    try {
      renderPage(
        pageResponse([
          group(
            question('A', 'Text', { text: 'A?', helpText: 'Help for A.', toolTip: 'Help A' }, ''),
            question('B', 'Text', { text: 'B?', helpText: 'Help for B.', toolTip: 'Help B', autoOpenHelpText: true }, ''),
          ),
        ]),
      );
      const toggle = screen.getByRole('button', { name: 'Help A' });
      expect(screen.getByRole('button', { name: 'Help B' }).getAttribute('aria-expanded')).toBe('true');
      fireEvent.mouseEnter(toggle.parentElement!);
      act(() => jest.advanceTimersByTime(149));
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      act(() => jest.advanceTimersByTime(1));
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      fireEvent.mouseLeave(toggle.parentElement!);
      act(() => jest.advanceTimersByTime(399));
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      act(() => jest.advanceTimersByTime(1));
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('an option with a pop-up message', () => {
  it('shows it in a dialog that takes focus, closes with Escape and gives focus back', async () => {
    renderPage(
      pageResponse([
        group(
          question(
            'ClientCaredForBenefit',
            'Radio',
            {
              text: 'Does the person cared for get one of these benefits?',
              options: [
                { value: 'Yes', text: 'Yes' },
                {
                  value: 'Waiting',
                  text: 'They are waiting for a decision',
                  popUp: 'Help as a carer can be claimed once their benefit is awarded.',
                },
              ],
            },
            '',
          ),
        ),
      ]),
    );
    const waiting = screen.getByLabelText('They are waiting for a decision');
    waiting.focus();
    fireEvent.click(waiting);
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Important information about your answer' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Help as a carer can be claimed once their benefit is awarded.')).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(waiting);
    expect((waiting as HTMLInputElement).checked).toBe(true);
  });
});

describe('a question whose choices come from the calculation (the Local Housing Allowance areas)', () => {
  const areas = [
    'Barnsley',
    'Birmingham',
    'Black Country',
    'Central Greater Manchester',
    'Derby',
    'Leeds',
    'Leicester',
    'Northumberland',
    'Sheffield',
    'Southern Greater Manchester',
    'Wakefield',
  ];
  const tenure = question(
    'ClientTenure',
    'Radio',
    {
      text: 'Which of these describes your home?',
      options: [
        { value: 'PrivateRent', text: 'Private' },
        { value: 'Owner', text: 'Owner' },
      ],
    },
    'PrivateRent',
  );
  const area = (options: { value: string; text: string; fromCalculation?: true }[]) =>
    question(
      'ClientLhaArea',
      'Radio',
      {
        text: 'Which Local Housing Allowance area is your home in?',
        optionsFrom: 'localHousingAllowanceAreas',
        showHide: "ClientTenure == 'PrivateRent'",
        options,
        required: true,
      },
      '',
    );
  const choices = [
    ...areas.map((name) => ({ value: name, text: name, fromCalculation: true as const })),
    { value: 'NotSure', text: 'Not sure' },
  ];

  it('with many choices, a search box narrows them, always keeping Not sure, and says how many match', async () => {
    renderPage(pageResponse([group(tenure, area(choices))]));
    const search = screen.getByLabelText('Search the 11 choices') as HTMLInputElement;
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).name === 'ClientLhaArea')).toHaveLength(12);
    fireEvent.change(search, { target: { value: 'greater man' } });
    await settle();
    const shown = screen
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).name === 'ClientLhaArea')
      .map((radio) => (radio as HTMLInputElement).value);
    expect(shown).toEqual(['Central Greater Manchester', 'Southern Greater Manchester', 'NotSure']);
    expect(screen.getByText("2 of 11 match 'greater man'.")).not.toBeNull();
    fireEvent.click(screen.getByLabelText('Southern Greater Manchester'));
    await settle();
    fireEvent.change(search, { target: { value: 'leeds' } });
    await settle();
    // The choice made stays in view with what the new search finds.
    const after = screen
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).name === 'ClientLhaArea')
      .map((radio) => (radio as HTMLInputElement).value);
    expect(after).toEqual(['Leeds', 'Southern Greater Manchester', 'NotSure']);
    expect((screen.getByLabelText('Southern Greater Manchester') as HTMLInputElement).checked).toBe(true);
  });

  it('with a few choices, plain radios', () => {
    renderPage(pageResponse([group(tenure, area(choices.slice(-4)))]));
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).name === 'ClientLhaArea')).toHaveLength(4);
  });

  it('with nothing to choose (the area is settled), it is not asked, even when its rule holds', async () => {
    renderPage(pageResponse([group(tenure, { ...area([]), show: false })]));
    fireEvent.click(screen.getByLabelText('Owner'));
    await settle();
    fireEvent.click(screen.getByLabelText('Private'));
    await settle();
    expect(screen.queryByText('Which Local Housing Allowance area is your home in?')).toBeNull();
  });
});

describe('text from the definitions', () => {
  it('turns an https address into a link that opens in a new tab, and keeps everything else as plain text', () => {
    const withLink = question('ClientLhaArea', 'Label', {
      text: 'Find your area',
      subtext: 'Search by postcode on LHA Direct: https://lha-direct.voa.gov.uk/. <b>Not bold</b>',
    });
    renderPage(pageResponse([group(withLink)]));
    const link = screen.getByRole('link', { name: /lha-direct\.voa\.gov\.uk/ }) as HTMLAnchorElement;
    expect(link.href).toBe('https://lha-direct.voa.gov.uk/');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(screen.getByText(/<b>Not bold<\/b>/)).not.toBeNull();
  });
});

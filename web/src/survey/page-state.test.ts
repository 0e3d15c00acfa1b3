import { QUESTION_TYPES } from '../../../common/survey/model';
import {
  answeredInTheOpen,
  answerQuestion,
  answersToSend,
  changePrivateAnswer,
  createPageState,
  errorList,
  reevaluateShowHide,
  withErrors,
} from './page-state';
import { group, pageResponse, partnerPage, question } from '../../../test/fixtures/web-survey';

const environment = { today: '2026-11-22', nationalLivingWageHourlyPence: 1271 };
const page = (response = partnerPage) => response.page!;

describe('answering a question', () => {
  it('shows the questions whose rules now hold, giving them their default answer', () => {
    const state = answerQuestion(createPageState(page(), { isTest: false }), 'ClientHasPartner', 'Yes', environment);
    expect(state.shown).toEqual({ ClientHasPartner: true, PartnerDob: true, PartnerWorks: true });
    expect(state.answers.PartnerDob).toBe('');
  });

  it('clears the question’s error and marks it valid', () => {
    let state = withErrors(createPageState(page(), { isTest: false }), {
      ClientHasPartner: 'Whether you live with a partner is required.',
    });
    expect(errorList(state)).toEqual([{ name: 'ClientHasPartner', message: 'Whether you live with a partner is required.' }]);
    state = answerQuestion(state, 'ClientHasPartner', 'No', environment);
    expect(state.errors.ClientHasPartner).toBe('');
    expect(errorList(state)).toEqual([]);
  });

  it('hides questions whose rules stop holding; hidden questions have no error and are not sent', () => {
    let state = answerQuestion(createPageState(page(), { isTest: false }), 'ClientHasPartner', 'Yes', environment);
    state = withErrors(state, { PartnerDob: 'Your partner’s date of birth is required.' });
    state = answerQuestion(state, 'ClientHasPartner', 'No', environment);
    expect(state.shown.PartnerDob).toBe(false);
    expect(state.errors.PartnerDob).toBe('');
    expect(answersToSend(state)).toEqual({ ClientHasPartner: 'No' });
  });

  it('settles rules that depend on other shown questions within three passes', () => {
    const chained = pageResponse([
      group(
        question('A', 'Text', {}, ''),
        question('B', 'Text', { showHide: "A == 'go'", show: false, default: 'b' }),
        question('C', 'Text', { showHide: "B == 'b'", show: false, default: 'c' }),
        question('D', 'Text', { showHide: "C == 'c'", show: false }),
      ),
    ]);
    const state = answerQuestion(createPageState(chained.page!, { isTest: false }), 'A', 'go', environment);
    expect(state.shown).toEqual({ A: true, B: true, C: true, D: true });
    expect(state.answers).toMatchObject({ B: 'b', C: 'c', D: '' });
  });

  it('keeps the current show of a question whose rule cannot be evaluated', () => {
    const broken = pageResponse([
      group(
        question('A', 'Text', {}, ''),
        question('B', 'Text', { showHide: 'age(A) > 3', show: true }),
        question('C', 'Text', { showHide: 'this is not a rule', show: false }),
      ),
    ]);
    const state = answerQuestion(createPageState(broken.page!, { isTest: false }), 'A', 'not a date', environment);
    expect(state.shown).toMatchObject({ B: true, C: false });
  });

  it('leaves a rule that reads an earlier page as the server decided', () => {
    const earlier = pageResponse([
      group(question('A', 'Text', {}, ''), question('B', 'Text', { showHide: "ClientHasPartner == 'Yes' and A == 'x'", show: true })),
    ]);
    expect(answerQuestion(createPageState(earlier.page!, { isTest: false }), 'A', 'y', environment).shown.B).toBe(true);
  });

  it('evaluates the rule the server sent with earlier answers worked in', () => {
    // The server resolved "ClientHasPartner == 'Yes' and A == 'x'" for a couple: the first part is true.
    const resolved = { all: [{ all: [] }, { fact: 'A', operator: 'equal', value: 'x' }] };
    const page = pageResponse([
      group(
        question('A', 'Text', {}, ''),
        question('B', 'Text', { showHide: "ClientHasPartner == 'Yes' and A == 'x'", parseShowHide: resolved, show: false }),
      ),
    ]);
    const state = createPageState(page.page!, { isTest: false });
    expect(answerQuestion(state, 'A', 'y', environment).shown.B).toBe(false);
    expect(answerQuestion(state, 'A', 'x', environment).shown.B).toBe(true);
  });

  it('gives a money question that comes into view its default as a weekly figure', () => {
    const money = pageResponse([
      group(
        question('Works', 'Radio', { options: [{ value: 'Yes', text: 'Yes' }] }, ''),
        question('Earnings', 'Money', { showHide: "Works == 'Yes'", show: false, default: 100 }),
      ),
    ]);
    const state = reevaluateShowHide(
      { ...createPageState(money.page!, { isTest: false }), answers: { Works: 'Yes', Earnings: null } },
      environment,
    );
    expect(state.answers.Earnings).toEqual({ weekly: 100, monthly: 433.33, yearly: 5200, period: 'Weekly' });
  });
});

describe('a page as it loads', () => {
  it('drops chosen values that are no longer options, and clears a radio answer that is not one', () => {
    const stale = pageResponse([
      group(
        question('Benefits', 'Check', { options: [{ value: 'PIP', text: 'PIP' }] }, ['PIP', 'DLA']),
        question('Tenure', 'Radio', { options: [{ value: 'Owner', text: 'Owner' }] }, 'Council'),
      ),
    ]);
    expect(createPageState(stale.page!, { isTest: false }).answers).toEqual({ Benefits: ['PIP'], Tenure: '' });
  });

  it('puts given postcode and date of birth answers behind the privacy notice, except in test mode', () => {
    const given = pageResponse([
      group(
        question('ClientDob', 'Date', {}, '01/02/1980'),
        question('PartnerDob', 'Date', {}, ''),
        question(
          'ClientPostcode',
          'Postcode',
          {},
          {
            postcode: 'SW1A 1AA',
            authority: 'Westminster',
            authorityCode: 'E09000033',
            country: 'England',
            latitude: null,
            longitude: null,
            option: false,
          },
        ),
        question('ClientName', 'Text', {}, 'Sam'),
      ),
    ]);
    expect(createPageState(given.page!, { isTest: false }).privacyNotice).toEqual({
      ClientDob: true,
      PartnerDob: false,
      ClientPostcode: true,
      ClientName: false,
    });
    expect(Object.values(createPageState(given.page!, { isTest: true }).privacyNotice)).toEqual([false, false, false, false]);
  });

  it('leaves out the notice for an answer given in the open in this tab, and names those a page shows in the open', () => {
    const given = pageResponse([
      group(
        question('ClientDob', 'Date', {}, '01/02/1980'),
        question(
          'ClientPostcode',
          'Postcode',
          {},
          {
            postcode: 'M1 1AD',
            authority: 'Manchester',
            authorityCode: 'E08000003',
            country: 'England',
            latitude: null,
            longitude: null,
            option: false,
          },
        ),
      ),
    ]);
    const state = createPageState(given.page!, { isTest: false, answeredHere: (name) => name === 'ClientDob' });
    expect(state.privacyNotice).toEqual({ ClientDob: false, ClientPostcode: true });
    // Only what the person could see counts as seen: the postcode behind its notice does not.
    expect(answeredInTheOpen(state)).toEqual(['ClientDob']);
    expect(answeredInTheOpen(changePrivateAnswer(state, 'ClientPostcode', environment))).toEqual(['ClientDob']);
  });

  it('‘Change your answer’ clears the answer and the notice for good', () => {
    const given = pageResponse([group(question('ClientDob', 'Date', {}, '01/02/1980'))]);
    const state = changePrivateAnswer(createPageState(given.page!, { isTest: false }), 'ClientDob', environment);
    expect(state.answers.ClientDob).toBe('');
    expect(state.privacyNotice.ClientDob).toBe(false);
  });

  it('brings an answer with an error out from behind its notice', () => {
    const given = pageResponse([group(question('ClientDob', 'Date', {}, '01/02/1980'))]);
    const state = withErrors(createPageState(given.page!, { isTest: false }), { ClientDob: 'Your date of birth must be over 18' });
    expect(state.privacyNotice.ClientDob).toBe(false);
  });

  it('sends no answer for a Label', () => {
    const labelled = pageResponse([
      group({ ...question('Intro', 'Label'), questionType: QUESTION_TYPES.Label }, question('ClientName', 'Text', {}, 'Sam')),
    ]);
    expect(answersToSend(createPageState(labelled.page!, { isTest: false }))).toEqual({ ClientName: 'Sam' });
  });
});

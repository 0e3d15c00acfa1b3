import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NATIONS_FILE, Nations } from '../../../engine/nations.js';
import { loadLocalHousingAllowance } from '../../../engine/load.js';
import type { PostcodeAnswer, QuestionDefinition } from '../../../common/survey/model.js';
import { hasChoices, lhaAreaChoice, questionFor } from './lha-area-choice.js';

const lha = loadLocalHousingAllowance();
const postcode = (authorityCode: string, authority: string, country: PostcodeAnswer['country'] = 'England'): PostcodeAnswer => ({
  postcode: 'LE67 1AA',
  authority,
  authorityCode,
  country,
  latitude: null,
  longitude: null,
  option: false,
});
const nations = Nations.fromJson(readFileSync(resolve(NATIONS_FILE), 'utf8'));
const belfast = (code: string): PostcodeAnswer => ({ ...postcode('N09000003', 'Belfast', 'Northern Ireland'), postcode: code });
const question: QuestionDefinition = {
  name: 'ClientLhaArea',
  questionType: 'Radio',
  optionsFrom: 'localHousingAllowanceAreas',
  text: 'Which Local Housing Allowance area is your home in?',
  options: [{ value: 'NotSure', text: 'Not sure' }],
};

describe('lhaAreaChoice', () => {
  it("in Northern Ireland the postcode district settles the area (the Housing Executive's list), whatever the council", () => {
    expect(lhaAreaChoice(lha, belfast('bt9 5ab'), null, nations)).toEqual({
      settled: { area: 'Belfast', by: 'POSTCODE' },
      candidates: [],
      council: 'Belfast',
    });
    // Newry, Mourne and Down is split between areas: its BT34 is South, its BT30 South East.
    const newry = (code: string) => ({ ...postcode('N09000010', 'Newry, Mourne and Down', 'Northern Ireland'), postcode: code });
    expect(lhaAreaChoice(lha, newry('BT34 1AA'), null, nations)?.settled).toEqual({ area: 'South', by: 'POSTCODE' });
    expect(lhaAreaChoice(lha, newry('BT30 6AA'), null, nations)?.settled).toEqual({ area: 'South East', by: 'POSTCODE' });
    // A district the lists disagree on is asked, between those two areas only.
    expect(lhaAreaChoice(lha, newry('BT33 0AA'), null, nations)).toEqual({
      settled: null,
      candidates: ['South East', 'South'],
      council: 'Newry, Mourne and Down',
    });
  });

  it("the operator's postcode lookup still comes first, and a district not listed falls back to the council", () => {
    expect(lhaAreaChoice(lha, belfast('BT9 5AB'), 'North', nations)?.settled).toEqual({ area: 'North', by: 'POSTCODE' });
    expect(lhaAreaChoice(lha, belfast('BT99 1AA'), null, nations)?.settled?.by).not.toBe('POSTCODE');
    // Without the file (Nations.NONE) nothing is settled by district.
    expect(lhaAreaChoice(lha, belfast('BT9 5AB'), null)?.settled?.by).not.toBe('POSTCODE');
  });

  it('names only Local Housing Allowance areas in the districts file', () => {
    const unknown = nations.rentAreasNamed().filter(({ area }) => !lha.areaNamed(area));
    expect(nations.rentAreasNamed().length).toBe(8);
    expect(unknown).toEqual([]);
  });

  it('a council split between areas offers its areas', () => {
    const choice = lhaAreaChoice(lha, postcode('E07000134', 'North West Leicestershire'), null);
    expect(choice).toEqual({
      settled: null,
      candidates: ['Leicester', 'Eastern Staffordshire', 'Derby'],
      council: 'North West Leicestershire',
    });
  });

  it("the operator's postcode lookup settles it even in a split council", () => {
    expect(lhaAreaChoice(lha, postcode('E07000134', 'North West Leicestershire'), 'derby')).toEqual({
      settled: { area: 'Derby', by: 'POSTCODE' },
      candidates: [],
      council: 'North West Leicestershire',
    });
  });

  it('a council wholly in one area settles it', () => {
    expect(lhaAreaChoice(lha, postcode('E06000043', 'Brighton and Hove'), null)?.settled).toEqual({
      area: 'Brighton and Hove',
      by: 'LOCAL_AUTHORITY',
    });
  });

  it('without a council the areas of the nation are offered', () => {
    const choice = lhaAreaChoice(lha, postcode('', '', 'Wales'), null)!;
    expect(choice.settled).toBeNull();
    expect(choice.candidates).toHaveLength(22);
  });

  it('nothing to place without a postcode answer, or for a rough sleeper', () => {
    expect(lhaAreaChoice(lha, undefined, null)).toBeNull();
    expect(lhaAreaChoice(lha, { ...postcode('', '', 'England'), postcode: '', option: true }, null)).toBeNull();
  });
});

describe('questionFor', () => {
  it("puts the candidate areas before the question's own 'Not sure'", () => {
    const asked = questionFor(question, { settled: null, candidates: ['Leicester', 'Derby'], council: null });
    expect(asked.options).toEqual([
      { value: 'Leicester', text: 'Leicester', fromCalculation: true },
      { value: 'Derby', text: 'Derby', fromCalculation: true },
      { value: 'NotSure', text: 'Not sure' },
    ]);
    expect(hasChoices(question, { settled: null, candidates: ['Leicester'], council: null })).toBe(true);
  });

  it('with the area settled there is nothing to choose, so the question is not asked', () => {
    const settled = { settled: { area: 'Derby', by: 'POSTCODE' as const }, candidates: [], council: null };
    expect(questionFor(question, settled).options).toEqual([]);
    expect(hasChoices(question, settled)).toBe(false);
    expect(hasChoices(question, null)).toBe(false);
  });

  it('leaves every other question as it is', () => {
    const other: QuestionDefinition = {
      name: 'ClientTenure',
      questionType: 'Radio',
      text: 'Your home',
      options: [{ value: 'Owner', text: 'Owner' }],
    };
    expect(questionFor(other, null)).toBe(other);
    expect(hasChoices(other, null)).toBe(true);
  });
});

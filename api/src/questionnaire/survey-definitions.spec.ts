import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import {
  checkSurveyDefinition,
  definitionsCheckReport,
  loadSurveyDefinition,
  PAGES_FOLDER,
  SURVEY_FILE,
  SurveyDefinitionError,
  type DefinitionFiles,
} from './survey-definitions.js';

/** Parsed JSON that the tests edit freely. */
type Json = Record<string, any>;

/** The shipped definitions, read once; each test edits a copy in memory. */
const SHIPPED: ReadonlyMap<string, string> = new Map([
  [SURVEY_FILE, readFileSync(join(DEFINITIONS_DIR, SURVEY_FILE), 'utf8')],
  ...readdirSync(join(DEFINITIONS_DIR, PAGES_FOLDER)).map(
    (name) => [`${PAGES_FOLDER}/${name}`, readFileSync(join(DEFINITIONS_DIR, PAGES_FOLDER, name), 'utf8')] as const,
  ),
]);

function inMemory(files: ReadonlyMap<string, string>): DefinitionFiles {
  return {
    readText: (path) => files.get(path) ?? null,
    list: (folder) =>
      [...files.keys()]
        .filter((path) => path.startsWith(`${folder}/`))
        .map((path) => path.slice(folder.length + 1))
        .sort(),
    shown: (path) => `definitions/${path}`,
  };
}

/** The problems of the shipped definitions after `edit` changes the parsed JSON of some files. */
function problemsAfter(edit: (json: (path: string) => Json, files: Map<string, string>) => void): string[] {
  const files = new Map(SHIPPED);
  const edited = new Map<string, Json>();
  const json = (path: string) => {
    if (!edited.has(path)) edited.set(path, JSON.parse(files.get(path)!) as Json);
    return edited.get(path)!;
  };
  edit(json, files);
  for (const [path, value] of edited) files.set(path, JSON.stringify(value));
  return checkSurveyDefinition(inMemory(files)).problems;
}

const page = (name: string) => `${PAGES_FOLDER}/${name}.json`;

/** The question called `name` in a page's JSON. */
function question(pageJson: Json, name: string): Json {
  for (const group of pageJson.fields) for (const found of group.questions) if (found.name === name) return found;
  throw new Error(`No question ${name}`);
}

describe('checkSurveyDefinition', () => {
  it('accepts the shipped definitions', () => {
    const check = checkSurveyDefinition(inMemory(SHIPPED));
    expect(check.problems).toEqual([]);
    expect(check.survey?.pages[0].name).toBe('where-you-live');
    expect(check.survey?.pages.at(-1)?.name).toBe('finish');
  });

  describe('files', () => {
    it('survey.json missing', () => {
      expect(problemsAfter((_, files) => files.delete(SURVEY_FILE))).toContain('definitions/survey/survey.json: is missing.');
    });

    it('a page that is not valid JSON', () => {
      const problems = problemsAfter((_, files) => files.set(page('about-you'), '{ "name": "about-you", '));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^definitions\/survey\/pages\/about-you\.json: is not valid JSON \(.+\)\.$/);
    });

    it('a listed page without a file, and a page file that is not listed', () => {
      const problems = problemsAfter((_, files) => {
        files.set(page('about-me'), files.get(page('about-you'))!);
        files.delete(page('about-you'));
      });
      expect(problems).toContain('definitions/survey/pages/about-you.json: is missing.');
      expect(problems).toContain(
        'definitions/survey/pages/about-me.json: is not listed in survey/survey.json, so it would never be shown.',
      );
    });

    it('an unknown field and a page listed twice in survey.json', () => {
      const problems = problemsAfter((json) => {
        json(SURVEY_FILE).version = 2;
        json(SURVEY_FILE).pages.splice(2, 0, 'about-you');
      });
      expect(problems).toContain('definitions/survey/survey.json: version is not a known field (allowed: pages).');
      expect(problems).toContain('definitions/survey/survey.json: pages[2] "about-you" is listed twice.');
    });
  });

  describe('pages', () => {
    it('a name that is not the file name, a missing title, an unknown header type and an unknown field', () => {
      const problems = problemsAfter((json) => {
        Object.assign(json(page('caring')), { name: 'carers', title: '', headerType: 'Carers', colour: 'red' });
      });
      expect(problems).toEqual([
        'definitions/survey/pages/caring.json: colour is not a known field (allowed: name, title, text, headerType, showHide, isExitPage, fields).',
        'definitions/survey/pages/caring.json: name must be "caring", the file\'s name.',
        'definitions/survey/pages/caring.json: title must be non-empty text.',
        'definitions/survey/pages/caring.json: headerType must be one of Normal, Calculator, Benefits, Health, Carer, Children, Home, Money, Capital, TaxCredits, Results.',
      ]);
    });

    it('no field groups', () => {
      expect(problemsAfter((json) => (json(page('studying')).fields = []))).toContain(
        'definitions/survey/pages/studying.json: fields must be a list of field groups, each with its questions.',
      );
    });

    it('an exit page with a required question, or without a rule saying who it is for', () => {
      const problems = problemsAfter((json) => {
        const exit = json(page('public-funds'));
        delete exit.showHide;
        exit.fields[0].questions.push({ name: 'ExitFeedback', questionType: 'Text', text: 'Anything else?', required: true });
      });
      expect(problems).toContain(
        'definitions/survey/pages/public-funds.json: ExitFeedback: an exit page has no Next button, so its questions cannot be required.',
      );
      expect(problems).toContain(
        'definitions/survey/pages/public-funds.json: an exit page needs a showHide rule saying who it is for; without one it would end every calculation.',
      );
    });

    it('finish must be the last page, always apply, and show the Results header', () => {
      expect(problemsAfter((json) => json(SURVEY_FILE).pages.reverse())).toContain(
        'definitions/survey/survey.json: the last page must be "finish", where Next shows the results.',
      );
      const problems = problemsAfter((json) =>
        Object.assign(json(page('finish')), { showHide: "ClientHasPartner == 'Yes'", headerType: 'Normal' }),
      );
      expect(problems).toContain(
        'definitions/survey/pages/finish.json: the finish page must always apply, so it must not have a showHide rule.',
      );
      expect(problems).toContain('definitions/survey/pages/finish.json: headerType of the finish page must be Results.');
    });

    it('the first page starts every calculation, so it always applies', () => {
      expect(problemsAfter((json) => (json(page('where-you-live')).showHide = 'true'))).toContain(
        'definitions/survey/pages/where-you-live.json: the first page starts every calculation, so it must not have a showHide rule.',
      );
    });
  });

  describe('questions', () => {
    const edit = (pageName: string, name: string, change: (question: Json) => void) =>
      problemsAfter((json) => change(question(json(page(pageName)), name)));

    it('an unknown field (a misspelt one is not silently ignored)', () => {
      expect(edit('about-you', 'ClientDob', (found) => (found.helptext = 'x'))).toContain(
        'definitions/survey/pages/about-you.json: ClientDob: helptext is not a known field (allowed: name, questionType, text, subtext, noteText, helpText, toolTip, validation, pattern, prefix, showHide, autoOpenHelpText, required, isNumeric, isDate18, minimumAge, dueDate, options, default, minValue, maxValue, postcodePage, optionsFrom).',
      );
    });

    it('a name the rule language cannot read', () => {
      expect(
        problemsAfter((json) => json(page('caring')).fields[0].questions.push({ name: 'Client.Caring', questionType: 'Label', text: 'x' })),
      ).toContain(
        'definitions/survey/pages/caring.json: fields[0].questions[3].name must be a question name of letters and digits, starting with a letter, such as "ClientDob".',
      );
    });

    it('the same name twice in the survey, naming both files', () => {
      expect(
        problemsAfter((json) => json(page('finish')).fields[0].questions.push({ name: 'ClientDob', questionType: 'Label', text: 'x' })),
      ).toContain(
        'definitions/survey/pages/finish.json: ClientDob: the name is already used by a question in definitions/survey/pages/about-you.json; question names must be unique in the whole survey.',
      );
    });

    it('an unknown question type, no text, and a flag that is not true or false', () => {
      const problems = edit('caring', 'ClientIsCarer', (found) =>
        Object.assign(found, { questionType: 'YesNo', text: ' ', required: 'yes' }),
      );
      expect(problems).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: questionType must be one of Radio, Select, Text, Date, Check, Postcode, Money, Label, Council.',
      );
      expect(problems).toContain('definitions/survey/pages/caring.json: ClientIsCarer: text must be non-empty text.');
      expect(problems).toContain('definitions/survey/pages/caring.json: ClientIsCarer: required must be true or false.');
    });

    it('options only on Radio, Select, Check and Council; needed there; values unique; no unknown fields', () => {
      expect(edit('caring', 'ClientCaringHours', (found) => (found.options = [{ value: '35', text: '35' }]))).toContain(
        'definitions/survey/pages/caring.json: ClientCaringHours: options are only for Radio, Select, Check and Council questions.',
      );
      expect(edit('caring', 'ClientIsCarer', (found) => (found.options = []))).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: options must be a non-empty list of { "value", "text" }.',
      );
      expect(edit('childcare', 'ClientChildcareCosts', (found) => (found.default = -5))).toContain(
        'definitions/survey/pages/childcare.json: ClientChildcareCosts: default of a Money question must be a weekly amount in pounds.',
      );
      expect(edit('caring', 'ClientIsCarer', (found) => delete found.options)).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: options is required: a non-empty list of { "value", "text" }.',
      );
      const problems = edit('caring', 'ClientIsCarer', (found) => found.options.push({ value: 'Yes', text: 'Yes', help: 'x' }));
      expect(problems).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: options[2].help is not a known field (allowed: value, text, popUp, icon).',
      );
      expect(problems).toContain('definitions/survey/pages/caring.json: ClientIsCarer: options[2].value "Yes" is used twice.');
    });

    it('a default that is not one of the options', () => {
      expect(edit('caring', 'ClientIsCarer', (found) => (found.default = 'Maybe'))).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: default must be one of its option values.',
      );
    });

    it('a required Label, and help links without help text', () => {
      const problems = edit('finish', 'ResultsReady', (found) => Object.assign(found, { required: true, toolTip: 'More' }));
      expect(problems).toContain('definitions/survey/pages/finish.json: ResultsReady: required must not be true: a Label has no answer.');
      expect(problems).toContain(
        'definitions/survey/pages/finish.json: ResultsReady: helpText is required: toolTip and autoOpenHelpText open the help text.',
      );
    });

    it('settings on question types they do not belong to, limits the wrong way round, a broken pattern', () => {
      const problems = edit('caring', 'ClientIsCarer', (found) =>
        Object.assign(found, { isNumeric: true, isDate18: true, maxValue: 3, postcodePage: 1 }),
      );
      expect(problems).toEqual(
        expect.arrayContaining([
          'definitions/survey/pages/caring.json: ClientIsCarer: maxValue is only for Text and Money questions.',
          'definitions/survey/pages/caring.json: ClientIsCarer: isNumeric is only for Text questions.',
          'definitions/survey/pages/caring.json: ClientIsCarer: isDate18 is only for Date questions.',
          'definitions/survey/pages/caring.json: ClientIsCarer: postcodePage is only for Council questions.',
        ]),
      );
      const limits = edit('caring', 'ClientCaringHours', (found) => Object.assign(found, { minValue: 200, pattern: '([0-9]' }));
      expect(limits).toContain('definitions/survey/pages/caring.json: ClientCaringHours: minValue must not be more than maxValue.');
      expect(limits).toContain('definitions/survey/pages/caring.json: ClientCaringHours: pattern is not a valid regular expression.');
    });

    it("a Council question's postcode page and its options", () => {
      const problems = edit('council-tax', 'ClientCouncilTaxBand', (found) => {
        found.postcodePage = 2;
        found.options.push({ value: 'Band J', text: 'Band J' });
      });
      expect(problems).toContain(
        'definitions/survey/pages/council-tax.json: ClientCouncilTaxBand: postcodePage must be 1, the page that asks ClientPostcode.',
      );
      expect(problems).toContain(
        'definitions/survey/pages/council-tax.json: ClientCouncilTaxBand: options[10].value must be one of Band A, Band B, Band C, Band D, Band E, Band F, Band G, Band H, Band I, NotKnown.',
      );
    });

    it("a Council question offers no 'Lookup' option: the look-up is the question's own", () => {
      const problems = edit('council-tax', 'ClientCouncilTaxBand', (found) => {
        found.options.push({ value: 'Lookup', text: 'Look this up for me' });
      });
      expect(problems).toContain(
        'definitions/survey/pages/council-tax.json: ClientCouncilTaxBand: options[10] "Lookup" is not needed: the question offers \'Look this up for me\' itself where addresses are loaded for the postcode, and stores the band found.',
      );
    });
  });

  describe('show/hide rules', () => {
    const rule = (pageName: string, name: string, showHide: string) =>
      problemsAfter((json) => (question(json(page(pageName)), name).showHide = showHide));

    it('a rule that does not parse, with the reason and where', () => {
      const problems = rule('about-you', 'PartnerDob', "ClientHasPartner = 'Yes'");
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^definitions\/survey\/pages\/about-you\.json: PartnerDob: showHide does not parse: .+ at position \d+\.$/,
      );
    });

    it('an unknown function is caught before anyone answers', () => {
      expect(rule('studying', 'ClientStudent', 'pensionAge(ClientDob)')[0]).toMatch(/ClientStudent: showHide does not parse: .*pensionAge/);
    });

    it('a question that does not exist', () => {
      expect(rule('about-you', 'PartnerDob', "ClientHasAPartner == 'Yes'")).toContain(
        'definitions/survey/pages/about-you.json: PartnerDob: showHide names "ClientHasAPartner", which is not a question in the survey.',
      );
    });

    it('a question asked on a later page', () => {
      expect(rule('about-you', 'PartnerDob', "ClientTenure == 'Owner'")).toContain(
        'definitions/survey/pages/about-you.json: PartnerDob: showHide names "ClientTenure", which is asked later, on page "your-home".',
      );
    });

    it("a page rule reading the page's own questions", () => {
      expect(problemsAfter((json) => (json(page('caring')).showHide = "ClientIsCarer == 'Yes'"))).toContain(
        'definitions/survey/pages/caring.json: showHide names "ClientIsCarer", which is asked on page "caring": a page\'s rule can only read answers from earlier pages.',
      );
    });

    it('its own question, and a Label', () => {
      expect(rule('caring', 'ClientIsCarer', "ClientIsCarer == 'Yes'")).toContain(
        'definitions/survey/pages/caring.json: ClientIsCarer: showHide names its own question "ClientIsCarer".',
      );
      expect(rule('finish', 'ResultsReady', "PublicFundsAdvice == 'x'")).toContain(
        'definitions/survey/pages/finish.json: ResultsReady: showHide names "PublicFundsAdvice", a Label, which has no answer.',
      );
    });

    it('a part of an answer its type does not have, and has on a question that is not a Check', () => {
      const problems = rule('caring', 'ClientCaringHours', "ClientDob.country == 'Wales' or ClientHasPartner has 'Yes'");
      expect(problems).toContain(
        'definitions/survey/pages/caring.json: ClientCaringHours: showHide reads "ClientDob.country", but only a Postcode answer has that part.',
      );
      expect(problems).toContain(
        'definitions/survey/pages/caring.json: ClientCaringHours: showHide uses \'has\' on "ClientHasPartner", which is not a Check question.',
      );
    });

    it('a value the question can never have (a typo)', () => {
      expect(rule('about-you', 'PartnerDob', "ClientHasPartner == 'yes'")).toContain(
        'definitions/survey/pages/about-you.json: PartnerDob: showHide compares "ClientHasPartner" with \'yes\', which is not one of its option values (Yes, No).',
      );
    });
  });

  describe('special names and the questions the household mapping reads', () => {
    it('a special name that is missing or of the wrong type', () => {
      const problems = problemsAfter((json) => {
        question(json(page('about-you')), 'ClientDob').name = 'ClientDateOfBirth';
        question(json(page('your-home')), 'ClientRent').questionType = 'Text';
      });
      expect(problems).toContain(
        'definitions/survey/survey.json: no question is named "ClientDob" (a special name in common/survey/model.ts).',
      );
      expect(problems).toContain(
        'definitions/survey/pages/your-home.json: ClientRent: questionType must be Money (a special name in common/survey/model.ts).',
      );
    });

    it('child dates of birth are ChildDob1 to ChildDob10', () => {
      expect(problemsAfter((json) => (question(json(page('children')), 'ChildDob10').name = 'ChildDob11'))).toEqual(
        expect.arrayContaining([
          'definitions/survey/survey.json: no question is named "ChildDob10" (a special name in common/survey/model.ts).',
          "definitions/survey/pages/children.json: ChildDob11: names starting ChildDob are the children's dates of birth, ChildDob1 to ChildDob10.",
        ]),
      );
    });

    it("ClientTenure's options are exactly the TENURES", () => {
      expect(problemsAfter((json) => question(json(page('your-home')), 'ClientTenure').options.splice(2, 1))).toContain(
        'definitions/survey/pages/your-home.json: ClientTenure: option values must be exactly SocialRent, PrivateRent, TemporaryAccommodation, SupportedAccommodation, Owner, SharedOwnership, LivingWithFamily (the TENURES of common/survey/model.ts); missing TemporaryAccommodation.',
      );
    });

    it("the capital band keeps '£5,001 - £16,000', the band whose amount is checked, and an amount typed as text is numeric", () => {
      const problems = problemsAfter((json) => {
        question(json(page('savings')), 'ClientCapitalBand').options[1].value = '£5,001 to £16,000';
        delete question(json(page('savings')), 'ClientCurrentCapital').isNumeric;
      });
      expect(problems).toContain(
        "definitions/survey/pages/savings.json: ClientCapitalBand: one option's value must be '£5,001 - £16,000'.",
      );
      expect(problems).toContain(
        'definitions/survey/pages/savings.json: ClientCurrentCapital: a Text question for an amount must be isNumeric.',
      );
    });

    it('an option value the household mapping looks for', () => {
      expect(
        problemsAfter((json) => {
          const work = question(json(page('your-work')), 'ClientWork');
          work.options = work.options.filter((option: Json) => option.value !== 'SelfEmployed');
          for (const found of json(page('your-work')).fields[0].questions) {
            if (typeof found.showHide === 'string') found.showHide = "ClientWork has 'Employed'";
          }
          json(page('childcare')).showHide = "ChildCount >= 1 and ClientWork has 'Employed'";
        }),
      ).toEqual([
        'definitions/survey/pages/your-work.json: ClientWork: options must include SelfEmployed (the household mapping in engine/household-mapping/household-mapping.ts reads it).',
      ]);
    });

    it('a question the household mapping reads, renamed', () => {
      expect(
        problemsAfter((json) => {
          question(json(page('your-home')), 'ClientBedrooms').name = 'ClientBedroomCount';
        }),
      ).toEqual([
        'definitions/survey/survey.json: no question is named "ClientBedrooms" (the household mapping in engine/household-mapping/household-mapping.ts reads it).',
      ]);
    });
  });
});

describe('loadSurveyDefinition', () => {
  it('loads the shipped definitions', () => {
    const survey = loadSurveyDefinition(DEFINITIONS_DIR);
    expect(survey.pages.map((found) => found.name)).toContain('your-home');
  });

  it('throws one error listing every problem', () => {
    expect(() => loadSurveyDefinition(join(DEFINITIONS_DIR, 'no-such-folder'))).toThrow(SurveyDefinitionError);
    expect(() => loadSurveyDefinition(join(DEFINITIONS_DIR, 'no-such-folder'))).toThrow(
      /The questionnaire definitions have 1 problem:\n.*definitions\/no-such-folder\/survey\/survey\.json: is missing\./,
    );
  });
});

describe('definitionsCheckReport', () => {
  it('counts pages, questions and rules when all is well', () => {
    expect(definitionsCheckReport({ survey: { pages: [] }, problems: [], counts: { pages: 20, questions: 143, rules: 129 } })).toEqual({
      ok: true,
      lines: ['20 pages, 143 questions, 129 rules: all good'],
    });
  });

  it('prints each problem', () => {
    expect(
      definitionsCheckReport({ survey: null, problems: ['a.json: x.', 'b.json: y.'], counts: { pages: 0, questions: 0, rules: 0 } }),
    ).toEqual({
      ok: false,
      lines: ['a.json: x.', 'b.json: y.'],
    });
  });
});

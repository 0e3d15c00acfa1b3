import { isScaleValue, type EditProblem, type PolicyEdit } from '../../common/policy/model.js';
import { councilTaxYearWords, lhaSchemeWords } from '../../common/policy/words.js';
import { ExtraHelpDefinitionsError } from '../extra-help/definitions.js';
import { checkedCaseFile, CASE_FILE } from '../core/cases.js';
import { RulesetError } from '../core/ruleset.js';
import { dateInWords } from '../../common/dates/calendar.js';
import { ParameterFilesError, RATES_HELD_FILE, type ParameterProblem } from '../parameters/parameter-set.js';
import { officialSourceProblem } from '../parameters/official-sources.js';
import { Contract } from '../schemas/json-schema.js';
import { CALCULATION_REQUEST } from '../validate-request.js';
import { EXTRA_HELP_FOLDER, loadEntitlementEngineFrom, PARAMETERS_FOLDER, RULESETS_FOLDER } from '../load.js';
import { LHA_FILES } from '../local-housing-allowance.js';
import { BAND_D_FILE, councilSchemeFileName, SCHEMES_FOLDER } from '../benefits/council-tax-reduction-data.js';
import { overlayFiles, type SourceFiles } from '../source-files.js';
import type { EntitlementEngine } from '../core/entitlement-engine.js';

/**
 * A policy change set's edits laid over the repository's files (issue 19). Each edit changes one file exactly as a
 * person editing its JSON would; the files it makes are then checked by the loaders that check the repository
 * (the same schemas, the same cross-references), and every problem is reported at the edit and field it concerns.
 */

export const POLICY_EDIT = Contract.named('policy-edit.schema.json', 'is not a field this kind of edit takes.');

/** The page files of the questionnaire and the cases a change set adds, relative to the repository. */
export const SURVEY_PAGES_FOLDER = 'definitions/survey/pages';
export const WORKBENCH_CASES_FILE = 'workbench.json';

type Json = Record<string, unknown>;

/** The repository file an edit changes. */
export function editTarget(edit: PolicyEdit): string {
  switch (edit.kind) {
    case 'parameter-value':
      return `${PARAMETERS_FOLDER}/${edit.parameter}.json`;
    case 'rates-held':
      return `${PARAMETERS_FOLDER}/${RATES_HELD_FILE}`;
    case 'lha-rates-held':
      return edit.scheme === 'universal-credit' ? LHA_FILES.rates : LHA_FILES.housingBenefitRates;
    case 'band-d':
      return BAND_D_FILE;
    case 'lha-rates':
      return edit.scheme === 'universal-credit' ? LHA_FILES.rates : LHA_FILES.housingBenefitRates;
    case 'ctr-scheme':
      return `${SCHEMES_FOLDER}/${councilSchemeFileName(edit.authority, edit.name)}`;
    case 'lha-council-areas':
      return LHA_FILES.localAuthorityAreas;
    case 'rule':
      return `${RULESETS_FOLDER}/${edit.ruleset}/ruleset.json`;
    case 'question':
      return `${SURVEY_PAGES_FOLDER}/${edit.page}.json`;
    case 'extra-help-item':
      return `${EXTRA_HELP_FOLDER}/categories/${edit.category}.json`;
    case 'case':
      return `${RULESETS_FOLDER}/${edit.ruleset}/cases/${WORKBENCH_CASES_FILE}`;
  }
}

/** Why an edit cannot be made to its file (the thing it names is not there), as a field problem. */
class EditTargetError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function listOf(json: Json, key: string): Json[] {
  const list = json[key];
  if (!Array.isArray(list)) throw new EditTargetError('', `The file has no list '${key}' to change.`);
  return list as Json[];
}

/** Every question of a page (they sit in `fields[].questions[]`). */
function questionsOf(page: Json): Json[] {
  return listOf(page, 'fields').flatMap((field) => (Array.isArray(field.questions) ? (field.questions as Json[]) : []));
}

/** The placeholder a draft's value without a source carries, so the draft loads; publishing refuses it. */
function sourcePending(parameter: Json): Json {
  const legislation = asObject(parameter.legislation);
  return { title: 'Official source to be added before publishing', url: legislation.url };
}

/**
 * The file's JSON with the edit made. `current` is null when there is no such file yet (only a new case file may
 * be made). Pure: `current` is not changed.
 */
export function applyEdit(current: unknown, edit: PolicyEdit): unknown {
  // A case file, and a council's scheme file, may be new.
  if (current === null && edit.kind !== 'case' && edit.kind !== 'ctr-scheme')
    throw new EditTargetError(fieldNaming(edit), `There is no ${describeTarget(edit)}.`);
  const json = structuredClone(asObject(current));
  switch (edit.kind) {
    case 'parameter-value': {
      const values = listOf(json, 'values').filter((value) => value.from !== edit.from);
      // A scale's file holds its bands as `brackets`; a single rate's holds `value`.
      const entry: Json = isScaleValue(edit.value)
        ? { from: edit.from, brackets: edit.value.brackets, source: edit.source ?? sourcePending(json) }
        : { from: edit.from, value: edit.value, source: edit.source ?? sourcePending(json) };
      if (edit.note) entry.note = edit.note;
      values.push(entry);
      values.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      json.values = values;
      return json;
    }
    case 'rates-held':
      json.until = edit.until;
      return json;
    case 'lha-rates-held':
      json.until = edit.until;
      json.untilSource = edit.source ?? { title: 'Official source to be added before publishing', url: asObject(json.legislation).url };
      return json;
    case 'lha-rates': {
      const areas = listOf(json, 'areas');
      let area = areas.find((candidate) => candidate.name === edit.area);
      if (!area && edit.scheme === 'housing-benefit') {
        // The weekly file lists only the areas whose published figures are held: a new one is added in order.
        area = { name: edit.area, values: [] };
        areas.push(area);
        areas.sort((a, b) => String(a.name).localeCompare(String(b.name)));
      }
      if (!area) throw new EditTargetError('area', `No Local Housing Allowance area is named ‘${edit.area}’.`);
      const values = listOf(area, 'values').filter((value) => value.from !== edit.from);
      values.push({
        from: edit.from,
        ...edit.rates,
        source: edit.source ?? { title: 'Official source to be added before publishing', url: asObject(json.legislation).url },
      });
      values.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      area.values = values;
      return json;
    }
    case 'ctr-scheme': {
      const values = current === null ? [] : listOf(json, 'values');
      const from = schemeFrom(edit.year);
      const entry: Json = {
        from,
        ...edit.scheme,
        source: edit.source ?? { title: 'Official source to be added before publishing', url: 'https://www.gov.uk/council-tax-reduction' },
      };
      const kept = values.filter((value) => value.from !== from);
      kept.push(entry);
      kept.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      return { localAuthority: edit.authority, name: current === null ? edit.name : json.name, values: kept };
    }
    case 'lha-council-areas': {
      const council = listOf(json, 'authorities').find((candidate) => candidate.localAuthority === edit.authority);
      if (!council) throw new EditTargetError('authority', `No council with the code ${edit.authority} is held.`);
      // The name guards against a mistyped code changing another council's areas.
      if (council.name !== edit.name)
        throw new EditTargetError('name', `The council with the code ${edit.authority} is ${String(council.name)}, not ${edit.name}.`);
      council.brmas = edit.areas;
      council.split = edit.areas.length > 1;
      // Confirmed by the page given; until it is, the row stays as unconfirmed as it was.
      council.confirmed = edit.source !== null;
      council.sources = edit.source ? [edit.source] : [];
      return json;
    }
    case 'band-d': {
      const authorities = asObject(json.authorities);
      edit.figures.forEach(({ authority, bandD }, index) => {
        const council = authorities[authority];
        if (!council) throw new EditTargetError(`figures[${index}].authority`, `No council with the code ${authority} is held.`);
        const entry: Json = {
          year: edit.year,
          bandD,
          source: edit.source ?? { title: 'Official source to be added before publishing', url: asObject(json.compiledFrom).url },
        };
        const values = listOf(asObject(council), 'values').filter((value) => value.year !== edit.year);
        values.push(entry);
        values.sort((a, b) => String(a.year).localeCompare(String(b.year)));
        (council as Json).values = values;
      });
      return json;
    }
    case 'rule': {
      const rule = listOf(json, 'rules').find((candidate) => candidate.name === edit.rule);
      if (!rule) throw new EditTargetError('rule', `The ${edit.ruleset} ruleset has no rule named '${edit.rule}'.`);
      rule.conditions = edit.conditions;
      if (edit.description !== undefined) rule.description = edit.description;
      return json;
    }
    case 'question': {
      const question = questionsOf(json).find((candidate) => candidate.name === edit.question);
      if (!question) throw new EditTargetError('question', `The page '${edit.page}' has no question named '${edit.question}'.`);
      if (edit.text !== undefined) question.text = edit.text;
      if (edit.helpText !== undefined) question.helpText = edit.helpText;
      if (edit.showHide === null) delete question.showHide;
      else if (edit.showHide !== undefined) question.showHide = edit.showHide;
      return json;
    }
    case 'extra-help-item': {
      const items = listOf(json, 'items');
      const name = edit.item.name;
      const at = items.findIndex((candidate) => candidate.name === name);
      if (at >= 0) items[at] = edit.item;
      else items.push(edit.item);
      return json;
    }
    case 'case': {
      const cases = Array.isArray(json.cases) ? (json.cases as Json[]) : [];
      const at = cases.findIndex((candidate) => candidate.name === edit.case.name);
      if (at >= 0) cases[at] = edit.case as unknown as Json;
      else cases.push(edit.case as unknown as Json);
      return { cases };
    }
  }
}

/**
 * What an edit sets, as its file holds it: the value dated `from`, the rule's conditions, the question's texts...
 * The same edit made to a file that already holds it changes nothing, which is how the workbench tells whether the
 * repository's files hold a published change set (exported) or not.
 */
export function editedPart(file: unknown, edit: PolicyEdit): unknown {
  if (file === null) return null;
  const json = asObject(file);
  const find = (list: unknown, key: string, value: unknown) =>
    (Array.isArray(list) ? (list as Json[]) : []).find((candidate) => candidate[key] === value) ?? null;
  switch (edit.kind) {
    case 'parameter-value': {
      const entry = find(json.values, 'from', edit.from);
      return (
        entry && {
          value: entry.brackets === undefined ? entry.value : { brackets: entry.brackets },
          source: entry.source,
          note: entry.note ?? null,
        }
      );
    }
    case 'rates-held':
      return json.until ?? null;
    case 'lha-rates-held':
      return { until: json.until ?? null, source: json.untilSource ?? null };
    case 'lha-rates': {
      const area = (Array.isArray(json.areas) ? (json.areas as Json[]) : []).find((candidate) => candidate.name === edit.area);
      return area ? find(area.values, 'from', edit.from) : null;
    }
    case 'ctr-scheme':
      return find(json.values, 'from', schemeFrom(edit.year));
    case 'lha-council-areas':
      return find(json.authorities, 'localAuthority', edit.authority);
    case 'band-d': {
      // Each council's value for the year, as the file holds it (null where it holds none).
      const authorities = asObject(json.authorities);
      return edit.figures.map(({ authority }) => find(asObject(authorities[authority]).values, 'year', edit.year));
    }
    case 'rule': {
      const rule = find(json.rules, 'name', edit.rule);
      return rule && { conditions: rule.conditions, description: edit.description === undefined ? null : rule.description };
    }
    case 'question': {
      const question = (() => {
        try {
          return questionsOf(json).find((candidate) => candidate.name === edit.question) ?? null;
        } catch {
          return null;
        }
      })();
      return (
        question && {
          text: edit.text === undefined ? null : question.text,
          helpText: edit.helpText === undefined ? null : question.helpText,
          showHide: edit.showHide === undefined ? null : (question.showHide ?? null),
        }
      );
    }
    case 'extra-help-item':
      return find(json.items, 'name', edit.item.name);
    case 'case':
      return find(json.cases, 'name', edit.case.name);
  }
}

/** 1 April of a council tax year ('2027/28' -> 2027-04-01): the day a council's scheme for the year starts. */
function schemeFrom(year: string): string {
  return `${year.slice(0, 4)}-04-01`;
}

/** Deep equality of JSON values (object keys in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, index) => sameJson(item, (b as unknown[])[index]));
  const keysA = Object.keys(a).filter((key) => (a as Json)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Json)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Json)[key], (b as Json)[key]));
}

function describeTarget(edit: PolicyEdit): string {
  switch (edit.kind) {
    case 'parameter-value':
      return `parameter named ${edit.parameter}`;
    case 'rates-held':
      return 'rates-held file';
    case 'lha-rates-held':
      return `Local Housing Allowance rates file for ${edit.scheme}`;
    case 'band-d':
      return 'Band D file';
    case 'ctr-scheme':
      return `Council Tax Reduction scheme of ${edit.name}`;
    case 'lha-council-areas':
      return 'table of councils’ rent areas';
    case 'lha-rates':
      return `Local Housing Allowance area ‘${edit.area}’`;
    case 'rule':
      return `ruleset '${edit.ruleset}'`;
    case 'question':
      return `questionnaire page '${edit.page}'`;
    case 'extra-help-item':
      return `extra-help category '${edit.category}'`;
    case 'case':
      return `ruleset '${edit.ruleset}'`;
  }
}

/** The field that names an edit's file: where a problem with the file as a whole is shown. */
function fieldNaming(edit: PolicyEdit): string {
  return {
    'parameter-value': 'parameter',
    'rates-held': 'until',
    'lha-rates-held': 'until',
    'band-d': 'figures',
    'lha-rates': 'area',
    'ctr-scheme': 'authority',
    'lha-council-areas': 'authority',
    rule: 'ruleset',
    question: 'page',
    'extra-help-item': 'category',
    case: 'ruleset',
  }[edit.kind];
}

/** The field where a problem the loader finds in the file an edit made is shown. */
function fieldOfLoadProblem(edit: PolicyEdit): string {
  return {
    'parameter-value': 'value',
    'rates-held': 'until',
    'lha-rates-held': 'until',
    'band-d': 'figures',
    'lha-rates': 'rates',
    'ctr-scheme': 'scheme',
    'lha-council-areas': 'areas',
    rule: 'conditions',
    question: 'showHide',
    'extra-help-item': 'item',
    case: 'case',
  }[edit.kind];
}

/** The checks of an edit that need no file: its shape, and an official source for a parameter's value. */
export function editShapeProblems(edit: unknown): { field: string; message: string }[] {
  const problems = POLICY_EDIT.problems(edit).map(({ path, message }) => ({ field: path, message }));
  if (problems.length > 0) return problems;
  const typed = edit as PolicyEdit;
  const sourced = ['parameter-value', 'lha-rates-held', 'band-d', 'lha-rates', 'ctr-scheme', 'lha-council-areas'].includes(typed.kind);
  if (sourced && 'source' in typed && typed.source) {
    const problem = officialSourceProblem(typed.source.url);
    if (problem) problems.push({ field: 'source.url', message: `source.url ${problem}` });
  }
  if (typed.kind === 'case') {
    const found = CASE_FILE.problems({ cases: [typed.case] });
    for (const { path, message } of found) problems.push({ field: path.replace(/^cases\[0\]\.?/, 'case.'), message });
    // The household as the calculation API takes one (its date is the case's).
    if (found.length === 0)
      for (const { path, message } of CALCULATION_REQUEST.problems({ date: typed.case.date, household: typed.case.household }))
        problems.push({ field: `case.${path}`, message });
  }
  if (typed.kind === 'extra-help-item' && typeof typed.item.name !== 'string')
    problems.push({ field: 'item.name', message: 'item.name is required: the item is found and replaced by its name.' });
  return problems;
}

export interface AppliedChangeSet {
  /** The files with every edit that could be made. */
  files: SourceFiles;
  /** The files changed, by repository path: their new text. */
  changed: Map<string, string>;
  /** Every problem, at its edit and field; none when the change set loads. */
  problems: EditProblem[];
  /** The engine the edits make, when they load. */
  engine: EntitlementEngine | null;
}

export interface ApplyOptions {
  /** Added to the engine's rules version. */
  rulesVersionSuffix?: string;
  /** Checks beyond the engine's, over the files the edits make (the API adds the questionnaire's). */
  moreChecks?: (files: SourceFiles) => string[];
}

/**
 * Lays the edits over `base`, in order, and loads the result as the engine loads the repository. An edit that is
 * not well formed, or names something that is not there, is not made and is reported at its field; a problem the
 * loaders find is reported at the edit that changed the file they name.
 */
export function applyChangeSet(base: SourceFiles, edits: readonly PolicyEdit[], options: ApplyOptions = {}): AppliedChangeSet {
  const changed = new Map<string, string>();
  const problems: EditProblem[] = [];
  const targets = new Map<string, number[]>();
  edits.forEach((edit, index) => {
    const shape = editShapeProblems(edit);
    if (shape.length > 0) {
      problems.push(...shape.map((problem) => ({ edit: index, ...problem })));
      return;
    }
    const path = editTarget(edit);
    const text = changed.get(path) ?? base.read(path);
    try {
      const json = text === null ? null : (JSON.parse(text) as unknown);
      changed.set(path, `${JSON.stringify(applyEdit(json, edit), null, 2)}\n`);
      targets.set(path, [...(targets.get(path) ?? []), index]);
    } catch (error) {
      if (!(error instanceof EditTargetError) && !(error instanceof SyntaxError)) throw error;
      problems.push({
        edit: index,
        field: error instanceof EditTargetError ? error.field || fieldNaming(edit) : fieldNaming(edit),
        message: error.message,
      });
    }
  });
  const files = overlayFiles(base, changed);
  // A problem the loader names by file goes to the edits that changed that file; otherwise to the change set.
  const report = (file: string | null, message: string) => {
    const editing = file === null ? undefined : [...targets].find(([path]) => path.endsWith(file))?.[1];
    if (!editing) problems.push({ edit: null, field: '', message });
    else for (const index of editing) problems.push({ edit: index, field: fieldOfLoadProblem(edits[index]), message });
  };
  let engine: EntitlementEngine | null = null;
  try {
    engine = loadEntitlementEngineFrom(files, { rulesVersionSuffix: options.rulesVersionSuffix });
  } catch (error) {
    if (error instanceof ParameterFilesError) {
      for (const problem of error.problems) report(`${PARAMETERS_FOLDER}/${problem.file}`, parameterProblemInWords(problem, files));
    } else if (error instanceof RulesetError) {
      for (const problem of error.problems) report(error.file, problem);
    } else if (error instanceof ExtraHelpDefinitionsError) {
      for (const problem of error.problems) report(`${EXTRA_HELP_FOLDER}/${problem.file}`, `${problem.path}: ${problem.message}`);
    } else {
      const message = (error as Error).message;
      report([...targets.keys()].find((path) => message.includes(path)) ?? null, message);
    }
  }
  for (const [path, indexes] of targets) {
    const match = /^rulesets\/([^/]+)\/cases\/([^/]+\.json)$/.exec(path);
    if (!match) continue;
    try {
      checkedCaseFile(`${match[1]}/cases/${match[2]}`, JSON.parse(changed.get(path)!));
    } catch (error) {
      for (const index of indexes) problems.push({ edit: index, field: 'case', message: (error as Error).message });
    }
  }
  for (const message of options.moreChecks?.(files) ?? [])
    report([...targets.keys()].find((path) => message.includes(path)) ?? null, message);
  return { files, changed, problems, engine: problems.length === 0 ? engine : null };
}

/**
 * A parameter file's problem as a policy officer reads it: a rate with no value for the last year held is named by its
 * label, with the dates in words and what to do; any other keeps the loader's words.
 */
function parameterProblemInWords(problem: ParameterProblem, files: SourceFiles): string {
  if (!problem.missingYear) return `${problem.path ? `${problem.path} ` : ''}${problem.message}`;
  let label = problem.file.replace(/\.json$/, '');
  try {
    const json = JSON.parse(files.read(`${PARAMETERS_FOLDER}/${problem.file}`) ?? '{}') as { label?: unknown };
    if (typeof json.label === 'string') label = json.label;
  } catch {
    // A file that does not parse has its own problem; the path names it here.
  }
  const { from, until } = problem.missingYear;
  return `${label} has no value for ${dateInWords(from)} to ${dateInWords(until)}, the last year of the rates held: give it that year’s value, even if it does not change, with its source.`;
}

/**
 * What stops a change set that loads from being published: every value needs its official source. `labelOf` names a
 * parameter as a policy officer reads it ("Carer's Allowance"); without it the parameter's name is used.
 */
export function publishingProblems(edits: readonly PolicyEdit[], labelOf: (name: string) => string = (name) => name): EditProblem[] {
  return edits.flatMap((edit, index) => {
    if (edit.kind === 'parameter-value' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `The value of ${labelOf(edit.parameter)} from ${dateInWords(edit.from)} needs its official source before it can be published.`,
        },
      ];
    if (edit.kind === 'lha-rates' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `The Local Housing Allowance rates for ${edit.area} from ${dateInWords(edit.from)} need their official source before they can be published.`,
        },
      ];
    if (edit.kind === 'band-d' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `The Band D council tax of ${edit.figures.length} ${edit.figures.length === 1 ? 'council' : 'councils'} for ${councilTaxYearWords(edit.year)} needs its official source (the table the figures come from) before it can be published.`,
        },
      ];
    if (edit.kind === 'lha-council-areas' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `The rent areas of ${edit.name} need the official page that names them before they can be published.`,
        },
      ];
    if (edit.kind === 'ctr-scheme' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `${edit.name}’s Council Tax Reduction scheme for ${councilTaxYearWords(edit.year)} needs its source (the council’s scheme document) before it can be published.`,
        },
      ];
    if (edit.kind === 'lha-rates-held' && edit.source === null)
      return [
        {
          edit: index,
          field: 'source',
          message: `The Local Housing Allowance rates for ${lhaSchemeWords(edit.scheme)} held to ${dateInWords(edit.until)} need their official source (the rates published for the year, or the freeze announced) before they can be published.`,
        },
      ];
    return [];
  });
}

/**
 * The law as the policy workbench browses it: every ruleset with its rules in plain English, every parameter with
 * its dated values, sources and the cases and rules that read it, and one search over rates, rules, questions and
 * extra help. Plain TypeScript over files already loaded (the API reads them once), shaped as `common/policy/model.ts`.
 */
import {
  scaleValueOf,
  type ParameterSummary,
  type ParameterView,
  type PolicySearchHit,
  type RuleView,
  type RulesetSummary,
  type RulesetView,
} from '../../common/policy/model.js';
import type { CaseFile } from '../core/cases.js';
import type { RulesetFile } from '../core/ruleset.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import { BENEFIT_CALCULATORS } from '../benefits/index.js';
import { describeConditions, parametersReadBy } from './describe-rule.js';
import { yearDecisionOf } from './new-year.js';
import { upratingRoundingOf } from './uprating.js';

export interface CatalogueInputs {
  /** Each ruleset by its folder under `rulesets/` (`universal-credit`). */
  rulesets: { folder: string; file: RulesetFile }[];
  parameters: ParameterSet;
  caseFiles: CaseFile[];
  /** By case label (`universal-credit/cases/x.json: name`), the parameters the case read, as `runCases` returns them. */
  caseReads: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each page of `definitions/survey/pages/`, by its file's name without `.json`. */
  surveyPages: { name: string; json: unknown }[];
  /** Each category of `definitions/extra-help/categories/`, by its file's name without `.json`. */
  extraHelp: { category: string; json: unknown }[];
  /** yyyy-mm-dd: the date rates are shown at in the rules' sentences. */
  date: string;
}

/** At most this many search hits: a search is for finding, not for listing everything. */
export const SEARCH_HITS_MAX = 50;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A question of a survey page: wherever it sits in the page's JSON, an object with a name and a questionType. */
interface Question {
  page: string;
  name: string;
  text: string;
  helpText: string;
}

function questionsOf(page: string, json: unknown): Question[] {
  const found: Question[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (typeof node.name === 'string' && typeof node.questionType === 'string') {
      found.push({ page, name: node.name, text: text(node.text), helpText: text(node.helpText) });
    }
    for (const value of Object.values(node)) if (typeof value === 'object') walk(value);
  };
  walk(json);
  return found;
}

interface ExtraHelpItem {
  category: string;
  name: string;
  title: string;
}

function extraHelpItemsOf(category: string, json: unknown): ExtraHelpItem[] {
  const items = isObject(json) && Array.isArray(json.items) ? json.items : [];
  return items.filter(isObject).map((item) => ({ category, name: text(item.name), title: text(item.title) }));
}

/** One field a search looks in: how good a match there is, and what the hit says about where it matched. */
interface Field {
  value: string;
  /** Lower ranks first: 0 the exact name, 1 a name containing the words, 2 the title or label, 3 any other text. */
  rank: number;
  where: string;
}

interface Searchable {
  hit: Omit<PolicySearchHit, 'detail'>;
  fields: Field[];
}

/** Each ruleset's benefit by its folder, as people write it: child-benefit -> "Child Benefit". */
export const RULESET_TITLES: ReadonlyMap<string, string> = new Map(
  BENEFIT_CALCULATORS.map((calculator) => [calculator.folder, calculator.name]),
);

/** A rate or a table of bands shortly, as the workbench lists it; undefined for a name the rates held do not have. */
export function parameterSummaryOf(parameters: ParameterSet, name: string): ParameterSummary | undefined {
  const found = parameters.has(name)
    ? parameters.findParameterOrThrow(name)
    : parameters.hasScale(name)
      ? parameters.findScaleOrThrow(name)
      : null;
  if (!found) return undefined;
  const newest = found.values.at(-1)!;
  const value = 'brackets' in newest ? scaleValueOf(newest) : newest.value;
  return {
    name,
    label: found.label,
    unit: found.unit,
    yearDecision: yearDecisionOf(name, found),
    period: found.period,
    latest: { from: newest.from, value },
  };
}

export class PolicyCatalogue {
  private readonly rulesViews = new Map<string, RuleView[]>();
  private readonly questions: Question[];
  private readonly extraHelpItems: ExtraHelpItem[];

  constructor(private readonly inputs: CatalogueInputs) {
    for (const { folder, file } of inputs.rulesets) {
      this.rulesViews.set(
        folder,
        file.rules.map((rule) => ({
          name: rule.name,
          description: rule.description,
          priority: rule.priority ?? null,
          sentences: describeConditions(rule.conditions, { facts: file.facts, parameters: inputs.parameters, date: inputs.date }),
          conditions: rule.conditions,
          event: rule.event,
          parameters: parametersReadBy(rule.conditions),
        })),
      );
    }
    this.questions = inputs.surveyPages.flatMap((page) => questionsOf(page.name, page.json));
    this.extraHelpItems = inputs.extraHelp.flatMap((category) => extraHelpItemsOf(category.category, category.json));
  }

  private titleOf(folder: string): string {
    return RULESET_TITLES.get(folder) ?? folder;
  }

  /** The hand-worked cases whose run read a parameter `reads` matches, named by their benefit and their own name. */
  private casesReading(reads: (read: string) => boolean): ParameterView['cases'] {
    // A case's label is `universal-credit/cases/earnings.json: Single, working`: its ruleset, then its name.
    return [...this.inputs.caseReads]
      .filter(([, read]) => [...read].some(reads))
      .map(([label]) => {
        const ruleset = label.slice(0, label.indexOf('/'));
        return { ruleset, rulesetTitle: this.titleOf(ruleset), name: label.slice(label.indexOf(': ') + 2) };
      });
  }

  private casesOf(folder: string) {
    return this.inputs.caseFiles.filter((caseFile) => caseFile.file.startsWith(`${folder}/`));
  }

  rulesetSummaries(): RulesetSummary[] {
    return this.inputs.rulesets.map(({ folder, file }) => ({
      folder,
      title: this.titleOf(folder),
      benefit: file.benefit,
      description: file.description,
      rules: file.rules.length,
      cases: this.casesOf(folder).reduce((total, caseFile) => total + caseFile.cases.length, 0),
    }));
  }

  /** A ruleset with its rules in plain English and its cases; undefined for a folder that is not a ruleset. */
  rulesetView(folder: string): RulesetView | undefined {
    const ruleset = this.inputs.rulesets.find((candidate) => candidate.folder === folder);
    if (!ruleset) return undefined;
    const { file } = ruleset;
    return {
      folder,
      title: this.titleOf(folder),
      benefit: file.benefit,
      description: file.description,
      legislation: file.legislation.map(({ title, url }) => ({ title, url })),
      facts: Object.entries(file.facts).map(([name, meaning]) => ({ name, meaning })),
      rules: this.rulesViews.get(folder) ?? [],
      cases: this.casesOf(folder).flatMap((caseFile) =>
        caseFile.cases.map((item) => ({ file: caseFile.file, name: item.name, date: item.date, workings: item.workings })),
      ),
    };
  }

  /** Every rate, and every table of bands (scale): a year carries them, and a policy officer confirms them alike. */
  parameterSummaries(): ParameterSummary[] {
    const { parameters } = this.inputs;
    return [...parameters.names, ...parameters.scaleNames].sort().map((name) => parameterSummaryOf(parameters, name)!);
  }

  /** A parameter with its values, sources, the cases and rules that read it and how it is uprated; undefined if none. */
  parameterView(name: string): ParameterView | undefined {
    if (this.inputs.parameters.hasScale(name)) return this.scaleView(name);
    if (!this.inputs.parameters.has(name)) return undefined;
    const parameter = this.inputs.parameters.findParameterOrThrow(name);
    const cases = this.casesReading((read) => read === name);
    const rules = [...this.rulesViews].flatMap(([ruleset, views]) =>
      views
        .filter((rule) => rule.parameters.includes(name))
        .map((rule) => ({ ruleset, rulesetTitle: this.titleOf(ruleset), rule: rule.name })),
    );
    return {
      name,
      label: parameter.label,
      description: parameter.description,
      unit: parameter.unit,
      period: parameter.period,
      legislation: { ...parameter.legislation },
      uprating: upratingRoundingOf(parameter),
      values: parameter.values.map((dated) => ({
        from: dated.from,
        value: dated.value,
        source: { ...dated.source },
        ...(dated.note === undefined ? {} : { note: dated.note }),
      })),
      cases,
      rules,
    };
  }

  /** A table of bands (scale) as a parameter's page shows it: each date's bands, its source, the cases that read it. */
  private scaleView(name: string): ParameterView {
    const scale = this.inputs.parameters.findScaleOrThrow(name);
    // The engine reads a scale's bands as `name[0]`, `name[1]`...: a case that read any band read the scale.
    const cases = this.casesReading((read) => read.startsWith(`${name}[`));
    return {
      name,
      label: scale.label,
      description: scale.description,
      unit: scale.unit,
      period: scale.period,
      legislation: { ...scale.legislation },
      uprating: { rounding: 'not-uprated', reason: 'A table of bands: each band’s threshold and amount is typed as announced.' },
      values: scale.values.map((dated) => ({
        from: dated.from,
        value: scaleValueOf(dated),
        source: { ...dated.source },
        ...(dated.note === undefined ? {} : { note: dated.note }),
      })),
      cases,
      rules: [],
    };
  }

  /**
   * Rates, rules, questions and extra help whose words contain the query (any case): the exact name first, then
   * names, then titles and labels, then any other text; at most SEARCH_HITS_MAX.
   */
  searchPolicy(query: string): PolicySearchHit[] {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    const hits: { hit: PolicySearchHit; rank: number; order: number }[] = [];
    this.searchables().forEach((searchable, order) => {
      let best: { field: Field; rank: number } | undefined;
      for (const field of searchable.fields) {
        const haystack = field.value.toLowerCase();
        if (!haystack.includes(needle)) continue;
        const rank = field.rank === 1 && haystack === needle ? 0 : field.rank;
        if (!best || rank < best.rank) best = { field, rank };
      }
      if (best) hits.push({ hit: { ...searchable.hit, detail: detailOf(best.field, needle) }, rank: best.rank, order });
    });
    return hits
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .slice(0, SEARCH_HITS_MAX)
      .map(({ hit }) => hit);
  }

  private searchableList: Searchable[] | undefined;

  /** Everything a search looks in, built once: parameters, rules, questions, extra help, in that order. */
  private searchables(): Searchable[] {
    if (this.searchableList) return this.searchableList;
    const list: Searchable[] = [];
    for (const name of this.inputs.parameters.names) {
      const parameter = this.inputs.parameters.findParameterOrThrow(name);
      list.push({
        hit: { kind: 'parameter', title: parameter.label, path: name },
        fields: [
          { value: name, rank: 1, where: 'the name' },
          { value: parameter.label, rank: 2, where: 'the label' },
          { value: parameter.description, rank: 3, where: 'the description' },
          { value: parameter.legislation.title, rank: 3, where: 'the regulation' },
        ],
      });
    }
    for (const [ruleset, rules] of this.rulesViews) {
      for (const rule of rules) {
        list.push({
          hit: { kind: 'rule', title: `${ruleset}: ${rule.name}`, path: `${ruleset}/${rule.name}` },
          fields: [
            { value: rule.name, rank: 1, where: 'the name' },
            { value: rule.description, rank: 3, where: 'the description' },
            ...rule.sentences.map((sentence) => ({ value: sentence.text, rank: 3, where: 'the conditions' })),
          ],
        });
      }
    }
    for (const question of this.questions) {
      list.push({
        hit: { kind: 'question', title: question.text || question.name, path: `${question.page}/${question.name}` },
        fields: [
          { value: question.name, rank: 1, where: 'the name' },
          { value: question.text, rank: 2, where: 'the question' },
          { value: question.helpText, rank: 3, where: 'the help text' },
        ],
      });
    }
    for (const item of this.extraHelpItems) {
      list.push({
        hit: { kind: 'extra-help', title: item.title || item.name, path: `${item.category}/${item.name}` },
        fields: [
          { value: item.name, rank: 1, where: 'the name' },
          { value: item.title, rank: 2, where: 'the title' },
        ],
      });
    }
    this.searchableList = list;
    return list;
  }
}

/** Where a hit matched, with the words around the match: 'the description: "... capital above this ..."'. */
function detailOf(field: Field, needle: string): string {
  const at = field.value.toLowerCase().indexOf(needle);
  const start = Math.max(0, at - 40);
  const end = Math.min(field.value.length, at + needle.length + 40);
  const excerpt = `${start > 0 ? '…' : ''}${field.value.slice(start, end)}${end < field.value.length ? '…' : ''}`;
  return `${field.where}: ${excerpt}`;
}

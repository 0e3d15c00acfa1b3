import { Contract, readSchema } from '../schemas/json-schema.js';
import { EXTRA_HELP_FACTS, type ExtraHelpFactDefinition } from './facts.js';
import type {
  ExtraHelpCategory,
  ExtraHelpDefinitions,
  ExtraHelpFile,
  ExtraHelpIndex,
  ExtraHelpProblem,
  ExtraHelpVariable,
} from './types.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks and loads `definitions/extra-help/`: `extra-help.json` (the categories in order, and the result
 * variables) and `categories/<name>.json` (one category and its items). Every problem is reported with its file
 * and JSON path, so a policy officer sees all of them at once. The caller passes the files' texts (only the schema is read here).
 */

export const INDEX_FILE = 'extra-help.json';
export const CATEGORIES_FOLDER = 'categories';

/**
 * The shape of extra-help.json (the schema's root) and of a category file (its `$defs/category`), written once as
 * JSON Schema (`definitions/schemas/extra-help.schema.json`) and checked with ajv. The code adds only what relates
 * values to each other or to the facts held in code.
 */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${allowed.join(', ')}).`;
const SCHEMA = readSchema('extra-help.schema.json');
const INDEX_CONTRACT = new Contract(SCHEMA, knownFields);
const CATEGORY_CONTRACT = new Contract({ $schema: SCHEMA.$schema, $defs: SCHEMA.$defs, $ref: '#/$defs/category' }, knownFields);
const COMPARISONS = new Set(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);

/**
 * A figure a text takes from rulesets/parameters, on the calculation's date: `{{parameter gov/dfe/free_school_meals/value_a_year}}`
 * (extra-help.ts writes it in words), so the prose never repeats a figure the parameter holds.
 */
export const TEXT_PARAMETER = /\{\{\s*parameter\s+([a-z][a-z0-9_]*(?:\/[a-z][a-z0-9_]*)*)\s*\}\}/g;

/**
 * A held parameter's unit ('pence a week'), undefined when the rates do not hold it; without it, the names are not
 * checked. The unit lets the loader refuse a household amount that would add a week's rate to a year's.
 */
export type ParameterExists = (name: string) => string | undefined;

/** `{ "fact": "parameter", "params": { "name": ... } }`: a threshold read from rulesets/parameters. */
function parameterNameIn(value: unknown): string | undefined {
  if (!isObject(value) || value.fact !== 'parameter' || !isObject(value.params)) return undefined;
  return typeof value.params.name === 'string' ? value.params.name : undefined;
}

const notHeld = (name: string) => `names the parameter '${name}', which rulesets/parameters does not hold.`;

export class ExtraHelpDefinitionsError extends Error {
  override name = 'ExtraHelpDefinitionsError';
  constructor(readonly problems: readonly ExtraHelpProblem[]) {
    super(
      `The extra-help definitions have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  - ${describeProblem(problem)}`).join('\n')}`,
    );
  }
}

export function describeProblem({ file, path, message }: ExtraHelpProblem): string {
  return `${file} at ${path}: ${message}`;
}

type Segment = string | number;
type Found = { segments: Segment[]; message: string };
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Whether a literal is of the fact's type (a listed value for a string fact; null only for a nullable number). */
function fitsFact(value: unknown, definition: ExtraHelpFactDefinition): boolean {
  if (definition.type === 'boolean') return typeof value === 'boolean';
  if (definition.type === 'number')
    return (typeof value === 'number' && Number.isFinite(value)) || (value === null && definition.nullable === true);
  return typeof value === 'string' && (!definition.values || definition.values.includes(value));
}

function describeType(definition: ExtraHelpFactDefinition): string {
  if (definition.type === 'string') return definition.values ? `one of ${definition.values.join(', ')}` : 'text';
  if (definition.type === 'number') return definition.nullable ? 'a number (or null)' : 'a number';
  return 'true or false';
}

/** A nation listed twice in a list of nations (the schema checks each is a nation). */
function repeatedNations(value: unknown, at: Segment[]): Found[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((nation: unknown, index) =>
    typeof nation === 'string' && value.indexOf(nation) !== index
      ? [{ segments: [...at, index], message: `'${nation}' is listed twice.` }]
      : [],
  );
}

/**
 * What the schema cannot say of a condition: its fact is one of the extra-help facts, its values are of that fact's
 * type, only a number fact is compared, and a threshold says where its figure comes from. Only conditions of the
 * right shape are looked at; the schema reports the rest.
 */
function conditionChecks(condition: unknown, at: Segment[], known?: ParameterExists): Found[] {
  if (!isObject(condition)) return [];
  const group = ['all', 'any', 'not'].find((key) => key in condition);
  if (group === 'not') return conditionChecks(condition.not, [...at, 'not'], known);
  if (group) {
    const inner = condition[group];
    return Array.isArray(inner) ? inner.flatMap((item: unknown, index) => conditionChecks(item, [...at, group, index], known)) : [];
  }
  const { fact, operator, value } = condition;
  if (typeof fact !== 'string') return [];
  if (!Object.hasOwn(EXTRA_HELP_FACTS, fact))
    return [
      { segments: [...at, 'fact'], message: `'${fact}' is not an extra-help fact (they are listed in definitions/extra-help/README.md).` },
    ];
  const definition = (EXTRA_HELP_FACTS as Record<string, ExtraHelpFactDefinition>)[fact]!;
  const parameter = parameterNameIn(value);
  if (parameter !== undefined && known && !known(parameter))
    return [{ segments: [...at, 'value', 'params', 'name'], message: notHeld(parameter) }];
  if (typeof operator !== 'string' || !('value' in condition) || isObject(value)) return [];
  const notAValue = (item: unknown) => `${JSON.stringify(item)} is not a value of ${fact} (${describeType(definition)}).`;
  if (operator === 'in' || operator === 'notIn') {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown, index) =>
      fitsFact(item, definition) ? [] : [{ segments: [...at, 'value', index], message: notAValue(item) }],
    );
  }
  if (COMPARISONS.has(operator) && definition.type !== 'number')
    return [{ segments: [...at, 'operator'], message: `'${operator}' compares numbers, but ${fact} is ${describeType(definition)}.` }];
  if (COMPARISONS.has(operator) && typeof value !== 'number') return [];
  if (!fitsFact(value, definition)) return [{ segments: [...at, 'value'], message: notAValue(value) }];
  // A threshold is a figure from the scheme's rules: say where it comes from, so it can be checked each year.
  if (COMPARISONS.has(operator) && value !== 0 && !isText(condition.source)) {
    return [
      { segments: [...at, 'source'], message: `the threshold ${String(value)} needs a 'source' saying where the figure comes from.` },
    ];
  }
  return [];
}

/**
 * The checks in code on a scheme or a variable: its nations listed once, its condition's facts and values, and
 * every parameter its texts name held.
 */
function schemeChecks(scheme: unknown, at: Segment[], known?: ParameterExists): Found[] {
  if (!isObject(scheme)) return [];
  const texts = (['text', 'howToAccess'] as const).flatMap((field) =>
    typeof scheme[field] === 'string' && known
      ? [...scheme[field].matchAll(TEXT_PARAMETER)]
          .filter((match) => !known(match[1]!))
          .map((match) => ({ segments: [...at, field], message: notHeld(match[1]!) }))
      : [],
  );
  return [
    ...repeatedNations(scheme.nations, [...at, 'nations']),
    ...conditionChecks(scheme.condition, [...at, 'condition'], known),
    ...texts,
    ...householdAmountChecks(scheme.forHousehold, [...at, 'forHousehold'], known),
  ];
}

/**
 * What the schema cannot say of a household amount: each rate held, each count a number fact, and the rates all in
 * one unit (a week's added to a year's would be a wrong figure, so it stops the load, never a results page).
 */
function householdAmountChecks(forHousehold: unknown, at: Segment[], known?: ParameterExists): Found[] {
  if (!isObject(forHousehold) || !Array.isArray(forHousehold.amount)) return [];
  const units = new Map<string, string>();
  const found = forHousehold.amount.flatMap((part: unknown, index): Found[] => {
    if (!isObject(part)) return [];
    const problems: Found[] = [];
    if (typeof part.parameter === 'string' && known) {
      const unit = known(part.parameter);
      if (unit === undefined) problems.push({ segments: [...at, 'amount', index, 'parameter'], message: notHeld(part.parameter) });
      else if (!units.has(unit)) units.set(unit, part.parameter);
    }
    const fact = (EXTRA_HELP_FACTS as Record<string, ExtraHelpFactDefinition>)[String(part.times)];
    if (typeof part.times === 'string' && (!Object.hasOwn(EXTRA_HELP_FACTS, part.times) || fact?.type !== 'number' || fact.nullable))
      problems.push({
        segments: [...at, 'amount', index, 'times'],
        message: `'${part.times}' is not a number fact of the household (they are listed in definitions/extra-help/README.md).`,
      });
    return problems;
  });
  if (units.size > 1) {
    const rates = [...units].map(([unit, parameter]) => `${parameter} is in ${unit}`).join(', ');
    found.push({ segments: [...at, 'amount'], message: `adds rates in different units (${rates}): list rates of one unit only.` });
  }
  return found;
}

/** `items[0].name` as `$.items[0].name`, the file as a whole as `$`. */
const jsonPath = (path: string) => (path ? `$.${path}` : '$');

function parse(file: ExtraHelpFile, report: (problem: ExtraHelpProblem) => void): unknown {
  try {
    return JSON.parse(file.text);
  } catch (error) {
    report({ file: file.path, path: '$', message: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/**
 * Every problem with the files of `definitions/extra-help/` (paths relative to it, '/' separated); with `known`, also
 * every parameter named that the rates do not hold.
 */
export function checkExtraHelpFiles(files: readonly ExtraHelpFile[], known?: ParameterExists): ExtraHelpProblem[] {
  const problems: ExtraHelpProblem[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  const check = (file: string, contract: Contract, json: unknown, more: Found[]) => {
    for (const { path, message } of contract.problemsWith(json, more)) {
      problems.push({
        file,
        path: jsonPath(path),
        message: path && message.startsWith(`${path} `) ? message.slice(path.length + 1) : message,
      });
    }
  };
  const indexFile = byPath.get(INDEX_FILE);
  if (!indexFile)
    return [{ file: INDEX_FILE, path: '$', message: 'is missing: it lists the categories in order and the result variables.' }];
  const index = parse(indexFile, (problem) => problems.push(problem));
  if (index === undefined) return problems;
  const listed: string[] = [];
  const listedAt: number[] = [];
  const indexChecks: Found[] = [];
  if (isObject(index) && Array.isArray(index.categories)) {
    index.categories.forEach((name: unknown, position) => {
      if (typeof name !== 'string' || !KEBAB.test(name)) return;
      if (listed.includes(name)) indexChecks.push({ segments: ['categories', position], message: `'${name}' is listed twice.` });
      else {
        listed.push(name);
        listedAt.push(position);
      }
    });
  }
  if (isObject(index) && Array.isArray(index.variables))
    index.variables.forEach((variable: unknown, position) => indexChecks.push(...schemeChecks(variable, ['variables', position], known)));
  const categoryPath = (name: string) => `${CATEGORIES_FOLDER}/${name}.json`;
  listed.forEach((name, position) => {
    if (!byPath.has(categoryPath(name)))
      indexChecks.push({ segments: ['categories', listedAt[position]!], message: `'${name}' has no file ${categoryPath(name)}.` });
  });
  check(INDEX_FILE, INDEX_CONTRACT, index, indexChecks);
  if (!isObject(index)) return problems;

  for (const file of files) {
    if (file.path === INDEX_FILE || !file.path.endsWith('.json')) continue;
    const name = file.path.startsWith(`${CATEGORIES_FOLDER}/`) ? file.path.slice(CATEGORIES_FOLDER.length + 1, -'.json'.length) : null;
    if (name === null || !listed.includes(name))
      problems.push({
        file: file.path,
        path: '$',
        message: `is not a listed category: add its name to 'categories' in ${INDEX_FILE}, or remove the file.`,
      });
  }
  const seen = new Map<string, string>();
  for (const name of listed) {
    const file = byPath.get(categoryPath(name));
    if (!file) continue;
    const json = parse(file, (problem) => problems.push(problem));
    if (json === undefined) continue;
    const more: Found[] = [];
    if (isObject(json) && typeof json.name === 'string' && json.name !== name)
      more.push({ segments: ['name'], message: `must be '${name}', the name the file is listed under in ${INDEX_FILE}.` });
    const items = isObject(json) && Array.isArray(json.items) ? json.items : [];
    items.forEach((item: unknown, itemIndex) => {
      more.push(...schemeChecks(item, ['items', itemIndex], known));
      const itemName = isObject(item) && typeof item.name === 'string' ? item.name : null;
      if (itemName === null) return;
      const first = seen.get(itemName);
      if (first)
        more.push({
          segments: ['items', itemIndex, 'name'],
          message: `'${itemName}' is already the name of ${first}; names must be unique across categories.`,
        });
      else seen.set(itemName, `${file.path} at $.items[${itemIndex}]`);
    });
    check(file.path, CATEGORY_CONTRACT, json, more);
  }
  return problems;
}

/** Checks and reads the extra-help files; throws ExtraHelpDefinitionsError listing every problem. */
export function readExtraHelpDefinitions(files: readonly ExtraHelpFile[], known?: ParameterExists): ExtraHelpDefinitions {
  const problems = checkExtraHelpFiles(files, known);
  if (problems.length > 0) throw new ExtraHelpDefinitionsError(problems);
  const byPath = new Map(files.map((file) => [file.path, file.text]));
  const index = JSON.parse(byPath.get(INDEX_FILE)!) as ExtraHelpIndex;
  return {
    categories: index.categories.map((name) => JSON.parse(byPath.get(`${CATEGORIES_FOLDER}/${name}.json`)!) as ExtraHelpCategory),
    variables: index.variables as ExtraHelpVariable[],
  };
}

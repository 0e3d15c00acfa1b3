import { COUNTRIES } from '../household.js';
import { EXTRA_HELP_FACTS, type ExtraHelpFactDefinition } from './facts.js';
import type {
  ExtraHelpCategory,
  ExtraHelpDefinitions,
  ExtraHelpFile,
  ExtraHelpIndex,
  ExtraHelpProblem,
  ExtraHelpVariable,
} from './types.js';

/**
 * Checks and loads `definitions/extra-help/`: `extra-help.json` (the categories in order, and the result
 * variables) and `categories/<name>.json` (one category and its items). Every problem is reported with its file
 * and JSON path, so a policy officer sees all of them at once. No I/O: the caller passes the files' texts.
 */

export const INDEX_FILE = 'extra-help.json';
export const CATEGORIES_FOLDER = 'categories';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VARIABLE_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const COMPARISONS = new Set(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);
const OPERATORS = ['equal', 'notEqual', 'lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive', 'in', 'notIn'];

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

type Report = (path: string, message: string) => void;
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function checkKeys(node: Json, path: string, required: readonly string[], optional: readonly string[], report: Report): void {
  for (const key of required) if (!(key in node)) report(path, `'${key}' is missing.`);
  const allowed = new Set([...required, ...optional]);
  for (const key of Object.keys(node))
    if (!allowed.has(key)) report(`${path}.${key}`, `'${key}' is not a field here (${[...allowed].join(', ')}).`);
}

function checkText(node: Json, key: string, path: string, report: Report): void {
  if (key in node && !isText(node[key])) report(`${path}.${key}`, 'must be text that is not empty.');
}

function checkNations(value: unknown, path: string, report: Report): void {
  if (!Array.isArray(value) || value.length === 0) return report(path, `must list at least one of ${COUNTRIES.join(', ')}.`);
  value.forEach((nation, index) => {
    if (!(COUNTRIES as readonly unknown[]).includes(nation))
      report(`${path}[${index}]`, `'${String(nation)}' is not one of ${COUNTRIES.join(', ')}.`);
    else if (value.indexOf(nation) !== index) report(`${path}[${index}]`, `'${String(nation)}' is listed twice.`);
  });
}

function checkSource(value: unknown, path: string, report: Report): void {
  if (!isObject(value)) return report(path, 'must be { "title": ..., "url": "https://..." } naming where the scheme is described.');
  checkKeys(value, path, ['title', 'url'], [], report);
  checkText(value, 'title', path, report);
  if ('url' in value && !(typeof value.url === 'string' && /^https:\/\/\S+$/.test(value.url)))
    report(`${path}.url`, 'must be an https address.');
}

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

/** A json-rules-engine condition over the extra-help facts, with literal values of each fact's type. */
function checkCondition(condition: unknown, path: string, report: Report): void {
  if (!isObject(condition))
    return report(path, 'must be a condition: { "all": [...] }, { "any": [...] }, { "not": {...} } or { "fact", "operator", "value" }.');
  const groups = ['all', 'any', 'not'].filter((key) => key in condition);
  if (groups.length > 1) return report(path, `has ${groups.join(' and ')}: use one per condition, nesting the others.`);
  if (groups.length === 1) {
    const group = groups[0]!;
    checkKeys(condition, path, [group], ['source'], report);
    if (group === 'not') return checkCondition(condition.not, `${path}.not`, report);
    const inner = condition[group];
    if (!Array.isArray(inner) || inner.length === 0) return report(`${path}.${group}`, 'must be a non-empty list of conditions.');
    inner.forEach((item, index) => checkCondition(item, `${path}.${group}[${index}]`, report));
    return;
  }
  if ('path' in condition || 'params' in condition) {
    report(
      path,
      "uses 'path' or 'params', which extra help does not allow: name one flat fact (the rates in rulesets/parameters are not read here; write the figure with a 'source').",
    );
  }
  checkKeys(condition, path, ['fact', 'operator', 'value'], ['source', 'path', 'params'], report);
  const fact = condition.fact;
  const definition =
    typeof fact === 'string' && Object.hasOwn(EXTRA_HELP_FACTS, fact)
      ? (EXTRA_HELP_FACTS as Record<string, ExtraHelpFactDefinition>)[fact]
      : undefined;
  if (typeof fact !== 'string') return report(`${path}.fact`, 'must name a fact.');
  if (!definition)
    return report(`${path}.fact`, `'${fact}' is not an extra-help fact (they are listed in definitions/extra-help/README.md).`);
  const operator = condition.operator;
  if (typeof operator !== 'string' || !OPERATORS.includes(operator))
    return report(`${path}.operator`, `'${String(operator)}' is not one of ${OPERATORS.join(', ')}.`);
  if (!('value' in condition)) return;
  const value = condition.value;
  if (isObject(value)) return report(`${path}.value`, 'must be a plain value: comparing one fact with another is not supported here.');
  if (operator === 'in' || operator === 'notIn') {
    if (!Array.isArray(value) || value.length === 0) return report(`${path}.value`, `must be a non-empty list for '${operator}'.`);
    value.forEach((item, index) => {
      if (!fitsFact(item, definition))
        report(`${path}.value[${index}]`, `${JSON.stringify(item)} is not a value of ${fact} (${describeType(definition)}).`);
    });
    return;
  }
  if (COMPARISONS.has(operator) && definition.type !== 'number')
    return report(`${path}.operator`, `'${operator}' compares numbers, but ${fact} is ${describeType(definition)}.`);
  if (COMPARISONS.has(operator) && typeof value !== 'number') return report(`${path}.value`, `must be a number to compare ${fact} with.`);
  if (!fitsFact(value, definition))
    return report(`${path}.value`, `${JSON.stringify(value)} is not a value of ${fact} (${describeType(definition)}).`);
  // A threshold is a figure from the scheme's rules: say where it comes from, so it can be checked each year.
  if (COMPARISONS.has(operator) && value !== 0 && !isText(condition.source)) {
    report(`${path}.source`, `the threshold ${String(value)} needs a 'source' saying where the figure comes from.`);
  }
}

function parse(file: ExtraHelpFile, report: (problem: ExtraHelpProblem) => void): unknown {
  try {
    return JSON.parse(file.text);
  } catch (error) {
    report({ file: file.path, path: '$', message: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function checkVariable(variable: unknown, path: string, report: Report): void {
  if (!isObject(variable)) return report(path, 'must be an object with name, description, nations, condition and source.');
  checkKeys(variable, path, ['name', 'description', 'nations', 'condition', 'source'], [], report);
  if ('name' in variable && !(typeof variable.name === 'string' && VARIABLE_NAME.test(variable.name)))
    report(`${path}.name`, 'must be in capitals with underscores, like WARM_HOMES_NETWORK_ELIGIBLE.');
  checkText(variable, 'description', path, report);
  if ('nations' in variable) checkNations(variable.nations, `${path}.nations`, report);
  if ('condition' in variable) checkCondition(variable.condition, `${path}.condition`, report);
  if ('source' in variable) checkSource(variable.source, `${path}.source`, report);
}

function checkItem(item: unknown, path: string, report: Report): void {
  if (!isObject(item)) return report(path, 'must be an object with name, title, text, howToAccess, nations, condition and source.');
  checkKeys(item, path, ['name', 'title', 'text', 'howToAccess', 'nations', 'condition', 'source'], ['howToAccessTitle'], report);
  if ('name' in item && !(typeof item.name === 'string' && KEBAB.test(item.name)))
    report(`${path}.name`, 'must be kebab-case, like warm-home-discount.');
  for (const key of ['title', 'text', 'howToAccess', 'howToAccessTitle']) checkText(item, key, path, report);
  if ('nations' in item) checkNations(item.nations, `${path}.nations`, report);
  if ('condition' in item) checkCondition(item.condition, `${path}.condition`, report);
  if ('source' in item) checkSource(item.source, `${path}.source`, report);
}

function checkCategory(json: unknown, expectedName: string, report: Report): void {
  if (!isObject(json)) return report('$', 'must be an object with name, title and items.');
  checkKeys(json, '$', ['name', 'title', 'items'], [], report);
  if ('name' in json && json.name !== expectedName)
    report('$.name', `must be '${expectedName}', the name the file is listed under in ${INDEX_FILE}.`);
  checkText(json, 'title', '$', report);
  if (!Array.isArray(json.items) || json.items.length === 0) return report('$.items', 'must be a non-empty list of items.');
  json.items.forEach((item, index) => checkItem(item, `$.items[${index}]`, report));
}

/** Every problem with the files of `definitions/extra-help/` (paths relative to it, '/' separated). */
export function checkExtraHelpFiles(files: readonly ExtraHelpFile[]): ExtraHelpProblem[] {
  const problems: ExtraHelpProblem[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  const reporterFor =
    (file: string): Report =>
    (path, message) =>
      problems.push({ file, path, message });
  const indexFile = byPath.get(INDEX_FILE);
  if (!indexFile)
    return [{ file: INDEX_FILE, path: '$', message: 'is missing: it lists the categories in order and the result variables.' }];
  const index = parse(indexFile, (problem) => problems.push(problem));
  if (index === undefined) return problems;
  const reportIndex = reporterFor(INDEX_FILE);
  if (!isObject(index)) return [{ file: INDEX_FILE, path: '$', message: 'must be an object with description, categories and variables.' }];
  checkKeys(index, '$', ['description', 'categories', 'variables'], [], reportIndex);
  checkText(index, 'description', '$', reportIndex);
  const listed: string[] = [];
  if (!Array.isArray(index.categories) || index.categories.length === 0)
    reportIndex('$.categories', 'must list the category names in the order they are shown.');
  else
    index.categories.forEach((name, position) => {
      if (typeof name !== 'string' || !KEBAB.test(name)) reportIndex(`$.categories[${position}]`, 'must be a kebab-case category name.');
      else if (listed.includes(name)) reportIndex(`$.categories[${position}]`, `'${name}' is listed twice.`);
      else listed.push(name);
    });
  if (!Array.isArray(index.variables)) reportIndex('$.variables', 'must be a list (it may be empty).');
  else index.variables.forEach((variable, position) => checkVariable(variable, `$.variables[${position}]`, reportIndex));

  const categoryPath = (name: string) => `${CATEGORIES_FOLDER}/${name}.json`;
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
  for (const [position, name] of listed.entries()) {
    const file = byPath.get(categoryPath(name));
    if (!file) {
      reportIndex(`$.categories[${position}]`, `'${name}' has no file ${categoryPath(name)}.`);
      continue;
    }
    const json = parse(file, (problem) => problems.push(problem));
    if (json === undefined) continue;
    const report = reporterFor(file.path);
    checkCategory(json, name, report);
    const items = isObject(json) && Array.isArray(json.items) ? json.items : [];
    items.forEach((item, itemIndex) => {
      const itemName = isObject(item) && typeof item.name === 'string' ? item.name : null;
      if (itemName === null) return;
      const where = `${file.path} at $.items[${itemIndex}]`;
      const first = seen.get(itemName);
      if (first)
        report(`$.items[${itemIndex}].name`, `'${itemName}' is already the name of ${first}; names must be unique across categories.`);
      else seen.set(itemName, where);
    });
  }
  return problems;
}

/** Checks and reads the extra-help files; throws ExtraHelpDefinitionsError listing every problem. */
export function readExtraHelpDefinitions(files: readonly ExtraHelpFile[]): ExtraHelpDefinitions {
  const problems = checkExtraHelpFiles(files);
  if (problems.length > 0) throw new ExtraHelpDefinitionsError(problems);
  const byPath = new Map(files.map((file) => [file.path, file.text]));
  const index = JSON.parse(byPath.get(INDEX_FILE)!) as ExtraHelpIndex;
  return {
    categories: index.categories.map((name) => JSON.parse(byPath.get(`${CATEGORIES_FOLDER}/${name}.json`)!) as ExtraHelpCategory),
    variables: index.variables as ExtraHelpVariable[],
  };
}

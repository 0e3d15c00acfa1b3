/**
 * The flat CSV layout of `npm run calc -- --batch` (docs/scripts.md, 'Batch calculations').
 *
 * In: one household per row; each column is named by the JSON path of one field of the calculation request, written
 * as the API's error messages write it (`date`, `household.country`, `household.adults[0].earnings.amount`,
 * `household.children[1].dateOfBirth`), so an error about a cell names its column. An empty cell leaves the field
 * out (the API's default applies), `null` sends null; numbers and true/false are read as the request schema types
 * the field, and anything else is passed on as text for the API's own checks to refuse with their own words.
 *
 * Out: one row per household with its line number, its status and any error, then the amounts in pounds to the
 * penny: the totals of each system and, for each benefit, whether the household may get it and how much.
 */
import type { BatchAnswer } from '../../api/src/calculation/batch-answer.js';
import { BENEFIT_CODES, ONE_OFF_BENEFIT_CODES } from '../../engine/core/benefit.js';
import { CALCULATION_REQUEST } from '../../engine/validate-request.js';

type JsonObject = Record<string, unknown>;
type Segment = string | number;
type LeafType = 'string' | 'number' | 'integer' | 'boolean';

const SCHEMA = CALCULATION_REQUEST.schema as JsonObject;

/** `household.adults[0].earnings.amount` as ['household', 'adults', 0, 'earnings', 'amount']; null when not a path. */
export function segmentsOfColumn(column: string): Segment[] | null {
  if (!/^[A-Za-z][A-Za-z0-9]*(\[\d{1,3}\])*(\.[A-Za-z][A-Za-z0-9]*(\[\d{1,3}\])*)*$/.test(column)) return null;
  const segments: Segment[] = [];
  for (const part of column.split('.')) {
    const [name, ...indexes] = part.split('[');
    segments.push(name!, ...indexes.map((index) => Number(index.slice(0, -1))));
  }
  return segments;
}

/** The schema node a `$ref` names, or the node itself. */
function resolved(node: JsonObject): JsonObject {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const name = ref.replace('#/$defs/', '');
  return resolved((SCHEMA.$defs as Record<string, JsonObject>)[name]!);
}

/** The branch of an `anyOf` (a value or null) that is not null. */
function nonNull(node: JsonObject): JsonObject {
  const current = resolved(node);
  const branches = current.anyOf as JsonObject[] | undefined;
  if (!branches) return current;
  return resolved(branches.map(resolved).find((branch) => branch.type !== 'null') ?? current);
}

/** The type of the value a column holds, by the request schema; null when the schema has no such field. */
export function leafTypeOf(segments: readonly Segment[]): LeafType | null {
  let node = SCHEMA;
  for (const segment of segments) {
    node = nonNull(node);
    if (typeof segment === 'number') {
      if (node.type !== 'array') return null;
      node = node.items as JsonObject;
    } else {
      const properties = node.properties as Record<string, JsonObject> | undefined;
      if (!properties || !Object.hasOwn(properties, segment)) return null;
      node = properties[segment]!;
    }
  }
  node = nonNull(node);
  const type = Array.isArray(node.type) ? (node.type as string[]).find((name) => name !== 'null') : node.type;
  return type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' ? type : null;
}

export interface CsvColumn {
  name: string;
  segments: Segment[];
  type: LeafType;
}

/** The columns of a header row, checked: each must name one field of the request that holds a value, once. */
export function csvColumns(header: readonly string[]): { columns: CsvColumn[] } | { problems: string[] } {
  const problems: string[] = [];
  const columns: CsvColumn[] = [];
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    const segments = segmentsOfColumn(name);
    const type = segments && leafTypeOf(segments);
    if (seen.has(name)) problems.push(`Column ${index + 1} (${name}) is named twice.`);
    else if (!segments || !type)
      problems.push(
        `Column ${index + 1} (${JSON.stringify(raw.slice(0, 80))}) is not a field of the calculation request: name each column by its JSON path, such as household.adults[0].earnings.amount.`,
      );
    else columns.push({ name, segments, type });
    seen.add(name);
  });
  if (!columns.some((column) => column.segments[0] === 'household')) problems.push('No column names a field of the household.');
  return problems.length > 0 ? { problems } : { columns };
}

function cellValue(text: string, type: LeafType): unknown {
  if (text === 'null') return null;
  if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text.trim());
  if (type === 'boolean' && /^(true|false)$/i.test(text.trim())) return text.trim().toLowerCase() === 'true';
  return text;
}

/** One CSV row as the request the API takes: empty cells left out, lists without gaps filled with null. */
export function requestOfCsvRow(columns: readonly CsvColumn[], cells: readonly string[]): JsonObject {
  const request: JsonObject = {};
  columns.forEach((column, index) => {
    const text = cells[index] ?? '';
    if (text === '') return;
    let container: JsonObject | unknown[] = request;
    column.segments.forEach((segment, depth) => {
      const holder = container as Record<Segment, unknown>;
      if (depth === column.segments.length - 1) {
        holder[segment] = cellValue(text, column.type);
        return;
      }
      if (typeof holder[segment] !== 'object' || holder[segment] === null)
        holder[segment] = typeof column.segments[depth + 1] === 'number' ? [] : {};
      container = holder[segment] as JsonObject | unknown[];
    });
  });
  const fillGaps = (value: unknown): void => {
    if (Array.isArray(value)) for (let index = 0; index < value.length; index += 1) value[index] ??= null;
    if (typeof value === 'object' && value !== null) Object.values(value).forEach(fillGaps);
  };
  fillGaps(request);
  return request;
}

/** The header of the CSV output. */
export const CSV_OUTPUT_COLUMNS: readonly string[] = [
  'line',
  'statusCode',
  'errorCode',
  'errors',
  'date',
  'rulesVersion',
  'system',
  'totals.UNIVERSAL_CREDIT.weekly',
  'totals.UNIVERSAL_CREDIT.monthly',
  'totals.LEGACY_AND_PENSION_AGE.weekly',
  'totals.LEGACY_AND_PENSION_AGE.monthly',
  ...BENEFIT_CODES.flatMap((code) =>
    ONE_OFF_BENEFIT_CODES.includes(code)
      ? [`${code}.eligible`, `${code}.lumpSum`]
      : [`${code}.eligible`, `${code}.weekly`, `${code}.monthly`],
  ),
];

const pounds = (value: number) => value.toFixed(2);

/**
 * One household's row of the CSV output. Amounts are pounds to the penny; a benefit the household may get whose
 * amount cannot be worked out from the answers (`amountShown: false`) has empty amount cells, not 0.00.
 */
export function csvRowOfAnswer(line: number, answer: BatchAnswer): string[] {
  const empty = CSV_OUTPUT_COLUMNS.slice(4).map(() => '');
  if (answer.statusCode !== 200) {
    const { code, errors, message } = answer.body;
    return [
      String(line),
      String(answer.statusCode),
      code,
      errors.length > 0 ? errors.map((error) => error.message).join(' | ') : message,
      ...empty,
    ];
  }
  const response = answer.body;
  const byCode = new Map(response.benefits.map((benefit) => [benefit.code, benefit]));
  return [
    String(line),
    '200',
    '',
    '',
    response.date,
    response.rulesVersion,
    response.system,
    pounds(response.totals.UNIVERSAL_CREDIT.weekly),
    pounds(response.totals.UNIVERSAL_CREDIT.monthly),
    pounds(response.totals.LEGACY_AND_PENSION_AGE.weekly),
    pounds(response.totals.LEGACY_AND_PENSION_AGE.monthly),
    ...BENEFIT_CODES.flatMap((code) => {
      const benefit = byCode.get(code);
      // A one-off payment has its lump sum, never a weekly or monthly figure (both are always 0).
      if (ONE_OFF_BENEFIT_CODES.includes(code)) return benefit ? [String(benefit.eligible), pounds(benefit.lumpSum ?? 0)] : ['', ''];
      if (!benefit) return ['', '', ''];
      const shown = !benefit.eligible || benefit.amountShown;
      return [String(benefit.eligible), shown ? pounds(benefit.weekly) : '', shown ? pounds(benefit.monthly) : ''];
    }),
  ];
}

import { findHouseholds, householdBytes, householdText, tooManyMessage, type HouseholdList } from './household-list.js';

const LIMITS = { maxHouseholds: 5, maxDepth: 64, maxHouseholdBytes: 100 };
const find = (text: string, limits = LIMITS): HouseholdList => findHouseholds(new TextEncoder().encode(text), limits);
const households = (text: string, limits = LIMITS): string[] => {
  const list = find(text, limits);
  if (!list.ok) throw new Error(`refused: ${list.refusal.code}`);
  const bytes = new TextEncoder().encode(text);
  return Array.from({ length: list.count }, (_, index) => householdText(bytes, list.ranges, index));
};
const refusalOf = (text: string, limits = LIMITS) => {
  const list = find(text, limits);
  return list.ok ? null : list.refusal;
};

describe('finding the households of a batch body without building it', () => {
  it('finds each item of a JSON list as its own text, whatever the spacing, strings and nesting', () => {
    expect(households('[{"a":1},{"b":[1,2,{"c":"]},{["}]}]')).toEqual(['{"a":1}', '{"b":[1,2,{"c":"]},{["}]}']);
    expect(households(' \r\n\t[ {"a" : "x\\"y,z"} ,\n 42 , "text", null, [] ] \n')).toEqual([
      '{"a" : "x\\"y,z"}',
      '42',
      '"text"',
      'null',
      '[]',
    ]);
    // A byte order mark, which express.json's decoder dropped too.
    expect(households('\uFEFF[{}]')).toEqual(['{}']);
    // Multi-byte UTF-8 characters are left whole: none of their bytes is a bracket, comma or quote.
    expect(households('[{"name":"Siân Ó Briain ✓ 😀"}]')).toEqual(['{"name":"Siân Ó Briain ✓ 😀"}']);
  });

  it('answers what express.json in strict mode and the batch’s checks answered for a body that is not a list of households', () => {
    expect(refusalOf('{"date":"2026-11-21"}')).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(refusalOf('')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refusalOf('[]')).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The list is empty: send at least one household.',
    });
    for (const text of [
      '"households"',
      '42',
      'null',
      '{"a":',
      '[{"a":1}',
      '[{"a":1},]',
      '[,{"a":1}]',
      '[{"a":1}]]',
      '[{"a":1}] x',
      '[{"a":1} {"b":2}]',
      '[{]}]',
      '[1,,2]',
      '{"a":1',
    ])
      expect([text, refusalOf(text)?.code]).toEqual([text, 'INVALID_JSON']);
  });

  it('refuses more households than a batch may carry, saying how many it found, without parsing those past the limit', () => {
    expect(refusalOf('[1,2,3,4,5,6,7]')).toEqual({
      statusCode: 413,
      code: 'TOO_MANY_HOUSEHOLDS',
      message: 'The list has 7 households; one request may carry at most 5. Send the rest in another request.',
    });
    expect(households('[1,2,3,4,5]')).toHaveLength(5);
  });

  it('refuses a body nested more deeply than allowed, the list itself at depth 0', () => {
    const nested = (depth: number) => `[${'['.repeat(depth)}${']'.repeat(depth)}]`;
    expect(find(nested(63)).ok).toBe(true);
    expect(refusalOf(nested(64))).toEqual({
      statusCode: 400,
      code: 'BODY_TOO_DEEP',
      message: 'The request body nests more than 64 levels deep.',
    });
    // Millions of brackets are refused at the 64th, not walked.
    expect(refusalOf(`[${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}]`)?.code).toBe('BODY_TOO_DEEP');
  });

  it('leaves a household larger than one calculation may be unparsed, for its own line to refuse, and measures it', () => {
    const large = `{"padding":"${'x'.repeat(200)}"}`;
    const text = `[{"a":1},${large}]`;
    const list = find(text);
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(householdBytes(list.ranges, 0)).toBe(7);
    expect(householdBytes(list.ranges, 1)).toBe(large.length);
    // Unparsed, so even a broken one is the household's own problem, not the whole body's.
    expect(find(`[{"a":1},{"padding":"${'x'.repeat(200)}",}]`).ok).toBe(true);
  });

  // How long this takes is measured by `npm run bench:batch` (target under 2 s), not here: a timed test fails on a busy machine.
  it('reads a 16 MB list of tiny objects, the shape that took 10 s on the event loop, as a count and a refusal', () => {
    const text = `[${'{},'.repeat(5_600_000)}{}]`;
    expect(text.length).toBeGreaterThan(16 * 1024 * 1024);
    expect(refusalOf(text, { ...LIMITS, maxHouseholds: 10_000 })).toEqual({
      statusCode: 413,
      code: 'TOO_MANY_HOUSEHOLDS',
      message: tooManyMessage((5_600_001).toLocaleString('en-GB'), 10_000),
    });
  });
});

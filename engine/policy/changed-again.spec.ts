import { describe, expect, it } from '@jest/globals';
import type { PolicyEdit } from '../../common/policy/model.js';
import { changedAgainLinks, thingsSet } from './changed-again.js';

const value = (from: string, pence: number): PolicyEdit => ({
  kind: 'parameter-value',
  parameter: 'gov/hmrc/child_benefit/amount/eldest',
  from,
  value: pence,
  source: null,
});
const bandD = (authorities: string[]): PolicyEdit => ({
  kind: 'band-d',
  year: '2027/28',
  figures: authorities.map((authority) => ({ authority, bandD: 200000 })),
  source: null,
});

describe('a published change set changed again by another', () => {
  const published = [
    { id: 3, seq: 1, title: 'Child Benefit from April', edits: [value('2027-04-12', 2810), bandD(['E06000001', 'E06000002'])] },
    { id: 5, seq: 2, title: 'A correction', edits: [value('2027-04-12', 2815)] },
    { id: 7, seq: 3, title: 'Another rate', edits: [value('2027-06-01', 2900)] },
    { id: 9, seq: 4, title: 'Middlesbrough corrected', edits: [bandD(['E06000002'])] },
  ];

  it('links both ways: the later one that sets the same thing, and the earlier one it sets again', () => {
    expect(changedAgainLinks(published[0]!, published)).toEqual({
      changedAgainBy: [
        { id: 5, title: 'A correction' },
        { id: 9, title: 'Middlesbrough corrected' },
      ],
      changesAgain: [],
    });
    expect(changedAgainLinks(published[1]!, published)).toEqual({
      changedAgainBy: [],
      changesAgain: [{ id: 3, title: 'Child Benefit from April' }],
    });
    expect(changedAgainLinks(published[3]!, published)).toEqual({
      changedAgainBy: [],
      changesAgain: [{ id: 3, title: 'Child Benefit from April' }],
    });
  });

  it('does not link a value from another day: it sets a different thing', () => {
    expect(changedAgainLinks(published[2]!, published)).toEqual({ changedAgainBy: [], changesAgain: [] });
    expect(thingsSet(value('2027-04-12', 1))).not.toEqual(thingsSet(value('2027-06-01', 1)));
  });
});

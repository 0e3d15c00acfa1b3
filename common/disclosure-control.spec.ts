import {
  Cell,
  countFigure,
  DisclosureTable,
  DISCLOSURE_CONTROL,
  drawFromCellKey,
  figureText,
  moneyFigure,
  randomRound,
  shareFigure,
  shownFigure,
  withheldFigure,
  type Figure,
} from './disclosure-control.js';

/** Random record keys, as the database gives each calculation, from a seeded generator so a failure can be replayed. */
function keysFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return (x ^ (x >>> 14)) >>> 0;
  };
}

const cellOf = (keys: number[], pence: number[] = []) => keys.reduce((cell, key, index) => cell.add(key, pence[index] ?? 0), new Cell());
const valueOf = (figure: Figure) => {
  if (figure.withheld !== null) throw new Error(`withheld: ${figure.withheld}`);
  return figure.value;
};

describe('the threshold', () => {
  it('shows 0 as 0 where the asker does not choose the group, and a count of 1 to 9 as fewer than 10', () => {
    const key = keysFrom(1);
    expect(countFigure(new Cell(), 'shown')).toEqual(shownFigure(0));
    expect(figureText(countFigure(new Cell(), 'shown'))).toBe('0');
    for (let count = 1; count < 10; count++) {
      const figure = countFigure(cellOf(Array.from({ length: count }, key)), 'shown');
      expect(figure).toEqual(withheldFigure('fewer-than-10'));
      expect(figureText(figure)).toBe('fewer than 10');
    }
  });

  it('withholds 0 with 1 to 9 where the asker chooses the group, so none and a few read the same', () => {
    expect(countFigure(new Cell(), 'withheld')).toEqual(withheldFigure('too-few'));
    expect(countFigure(cellOf([1, 2, 3]), 'withheld')).toEqual(withheldFigure('too-few'));
  });

  it('never shows money as fewer than 10: from 1 to 9 households it is withheld, however large', () => {
    const figure = moneyFigure(cellOf([1, 2, 3], [5_000_000, 6_000_000, 7_000_000]), 'shown');
    expect(figure).toEqual(withheldFigure('too-few'));
    expect(figureText(figure)).toBe('withheld: too few');
    expect(moneyFigure(new Cell(), 'shown')).toEqual(shownFigure(0));
    expect(moneyFigure(new Cell(), 'withheld')).toEqual(withheldFigure('too-few'));
  });
});

describe('rounding drawn from the cell key', () => {
  it('rounds to a multiple of the base, up with the chance of how far past it is: nothing added on average', () => {
    expect(randomRound(40, 5, 0.99)).toBe(40);
    expect(randomRound(41, 5, 0.19)).toBe(45);
    expect(randomRound(41, 5, 0.2)).toBe(40);
    expect(randomRound(-3, 5, 0.5)).toBe(-5);
    let total = 0;
    for (let index = 0; index < 10_000; index++) total += randomRound(13, 5, (index + 0.5) / 10_000);
    expect(total / 10_000).toBeCloseTo(13, 2);
  });

  it('publishes a count of 10 or more as a multiple of 5, never below 10, within 4 of the truth', () => {
    const key = keysFrom(2);
    for (let count = 10; count < 200; count++) {
      const value = valueOf(countFigure(cellOf(Array.from({ length: count }, key)), 'shown'));
      expect(value % DISCLOSURE_CONTROL.countBase).toBe(0);
      expect(value).toBeGreaterThanOrEqual(10);
      expect(Math.abs(value - count)).toBeLessThan(DISCLOSURE_CONTROL.countBase);
    }
  });

  it('gives the same households the same figure, in whatever order they are added', () => {
    const key = keysFrom(3);
    const keys = Array.from({ length: 23 }, key);
    const pence = keys.map((_, index) => 100_000 + index * 7_919);
    const reversed = cellOf([...keys].reverse(), [...pence].reverse());
    expect(countFigure(cellOf(keys), 'shown')).toEqual(countFigure(reversed, 'shown'));
    expect(moneyFigure(cellOf(keys, pence), 'shown')).toEqual(moneyFigure(reversed, 'shown'));
    expect(drawFromCellKey(12345, 'countRounding')).toBe(drawFromCellKey(12345, 'countRounding'));
    expect(drawFromCellKey(12345, 'countRounding')).not.toBe(drawFromCellKey(12345, 'moneyRounding'));
  });

  it('draws evenly: the rounding of many cells averages out to the truth', () => {
    const key = keysFrom(4);
    let published = 0;
    let truth = 0;
    for (let cell = 0; cell < 2_000; cell++) {
      const count = 10 + (cell % 37);
      truth += count;
      published += valueOf(countFigure(cellOf(Array.from({ length: count }, key)), 'shown'));
    }
    expect(Math.abs(published - truth) / truth).toBeLessThan(0.01);
  });

  it('publishes money as a multiple of £10,000, within the largest contribution and the base of the truth', () => {
    const key = keysFrom(5);
    for (let cell = 0; cell < 500; cell++) {
      const pence = Array.from({ length: 10 + (cell % 30) }, (_, index) => 50_000 + ((index * 104_729 + cell * 7_907) % 2_000_000));
      const value = valueOf(
        moneyFigure(
          cellOf(
            pence.map(() => key()),
            pence,
          ),
          'shown',
        ),
      );
      const total = pence.reduce((sum, one) => sum + one, 0);
      expect(Math.abs(value % DISCLOSURE_CONTROL.moneyBasePence)).toBe(0);
      expect(Math.abs(value - total)).toBeLessThanOrEqual(Math.max(...pence) + DISCLOSURE_CONTROL.moneyBasePence);
    }
  });
});

describe('differencing two groups that differ by one household', () => {
  // The finding: a draft aimed at the only claimant aged 55 changed their household by -£5,266.20 a year. Two drafts,
  // aimed at 55 to 65 and at 56 to 65, differ by exactly that household; the fourteen others are the same in both.
  const ONE_PERSON = -526_620;
  const others = [
    -480_000, -512_340, -630_000, -455_500, -701_220, -390_000, -545_000, -602_500, -433_000, -498_760, -720_000, -515_000, -470_000,
    -560_000,
  ];

  it('gives neither their change nor their count, whatever keys the calculations drew', () => {
    const key = keysFrom(6);
    const differences = new Set<number>();
    for (let trial = 0; trial < 2_000; trial++) {
      const keys = others.map(() => key());
      const theirs = key();
      const withThem = cellOf([...keys, theirs], [...others, ONE_PERSON]);
      const without = cellOf(keys, others);
      const money = valueOf(moneyFigure(withThem, 'withheld')) - valueOf(moneyFigure(without, 'withheld'));
      const count = valueOf(countFigure(withThem, 'withheld')) - valueOf(countFigure(without, 'withheld'));
      // No difference comes within a quarter of their change: the nearest a multiple of £10,000 can be is £4,733.80.
      expect(Math.abs(money - ONE_PERSON)).toBeGreaterThan(Math.abs(ONE_PERSON) / 4);
      expect(count).not.toBe(1);
      expect(count % DISCLOSURE_CONTROL.countBase).toBe(0);
      differences.add(money);
    }
    // And the difference is not even a steady wrong answer: it varies with the keys, by more than the change itself.
    expect(Math.max(...differences) - Math.min(...differences)).toBeGreaterThan(2 * Math.abs(ONE_PERSON));
  });

  it('hides a change larger than the base too: a difference of one household moves by up to its own size', () => {
    const key = keysFrom(7);
    const large = -3_000_000; // £30,000 a year less
    const estimates: number[] = [];
    for (let trial = 0; trial < 2_000; trial++) {
      const keys = others.map(() => key());
      const withThem = cellOf([...keys, key()], [...others, large]);
      estimates.push(valueOf(moneyFigure(withThem, 'withheld')) - valueOf(moneyFigure(cellOf(keys, others), 'withheld')));
    }
    const within = estimates.filter((estimate) => Math.abs(estimate - large) <= Math.abs(large) / 10).length / estimates.length;
    // A single difference lands within 10% of the change only rarely; it is spread over the whole size of the change.
    expect(within).toBeLessThan(0.2);
    expect(Math.max(...estimates) - Math.min(...estimates)).toBeGreaterThanOrEqual(Math.abs(large));
  });
});

describe('a share', () => {
  it('is worked out from the published figures only, at most 100, and withheld with either', () => {
    expect(shareFigure(shownFigure(15), shownFigure(20))).toEqual(shownFigure(75));
    expect(shareFigure(shownFigure(15), shownFigure(10))).toEqual(shownFigure(100));
    expect(shareFigure(shownFigure(0), shownFigure(10))).toEqual(shownFigure(0));
    expect(shareFigure(withheldFigure('fewer-than-10'), shownFigure(10))).toEqual(withheldFigure('too-few'));
    expect(shareFigure(shownFigure(10), withheldFigure('would-reveal-another'))).toEqual(withheldFigure('would-reveal-another'));
    expect(shareFigure(shownFigure(0), shownFigure(0))).toBeNull();
  });
});

describe('secondary suppression', () => {
  const key = keysFrom(8);
  const cellOfCount = (count: number) => cellOf(Array.from({ length: count }, key));

  /** Months and their total, counts with 0 shown. */
  function months(counts: number[]) {
    const table = new DisclosureTable();
    const handles = counts.map((count) => table.count(cellOfCount(count), 'shown'));
    const total = table.count(cellOfCount(counts.reduce((sum, count) => sum + count, 0)), 'shown');
    table.sum(total, handles);
    table.protect();
    return { months: handles.map((handle) => table.figure(handle)), total: table.figure(total) };
  }

  it('withholds the smallest other month when one month is withheld, so the year minus the months gives nothing', () => {
    const { months: figures, total } = months([3, 0, 40, 25]);
    expect(figures[0]).toEqual(withheldFigure('fewer-than-10'));
    expect(figures[1]).toEqual(shownFigure(0));
    expect(figures[2]!.withheld).toBeNull();
    expect(figures[3]).toEqual(withheldFigure('would-reveal-another'));
    expect(total.withheld).toBeNull();
  });

  it('needs nothing more when the only month with any is under 10: so is the total', () => {
    const { months: figures, total } = months([0, 4, 0]);
    expect(figures).toEqual([shownFigure(0), withheldFigure('fewer-than-10'), shownFigure(0)]);
    expect(total).toEqual(withheldFigure('fewer-than-10'));
  });

  it('needs nothing more when two months are withheld already', () => {
    const { months: figures, total } = months([3, 5, 40]);
    expect(figures.map((figure) => figure.withheld)).toEqual(['fewer-than-10', 'fewer-than-10', null]);
    expect(total.withheld).toBeNull();
  });

  it('protects a figure never published: finished minus found something would give the 1 who found nothing', () => {
    const table = new DisclosureTable();
    const finished = table.count(cellOfCount(12), 'shown');
    const found = table.count(cellOfCount(11), 'shown');
    table.sum(finished, [found, table.unpublished(1, 'shown')]);
    table.protect();
    expect(table.figure(finished).withheld).toBeNull();
    expect(table.figure(found)).toEqual(withheldFigure('would-reveal-another'));
  });

  it('follows sums that only together give a figure back', () => {
    // all = a + b + c + d and some = b + c. Once c is withheld to protect b, each sum has two unknowns or more, yet
    // all minus some is a + d: with d published, a would be given back. So d is withheld too.
    const table = new DisclosureTable();
    const [a, b, c, d] = [3, 4, 20, 30].map((count) => table.count(cellOfCount(count), 'shown'));
    const all = table.count(cellOfCount(57), 'shown');
    const some = table.count(cellOfCount(24), 'shown');
    table.sum(all, [a!, b!, c!, d!]);
    table.sum(some, [b!, c!]);
    table.protect();
    expect([a, b, c, d, all, some].map((handle) => table.figure(handle!).withheld)).toEqual([
      'fewer-than-10',
      'fewer-than-10',
      'would-reveal-another',
      'would-reveal-another',
      null,
      null,
    ]);
  });

  it('leaves no month to be worked out from the year in management information’s shape: months, rows and year', () => {
    // Three calculations in one month and twenty in the next, each started, finished and finding something; the year
    // is tied to its months, and each row's finished to its found something and the unpublished found nothing.
    const table = new DisclosureTable();
    const period = (count: number) => {
      const handles = {
        started: table.count(cellOfCount(count), 'shown'),
        finished: table.count(cellOfCount(count), 'shown'),
        found: table.count(cellOfCount(count), 'shown'),
      };
      table.sum(handles.finished, [handles.found, table.unpublished(0, 'shown')]);
      return handles;
    };
    const months = [0, 3, 20, 0].map(period);
    const year = period(23);
    for (const column of ['started', 'finished', 'found'] as const)
      table.sum(
        year[column],
        months.map((month) => month[column]),
      );
    table.protect();
    for (const column of ['started', 'finished', 'found'] as const) {
      const hidden = months.filter((month) => table.figure(month[column]).withheld !== null).length;
      expect({ column, safe: hidden >= 2 || table.figure(year[column]).withheld !== null }).toEqual({ column, safe: true });
      // The year itself stays: what is withheld is the smallest that protects.
      expect(table.figure(year[column]).withheld).toBeNull();
    }
  });

  it('protects any table of months, rows and benefits without failing', () => {
    // Random tables in management information's shape: months of 0, 1 to 9 or more, some finding nothing, benefits
    // found by some. protect() ends, and in every sum a withheld figure of 1 to 9 is never the only one unknown.
    const random = keysFrom(9);
    const uniform = () => random() / 2 ** 32;
    const some = () => (uniform() < 0.3 ? 0 : uniform() < 0.5 ? 1 + Math.floor(uniform() * 9) : 10 + Math.floor(uniform() * 40));
    for (let trial = 0; trial < 300; trial++) {
      const table = new DisclosureTable();
      const counts = Array.from({ length: 12 }, () => {
        const finished = some();
        return { started: finished + Math.floor(uniform() * 5), finished, found: Math.floor(finished * (uniform() < 0.5 ? 1 : uniform())) };
      });
      const year = counts.reduce((sum, month) => ({
        started: sum.started + month.started,
        finished: sum.finished + month.finished,
        found: sum.found + month.found,
      }));
      const period = (count: typeof year) => {
        const handles = {
          started: table.count(cellOfCount(count.started), 'shown'),
          finished: table.count(cellOfCount(count.finished), 'shown'),
          found: table.count(cellOfCount(count.found), 'shown'),
        };
        table.sum(handles.finished, [handles.found, table.unpublished(count.finished - count.found, 'shown')]);
        return handles;
      };
      const months = counts.map(period);
      const whole = period(year);
      for (const column of ['started', 'finished', 'found'] as const)
        table.sum(
          whole[column],
          months.map((month) => month[column]),
        );
      for (let benefit = 0; benefit < 5; benefit++) {
        const found = Math.floor(year.found * uniform());
        table.sum(whole.found, [table.count(cellOfCount(found), 'shown'), table.unpublished(year.found - found, 'shown')]);
      }
      expect(() => table.protect()).not.toThrow();
      for (const column of ['started', 'finished', 'found'] as const) {
        const hidden = months.filter((month) => table.figure(month[column]).withheld !== null);
        if (hidden.length === 1) expect(table.figure(whole[column]).withheld).not.toBeNull();
      }
    }
  });

  it('refuses to read a figure before the table is protected', () => {
    const table = new DisclosureTable();
    const handle = table.count(cellOfCount(12), 'shown');
    expect(() => table.figure(handle)).toThrow('protect()');
  });
});

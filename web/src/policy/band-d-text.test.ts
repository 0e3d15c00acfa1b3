import { councilTaxYearsFrom, readBandDTable } from './band-d-text';

describe('a year’s Band D council tax pasted from the official table', () => {
  it('reads one council a line: its code and its Band D in pounds, whatever lies between', () => {
    const table = [
      'ONS code,Authority,Band D (£)',
      'E06000001,Hartlepool,"2,560.20"',
      'E08000003\tManchester\t£2,186.34',
      'W06000015 Cardiff 1,705.5',
      'S12000036  City of Edinburgh  1520',
      '',
    ].join('\n');
    expect(readBandDTable(table)).toEqual({
      figures: [
        { authority: 'E06000001', bandD: 256020 },
        { authority: 'E08000003', bandD: 218634 },
        { authority: 'W06000015', bandD: 170550 },
        { authority: 'S12000036', bandD: 152000 },
      ],
      problems: [],
    });
  });

  it('names each line it cannot read, and a council given twice', () => {
    expect(readBandDTable('Hartlepool 2,560.20\nE06000001 Hartlepool\nE08000003 2186.34\nE08000003 2190.00').problems).toEqual([
      'Line 1 has no council code, like E08000003.',
      'Line 2 (E06000001) has no Band D amount in pounds, like 2,186.34.',
      'Line 4 gives E08000003 again: give each council once.',
    ]);
    expect(readBandDTable('  \n').problems).toEqual(['Paste at least one council’s code and Band D, one council a line.']);
  });

  it('offers this council tax year and the next', () => {
    expect(councilTaxYearsFrom('2026-11-30')).toEqual([
      { value: '2026/27', text: '2026 to 2027' },
      { value: '2027/28', text: '2027 to 2028' },
    ]);
    expect(councilTaxYearsFrom('2027-03-31').map(({ value }) => value)).toEqual(['2026/27', '2027/28']);
    expect(councilTaxYearsFrom('2027-04-01').map(({ value }) => value)).toEqual(['2027/28', '2028/29']);
  });
});

import { councilTaxYearWords } from '../../../common/policy/words';

/**
 * A year's Band D council tax as a policy officer pastes it from the official table (MHCLG's spreadsheet, the Welsh
 * or Scottish Government's): one council a line, its code (E08000003) and its Band D a year in pounds, with anything
 * between (the council's name) and any separator (commas, tabs, spaces). Lines with neither a code nor an amount
 * (the table's headings) are passed over; every other line must give both, or it is named as a problem.
 */

const CODE = /\b([ESW]\d{8})\b/;
/** An amount in pounds, with an optional £, thousands commas and pence: 2,560.20 or £2560.2 or 2560. */
const AMOUNT = /£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/;

export interface BandDFigure {
  authority: string;
  bandD: number;
}

export function readBandDTable(text: string): { figures: BandDFigure[]; problems: string[] } {
  const figures: BandDFigure[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim().replace(/[",]+$/, '');
    if (!line) return;
    const code = CODE.exec(line)?.[1];
    const rest = code ? line.slice(line.indexOf(code) + code.length) : line;
    const amount = AMOUNT.exec(rest.replace(/"/g, '').trim());
    const lineName = `Line ${index + 1}`;
    if (!code && !amount) return;
    if (!code) return problems.push(`${lineName} has no council code, like E08000003.`);
    if (!amount) return problems.push(`${lineName} (${code}) has no Band D amount in pounds, like 2,186.34.`);
    const pence = Number(amount[1]!.replace(/,/g, '')) * 100 + Number((amount[2] ?? '0').padEnd(2, '0'));
    if (pence <= 0) return problems.push(`${lineName} (${code}) has a Band D of nothing: enter the amount a year.`);
    if (seen.has(code)) return problems.push(`${lineName} gives ${code} again: give each council once.`);
    seen.add(code);
    figures.push({ authority: code, bandD: pence });
  });
  if (figures.length === 0 && problems.length === 0) problems.push('Paste at least one council’s code and Band D, one council a line.');
  return { figures, problems };
}

/** The council tax years offered: this one and the next, as '2026/27' with their words ('2026 to 2027'). */
export function councilTaxYearsFrom(today: string): { value: string; text: string }[] {
  const year = Number(today.slice(0, 4));
  const start = today.slice(5) >= '04-01' ? year : year - 1;
  return [start, start + 1].map((first) => {
    const value = `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
    return { value, text: councilTaxYearWords(value) };
  });
}

import type { ReactNode } from 'react';
import { InfoTip } from './InfoTip';

/** Which total a row shows. */
export type TotalName = 'benefit' | 'other' | 'total' | 'afterHousingCosts';

/** The totals rows and what each means; Total Income's wording is the charity's own. */
const TOTAL_ROWS: { name: TotalName; label: string; tip: string }[] = [
  { name: 'benefit', label: 'Benefit Total', tip: 'The total of all the benefits listed for this system.' },
  {
    name: 'other',
    label: 'Other Income',
    tip: 'Income the household has other than these benefits, such as earnings, pensions and benefits not worked out here.',
  },
  {
    name: 'total',
    label: 'Total Income',
    tip: 'The total of all benefits and other income. This is the easiest way to see which case leaves the client with the highest income.',
  },
  {
    name: 'afterHousingCosts',
    label: 'After rent and council tax',
    tip: 'Total Income less the rent (with service charges) and the council tax. Where the scenarios have different homes, this shows which leaves the client best off.',
  },
];

/** The foot of an adviser's amounts table: Benefit Total, Other Income and Total Income, each with its tip, and a cell per calculation. */
export function TotalRows({ cells, rows = ['benefit', 'other', 'total'] }: { cells(total: TotalName): ReactNode[]; rows?: TotalName[] }) {
  return (
    <tfoot>
      {TOTAL_ROWS.filter((row) => rows.includes(row.name)).map((row) => (
        <tr key={row.name} className="adviser-table__total">
          <th scope="row">
            {row.label} <InfoTip label={row.label} text={row.tip} />
          </th>
          {cells(row.name).map((cell, index) => (
            <td key={index}>{cell}</td>
          ))}
        </tr>
      ))}
    </tfoot>
  );
}

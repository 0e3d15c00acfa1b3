import type { ApexOptions } from 'apexcharts';
import type { ComparisonColumn } from '../../../common/adviser/model';
import type { Period } from '../result/money';

/** The y axis names the period on screen, so monthly figures are never labelled weekly. */
export function yAxisTitle(period: Period): string {
  return `${period === 'weekly' ? 'Weekly' : 'Monthly'} household income (£)`;
}

export const TWO_DECIMALS = (value: number): string => `£${value.toFixed(2)}`;

/**
 * The compare column chart: a column per calculation, with benefits and other
 * income stacked so the column's height is the total income. The axis starts at 0; tooltips show pounds and pence.
 * A calculation that is not eligible has no amounts, as its '-' in the table says.
 */
export function compareChart(
  columns: ComparisonColumn[],
  period: Period,
): { options: ApexOptions; series: { name: string; data: number[] }[] } {
  const shown = (column: ComparisonColumn, amount: number) => (column.isEligible ? amount : 0);
  return {
    options: {
      chart: {
        type: 'bar',
        stacked: true,
        toolbar: { show: false },
        animations: { enabled: false },
        // The site's Content-Security-Policy refuses inline <style>; ApexCharts' own stylesheets come as files instead (CompareChart.tsx).
        injectStyleSheet: false,
        // Keyboard users can step through the columns and hear each figure, not only mouse users.
        accessibility: {
          enabled: true,
          description: `${yAxisTitle(period)} for each calculation: benefits and other income. The table below gives the same figures.`,
          keyboard: { enabled: true, navigation: { enabled: true } },
        },
      },
      plotOptions: { bar: { horizontal: false } },
      // The site's dark blue and green: each has at least 3:1 contrast with the white page (WCAG 1.4.11).
      colors: ['#1d3b72', '#00703c'],
      xaxis: { categories: columns.map((column) => column.name) },
      yaxis: { min: 0, title: { text: yAxisTitle(period) }, labels: { formatter: (value: number) => `£${value.toFixed(0)}` } },
      dataLabels: { enabled: false },
      tooltip: { y: { formatter: TWO_DECIMALS } },
      legend: { position: 'bottom' },
    },
    series: [
      { name: 'Benefit Total', data: columns.map((column) => shown(column, column.benefitTotal)) },
      { name: 'Other Income', data: columns.map((column) => shown(column, column.otherTotal)) },
    ],
  };
}

import Chart from 'react-apexcharts/core';
// Only the column chart, its legend and keyboard navigation, not the whole of ApexCharts: the chart's file is a fraction of the size.
import 'apexcharts/bar';
import 'apexcharts/features/legend';
import 'apexcharts/features/keyboard';
// ApexCharts would otherwise write these into inline <style> elements, which the Content-Security-Policy refuses.
import 'apexcharts/dist/apexcharts.css';
import 'apexcharts/dist/apexcharts-legend.css';
import type { ComparisonColumn } from '../../../common/adviser/model';
import type { Period } from '../result/money';
import { compareChart } from './compare-chart-options';

/** The compare chart itself. ApexCharts is large, so the compare screen loads this file only when it draws one. */
export default function CompareChart({ columns, period }: { columns: ComparisonColumn[]; period: Period }) {
  const { options, series } = compareChart(columns, period);
  return <Chart type="bar" height={350} options={options} series={series} />;
}

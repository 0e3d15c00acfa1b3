import Chart from 'react-apexcharts/core';
// Only the column chart and its keyboard navigation, as the caseload chart loads them.
import 'apexcharts/bar';
import 'apexcharts/features/keyboard';
// ApexCharts would otherwise write these into inline <style> elements, which the Content-Security-Policy refuses.
import 'apexcharts/dist/apexcharts.css';

// The site's blue and green, each with at least 3:1 contrast with the white page (WCAG 1.4.11); the legend and the
// table below name each series, so colour is never the only cue.
const COLOURS = ['#1d70b8', '#00703c', '#505a5f'];

export interface ChartSeries {
  name: string;
  /** null where the figure is withheld: no column is drawn. */
  data: (number | null)[];
}

/**
 * One column chart of the management information screen, loaded only with that screen. A withheld figure draws no
 * column; the table under each chart gives every figure, and why one is withheld.
 */
export default function ManagementInformationChart({
  title,
  categories,
  series,
  axisTitle,
  format = (value) => value.toLocaleString('en-GB'),
}: {
  title: string;
  categories: string[];
  series: ChartSeries[];
  axisTitle: string;
  format?: (value: number) => string;
}) {
  return (
    <Chart
      type="bar"
      height={320}
      series={series}
      options={{
        chart: {
          type: 'bar',
          toolbar: { show: false },
          animations: { enabled: false },
          injectStyleSheet: false,
          accessibility: {
            enabled: true,
            description: `${title}. The table below gives the same figures; a withheld figure is not drawn, and the table says why.`,
            keyboard: { enabled: true, navigation: { enabled: true } },
          },
        },
        colors: COLOURS.slice(0, series.length),
        legend: { show: series.length > 1 },
        dataLabels: { enabled: false },
        xaxis: { categories },
        yaxis: { min: 0, title: { text: axisTitle }, labels: { formatter: format } },
        tooltip: { y: { formatter: (value: number | null) => (value === null ? 'withheld (see the table)' : format(value)) } },
      }}
    />
  );
}

import Chart from 'react-apexcharts/core';
// Only the column chart and its keyboard navigation, as the caseload chart loads them.
import 'apexcharts/bar';
import 'apexcharts/features/keyboard';
// ApexCharts would otherwise write these into inline <style> elements, which the Content-Security-Policy refuses.
import 'apexcharts/dist/apexcharts.css';
import type { ImpactBand } from './policy-api';
import { chartLabelLines } from '../shared/count-axis';
import { countAxis, countLabel } from '../shared/count-axis';

/** A band as the chart draws it: `households` null where the figure is withheld (no column). */
type ChartBand = Omit<ImpactBand, 'households'> & { households: number | null };

// The site's red, grey and green (3:1 contrast with the page, WCAG 1.4.11); the band labels say less or more in
// words, so colour is never the only cue.
function colourOf(band: ChartBand): string {
  if (band.toPence !== null && band.toPence <= 0) return '#b10e1e';
  if (band.fromPence !== null && band.fromPence > 0) return '#00703c';
  return '#505a5f';
}

/** Households by change a month: loaded with the change set's impact only. The table beside it gives the same figures. */
export default function ImpactChart({ bands, title }: { bands: ChartBand[]; title: string }) {
  const largest = Math.max(1, ...bands.map((band) => band.households ?? 0));
  const axis = countAxis(largest);
  return (
    <Chart
      type="bar"
      height={320}
      series={[{ name: 'Households', data: bands.map((band) => band.households) }]}
      options={{
        chart: {
          type: 'bar',
          toolbar: { show: false },
          animations: { enabled: false },
          injectStyleSheet: false,
          accessibility: {
            enabled: true,
            description: `${title}. The table gives the same figures.`,
            keyboard: { enabled: true, navigation: { enabled: true } },
          },
        },
        plotOptions: { bar: { distributed: true } },
        colors: bands.map(colourOf),
        legend: { show: false },
        dataLabels: { enabled: true, formatter: (value) => (typeof value === 'number' ? countLabel(value) : '') },
        // Two short lines a band, level, so that every label is read whole on a narrow chart ('£100 or more' over 'a month less').
        xaxis: {
          categories: bands.map((band) => chartLabelLines(band.label)),
          labels: { rotate: 0, trim: false, hideOverlappingLabels: false },
          title: { text: 'Change in benefits a month' },
        },
        yaxis: {
          min: 0,
          max: axis.max,
          tickAmount: axis.tickAmount,
          title: { text: 'Households' },
          labels: { formatter: countLabel },
        },
        tooltip: {
          y: {
            formatter: (value: number | null) =>
              value === null ? 'withheld (see the table)' : `${value} ${value === 1 ? 'household' : 'households'}`,
          },
        },
      }}
    />
  );
}

import Chart from 'react-apexcharts/core';
// Only the column chart and its keyboard navigation, as the compare chart loads them.
import 'apexcharts/bar';
import 'apexcharts/features/keyboard';
// ApexCharts would otherwise write these into inline <style> elements, which the Content-Security-Policy refuses.
import 'apexcharts/dist/apexcharts.css';
import type { Period } from '../result/money';
import { countAxis, countLabel } from '../shared/count-axis';

// The site's red, grey and green, each with at least 3:1 contrast with the white page (WCAG 1.4.11); the band
// labels say gain or lose in words, so colour is never the only cue.
const KIND_COLOURS: Record<string, string> = { lose: '#b10e1e', same: '#505a5f', gain: '#00703c' };

/** The gainers and losers chart: how many clients in each band of total change. Loaded only with the caseload screen. */
export default function CaseloadChart({ bands, period }: { bands: { label: string; kind: string; count: number }[]; period: Period }) {
  const largest = Math.max(1, ...bands.map((band) => band.count));
  const axis = countAxis(largest);
  const title = `Clients by change in total benefits ${period === 'weekly' ? 'a week' : 'a month'}`;
  return (
    <Chart
      type="bar"
      height={320}
      series={[{ name: 'Clients', data: bands.map((band) => band.count) }]}
      options={{
        chart: {
          type: 'bar',
          toolbar: { show: false },
          animations: { enabled: false },
          injectStyleSheet: false,
          accessibility: {
            enabled: true,
            description: `${title}. The table below gives each client's figures.`,
            keyboard: { enabled: true, navigation: { enabled: true } },
          },
        },
        plotOptions: { bar: { distributed: true } },
        colors: bands.map((band) => KIND_COLOURS[band.kind]),
        legend: { show: false },
        dataLabels: { enabled: true, formatter: (value) => (typeof value === 'number' ? countLabel(value) : '') },
        xaxis: {
          categories: bands.map((band) => band.label),
          title: { text: `Change in total benefits (${period === 'weekly' ? 'a week' : 'a month'})` },
        },
        // Whole clients in round steps (countAxis): with few clients the axis would otherwise step in halves.
        yaxis: {
          min: 0,
          max: axis.max,
          tickAmount: axis.tickAmount,
          title: { text: 'Clients' },
          labels: { formatter: countLabel },
        },
        tooltip: { y: { formatter: (value: number) => `${value} ${value === 1 ? 'client' : 'clients'}` } },
      }}
    />
  );
}

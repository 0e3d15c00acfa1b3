import { BANDS_SCRIPT, runDataScript } from './data-script.js';

// npm run data:bands -- <csv>: loads addresses and their council tax bands into council_tax_addresses.
process.exitCode = await runDataScript(BANDS_SCRIPT, process.argv.slice(2), process.env, console);

import { BRMA_SCRIPT, runDataScript } from './data-script.js';

// npm run data:brma -- <csv>: loads a postcode to Broad Rental Market Area lookup into the postcode_brmas table.
process.exitCode = await runDataScript(BRMA_SCRIPT, process.argv.slice(2), process.env, console);

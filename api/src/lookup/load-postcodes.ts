import { POSTCODES_SCRIPT, runDataScript } from './data-script.js';

// npm run data:postcodes -- <ONSPD csv>: loads the ONS Postcode Directory into the postcodes table.
process.exitCode = await runDataScript(POSTCODES_SCRIPT, process.argv.slice(2), process.env, console);

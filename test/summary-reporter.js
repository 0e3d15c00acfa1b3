// Ends every Jest run with one plain line of counts, `tests: N passed, N failed, N skipped`, which CI reads.
// Jest prints its own summary after every reporter has finished, so the line is written as the process exits.
export default class SummaryReporter {
  onRunComplete(_testContexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`;
    process.once('exit', () => process.stderr.write(line));
  }
}

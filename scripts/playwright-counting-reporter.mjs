// A Playwright reporter that ends the run with the plain line CI reads: "e2e: N passed, N failed", after one
// "e2e failed: file:line › title" line per failed test (repeated by the summary of `npm test`).
export default class CountingReporter {
  passed = 0;
  failed = 0;
  names = [];
  onTestEnd(test, result) {
    if (result.status === 'skipped') return;
    // Count each test once, by its final outcome.
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed++;
    else {
      this.failed++;
      const where = `${test.location.file.replace(process.cwd() + '/', '')}:${test.location.line}`;
      this.names.push(`${where} › ${test.titlePath().filter(Boolean).slice(-2).join(' › ')} (${result.status})`);
    }
  }
  onEnd(result) {
    if (result.status !== 'passed' && this.failed === 0) this.failed = 1;
    for (const name of this.names) console.log(`e2e failed: ${name}`);
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed`);
  }
  printsToStdio() {
    return false;
  }
}

// A Playwright reporter that ends the run with the plain line CI reads: "e2e: N passed, N failed".
export default class CountingReporter {
  passed = 0;
  failed = 0;
  onTestEnd(test, result) {
    if (result.status === 'skipped') return;
    // Count each test once, by its final outcome.
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed++;
    else this.failed++;
  }
  onEnd(result) {
    if (result.status !== 'passed' && this.failed === 0) this.failed = 1;
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed`);
  }
  printsToStdio() {
    return false;
  }
}

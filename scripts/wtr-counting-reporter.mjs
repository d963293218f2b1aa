// A web-test-runner reporter that ends the run with the plain line CI reads: "wtr: N passed, N failed".
export function countingReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        for (const t of suite.tests) {
          if (t.skipped) continue;
          if (t.passed) passed++;
          else failed++;
        }
        for (const s of suite.suites) walk(s);
      };
      for (const s of sessions) {
        if (s.testResults) walk(s.testResults);
        // A file that failed to load has no results: count it as one failure so it cannot pass silently.
        else if (!s.passed) failed++;
        if (s.testResults && !s.passed && s.errors?.length) failed += s.errors.length;
      }
      console.log(`wtr: ${passed} passed, ${failed} failed`);
    },
  };
}

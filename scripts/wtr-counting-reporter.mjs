// A web-test-runner reporter that ends the run with the plain line CI reads: "wtr: N passed, N failed", after one
// "wtr failed: file › suite › test" line per failure (the summary of `npm test` repeats those lines at its end, where a
// CI log that keeps only its tail still shows them).
export function countingReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const names = [];
      const walk = (suite, file, path) => {
        for (const t of suite.tests) {
          if (t.skipped) continue;
          if (t.passed) passed++;
          else {
            failed++;
            names.push([file, ...path, t.name].join(' › '));
          }
        }
        for (const s of suite.suites) walk(s, file, [...path, s.name]);
      };
      for (const s of sessions) {
        const file = s.testFile.replace(process.cwd() + '/', '');
        if (s.testResults) walk(s.testResults, file, []);
        // A file that failed to load has no results: count it as one failure so it cannot pass silently.
        else if (!s.passed) {
          failed++;
          names.push(`${file} (did not load)`);
        }
        if (s.testResults && !s.passed && s.errors?.length) {
          failed += s.errors.length;
          for (const error of s.errors) names.push(`${file} › ${String(error.message ?? error).split('\n')[0]}`);
        }
      }
      for (const name of names) console.log(`wtr failed: ${name}`);
      console.log(`wtr: ${passed} passed, ${failed} failed`);
    },
  };
}

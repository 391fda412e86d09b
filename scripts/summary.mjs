// Prints one closing line for the whole run, "N passed, N failed", from the runners' JSON reports.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
/** Playwright tests that failed, then passed on CI's one retry: counted as passed, named here. */
const flaky = [];
for (const file of process.argv.slice(2)) {
  if (file.endsWith('.xml')) {
    // PHPUnit's JUnit log: the first <testsuite> holds the totals.
    const suite = /<testsuite\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
    const count = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
    failed += count('failures') + count('errors');
    skipped += count('skipped');
    passed += count('tests') - count('failures') - count('errors') - count('skipped');
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    if (report.stats.flaky > 0) flaky.push(...flakyTitles(report.suites ?? []));
  }
}

/** The titles of the tests Playwright reported flaky (its JSON report's suites, nested). */
function flakyTitles(suites, path = []) {
  const found = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') found.push(`[${test.projectName}] ${[...here, spec.title].join(' › ')}`);
      }
    }
    found.push(...flakyTitles(suite.suites ?? [], here));
  }
  return found;
}

// A flaky test passes CI (one retry) but is a defect of the suite (issue #10): say so loudly.
if (flaky.length > 0) {
  console.log(`${flaky.length} flaky (failed, then passed on retry; fix before it blocks someone):`);
  for (const title of flaky) console.log(`  ${title}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

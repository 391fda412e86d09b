// Prints one closing line for the whole run, "N passed, N failed", from the runners' JSON reports.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
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
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

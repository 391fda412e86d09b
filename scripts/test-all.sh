#!/usr/bin/env bash
# `npm test`: everything CI runs, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "System packages"
bash scripts/system-deps.sh
mkdir -p .cache/reports
rm -f .cache/reports/*
step "Lint and format"
npm run --silent lint
step "Type check"
npm run --silent typecheck
step "Build"
npm run --silent build
step "Bundle-size budget"
npx tsx scripts/budget.ts
step "Unit, component and story tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/reports/vitest.json
step "Storybook build"
npm run --silent build-storybook
step "End-to-end tests (Playwright, Debian's Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.cache/reports/playwright.json" npx playwright test --reporter=list,json
step "The WordPress plugin on a real WordPress (MariaDB, php -S, PHPUnit, Playwright)"
npx tsx scripts/package.ts
bash scripts/wordpress.sh run -- bash scripts/test-wordpress.sh
step "Summary"
node scripts/summary.mjs .cache/reports/vitest.json .cache/reports/playwright.json \
  .cache/reports/phpunit.xml .cache/reports/playwright-wordpress.json

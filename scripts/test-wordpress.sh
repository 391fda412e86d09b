#!/usr/bin/env bash
# The plugin's tests, run by `npm test` inside scripts/wordpress.sh (which sets WP_DIR and WP_URL):
# php -l on every PHP file, PHPUnit on the real WordPress, then Playwright against it.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "php -l on every PHP file"
find php-shim scripts/wordpress -name '*.php' -print0 | xargs -0 -n1 php -l >/dev/null

echo "PHPUnit (Debian's phpunit) on WordPress at $WP_DIR"
phpunit -c php-shim/tests/phpunit.xml.dist --log-junit .cache/reports/phpunit.xml

echo "Playwright against WordPress at $WP_URL"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.cache/reports/playwright-wordpress.json" \
  npx playwright test -c e2e/wordpress/playwright.config.ts --reporter=list,json

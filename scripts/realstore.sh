#!/usr/bin/env bash
# `npm run test:realstore [-- <playwright args>]`: the real-store suite (README, "The real-store suite").
#
# Finds the two real WooCommerce stores of ../shared/realstore (RIG_DIR, default $HOME/realwc as its
# README says), starts them with its start.sh when they are built but stopped (and stops them again at
# the end), packages the plugin (npm run package), installs shop-islands.zip into both stores and
# activates it and gives the tested products images (scripts/realstore.php), runs the journeys in
# Debian's Chromium
# (e2e/realstore/playwright.config.ts: projects wc78 and wc99), then prints the JS weight of the
# listing, product and cart pages with the plugin active and deactivated (e2e/realstore/weight.ts;
# REALSTORE_WEIGHT=0 skips it, REALSTORE_WEIGHT_RUNS=N sets the runs, default 3).
# Exits non-zero when the stores are missing (saying what they need) or when a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RIG=${REALSTORE_RIG:-$ROOT/../shared/realstore}
export RIG_DIR=${RIG_DIR:-$HOME/realwc}
RIG_DIR=${RIG_DIR%/}

needs() {
  cat >&2 <<EOF
test:realstore: $1

The suite runs against two real WooCommerce stores on 127.0.0.1 (WooCommerce 7.8.2 and 9.9.5 with
Storefront), built by the rig in ../shared/realstore (set REALSTORE_RIG if it is elsewhere):
  1. Debian packages (as root):
       apt-get install -y wordpress mariadb-server mariadb-client php-cli php-mysql php-curl php-gd \\
         php-intl php-mbstring php-xml php-zip php-bcmath rsync git python3 chromium unzip
  2. Git snapshots of four public repositories, each as <MIRROR>/<owner>+<name>/repo:
       dev-tung/onceoffice            (WooCommerce 7.8.2)
       php4dev/heroku-wordpress       (Storefront 3.6.0)
       kareemelbhnasawy/kreators-wp   (WordPress 6.9 + WooCommerce 9.9.5)
       misterizzo/marketingops        (WooCommerce Stripe Gateway)
  3. Build the stores (about 20 s; leaves them running):
       RIG_DIR=$RIG_DIR bash $RIG/setup.sh <MIRROR>
Then run \`npm run test:realstore\` again with the same RIG_DIR (now $RIG_DIR).
EOF
  exit 1
}

[ -f "$RIG/setup.sh" ] && [ -f "$RIG/start.sh" ] && [ -f "$RIG/lib/common.sh" ] ||
  needs "the rig is not at $RIG"
for cmd in php mariadbd unzip; do
  command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || needs "\`$cmd\` is not installed"
done
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || needs "Chromium is not at ${CHROMIUM_PATH:-/usr/bin/chromium}"
for site in wp wp9; do
  [ -f "$RIG_DIR/$site/wp-load.php" ] && [ -f "$RIG_DIR/$site/wp-config.php" ] ||
    needs "no store in $RIG_DIR/$site (RIG_DIR=$RIG_DIR)"
done
[ -d "$RIG_DIR/mysql/data/mysql" ] || needs "no MariaDB data in $RIG_DIR/mysql/data"
[ -s "$RIG_DIR/ids.json" ] && [ -s "$RIG_DIR/ids-wp9.json" ] || needs "no ids.json / ids-wp9.json in $RIG_DIR"

# The rig's ports (environment, then $RIG_DIR/rig.env, then its defaults), exported.
# shellcheck source=/dev/null
. "$RIG/lib/common.sh"

up() { curl -s -o /dev/null --max-time 20 "http://127.0.0.1:$1/wp-login.php"; }
db_up() { [ -f "$RIG_DIR/run/mysqld.pid" ] && kill -0 "$(cat "$RIG_DIR/run/mysqld.pid")" 2>/dev/null; }
STARTED=
if ! db_up || ! up "$REALWC_WP_PORT" || ! up "$REALWC_WP9_PORT"; then
  echo "test:realstore: starting the stores ($RIG/start.sh, RIG_DIR=$RIG_DIR)"
  bash "$RIG/start.sh" || needs "the stores in $RIG_DIR did not start (see $RIG_DIR/logs/)"
  STARTED=1
fi
stop_started() {
  if [ -n "$STARTED" ]; then
    echo "test:realstore: stopping the stores it started"
    bash "$RIG/stop.sh" || true
  fi
}
trap stop_started EXIT
up "$REALWC_WP_PORT" && up "$REALWC_WP9_PORT" || needs "the stores do not answer on ports $REALWC_WP_PORT / $REALWC_WP9_PORT"

echo "test:realstore: npm run package"
npm run package --silent
[ -s shop-islands.zip ] || { echo "test:realstore: npm run package wrote no shop-islands.zip" >&2; exit 1; }

for site in wp wp9; do
  port=$REALWC_WP_PORT
  [ "$site" = wp9 ] && port=$REALWC_WP9_PORT
  plugins=$RIG_DIR/$site/wp-content/plugins
  rm -rf "$plugins/shop-islands"
  # -DD: the files get the time of this install, not the zip's fixed date (every build has the same
  # one), so PHP's opcache sees them as changed and does not keep running the last install's code.
  unzip -q -o -DD shop-islands.zip -d "$plugins"
  REALWC_PORT=$port php scripts/realstore.php "$RIG_DIR/$site" activate
  REALWC_PORT=$port php scripts/realstore.php "$RIG_DIR/$site" images
  REALWC_PORT=$port php scripts/realstore.php "$RIG_DIR/$site" status
done

status=0
npx playwright test -c e2e/realstore/playwright.config.ts "$@" || status=$?

if [ "${REALSTORE_WEIGHT:-1}" != 0 ]; then
  npx tsx e2e/realstore/weight.ts --runs "${REALSTORE_WEIGHT_RUNS:-3}" || { [ "$status" != 0 ] || status=1; }
fi
exit "$status"

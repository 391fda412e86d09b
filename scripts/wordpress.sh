#!/usr/bin/env bash
# Runs a command against a real, throwaway WordPress with the plugin installed from its zip:
#
#   bash scripts/wordpress.sh run -- COMMAND [ARGS…]
#
# It starts MariaDB with a data directory of its own on 127.0.0.1, copies Debian's WordPress
# (/usr/share/wordpress) into a temporary directory, serves it with `php -S` on 127.0.0.1, installs it,
# installs shop-islands.zip (npm run package) with WordPress's own unzip_file(), activates it, and runs
# COMMAND with WP_DIR, WP_URL, WP_ADMIN_USER and WP_ADMIN_PASSWORD set. Everything it started is
# stopped, and the directory removed, when it exits, however it exits.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

[ "${1:-}" = run ] && [ "${2:-}" = -- ] && [ $# -ge 3 ] || {
  echo "usage: bash scripts/wordpress.sh run -- COMMAND [ARGS…]" >&2
  exit 2
}
shift 2

ZIP=$ROOT/shop-islands.zip
[ -f "$ZIP" ] || { echo "wordpress.sh: no shop-islands.zip: run 'npm run package' first." >&2; exit 1; }

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

TMP=$(mktemp -d -t shop-islands-wp.XXXXXX)
DB_PORT=$(free_port)
WP_PORT=$(free_port)
DB_PID=''
WP_PID=''
cleanup() {
  local status=$?
  # php -S runs in a session of its own: its worker processes go with the whole group.
  [ -n "$WP_PID" ] && { kill -- "-$WP_PID" 2>/dev/null || kill "$WP_PID" 2>/dev/null || true; }
  if [ -n "$DB_PID" ]; then
    kill "$DB_PID" 2>/dev/null || true
    # MariaDB shuts down cleanly on TERM; give it a moment before the directory goes.
    for _ in $(seq 50); do kill -0 "$DB_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$DB_PID" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ]; then
    # WordPress 6.1 on PHP 8.2 logs many deprecations of its own: leave those out.
    for log in "$TMP"/*.log; do
      [ -f "$log" ] && { echo "--- $log (last lines)"; grep -v 'PHP Deprecated' "$log" | tail -n 20; }
    done >&2
  fi
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT INT TERM

wait_for() { # wait_for SECONDS DESCRIPTION COMMAND…
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq $((seconds * 10))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "wordpress.sh: $what did not start within ${seconds}s" >&2
  return 1
}

echo "Starting MariaDB on 127.0.0.1:$DB_PORT"
mariadb-install-db --no-defaults --datadir="$TMP/db" --auth-root-authentication-method=normal \
  --user="$(id -un)" --skip-test-db >"$TMP/mariadb-install.log" 2>&1
mariadbd --no-defaults --datadir="$TMP/db" --socket="$TMP/mysqld.sock" --port="$DB_PORT" \
  --bind-address=127.0.0.1 --user="$(id -un)" --skip-log-bin --pid-file="$TMP/mysqld.pid" \
  >"$TMP/mariadb.log" 2>&1 &
DB_PID=$!
wait_for 60 MariaDB mariadb-admin --no-defaults --socket="$TMP/mysqld.sock" -uroot ping
mariadb --no-defaults --socket="$TMP/mysqld.sock" -uroot -e "
  CREATE DATABASE wordpress;
  CREATE USER 'wordpress'@'127.0.0.1' IDENTIFIED BY 'wordpress';
  GRANT ALL ON wordpress.* TO 'wordpress'@'127.0.0.1';"

WP_DIR=$TMP/wordpress
WP_URL=http://127.0.0.1:$WP_PORT
echo "Installing WordPress from /usr/share/wordpress into $WP_DIR"
cp -rL /usr/share/wordpress "$WP_DIR"
cp -r scripts/wordpress/theme "$WP_DIR/wp-content/themes/shop-islands-test"
salt() { node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"; }
# Our own wp-config.php in place of Debian's, which reads /etc/wordpress/config-HOST.php.
cat >"$WP_DIR/wp-config.php" <<PHP
<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wordpress' );
define( 'DB_PASSWORD', 'wordpress' );
define( 'DB_HOST', '127.0.0.1:$DB_PORT' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'AUTH_KEY', '$(salt)' );
define( 'SECURE_AUTH_KEY', '$(salt)' );
define( 'LOGGED_IN_KEY', '$(salt)' );
define( 'NONCE_KEY', '$(salt)' );
define( 'AUTH_SALT', '$(salt)' );
define( 'SECURE_AUTH_SALT', '$(salt)' );
define( 'LOGGED_IN_SALT', '$(salt)' );
define( 'NONCE_SALT', '$(salt)' );
define( 'WP_HOME', '$WP_URL' );
define( 'WP_SITEURL', '$WP_URL' );
define( 'WP_CONTENT_DIR', __DIR__ . '/wp-content' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', '$TMP/wp-debug.log' );
define( 'WP_DEBUG_DISPLAY', false );
define( 'FS_METHOD', 'direct' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
// No update checks, browser-version or news requests to api.wordpress.org: the machine is offline, and
// a request waiting on DNS held the dashboard (and a test logging in) for seconds.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
\$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP

WP_ADMIN_USER=admin
WP_ADMIN_PASSWORD=$(salt | cut -c1-20)
php scripts/wordpress/install.php "$WP_DIR" "$WP_URL" "$ZIP" "$WP_ADMIN_PASSWORD" | tee "$TMP/install.log"

echo "Serving WordPress on $WP_URL"
PHP_CLI_SERVER_WORKERS=4 setsid php -S "127.0.0.1:$WP_PORT" -t "$WP_DIR" scripts/wordpress/router.php \
  >"$TMP/php-server.log" 2>&1 &
WP_PID=$!
wait_for 30 "PHP's web server" node -e \
  "fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$WP_URL/wp-login.php"

export WP_DIR WP_URL WP_ADMIN_USER WP_ADMIN_PASSWORD WP_DEBUG_LOG=$TMP/wp-debug.log
"$@"

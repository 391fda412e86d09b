#!/usr/bin/env bash
# Makes sure the Debian packages the tests need are installed: Chromium for the browser tests, and
# PHP, MariaDB, WordPress and PHPUnit for the plugin's tests on a real WordPress. As root it
# installs what is missing with apt-get; otherwise it stops with one line saying what to install.
set -euo pipefail

NEEDED=(chromium php-cli php-mysql mariadb-server wordpress phpunit)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for pkg in "${NEEDED[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "npm test needs Debian's ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# apt is locked while another install runs: wait for it rather than fail.
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

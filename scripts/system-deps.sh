#!/usr/bin/env bash
# Makes sure the Debian packages the tests need are here. As root it installs what is missing with
# apt-get; otherwise it stops with one line saying what to install. Later milestones add php-cli,
# mariadb-server and wordpress to NEEDED.
set -euo pipefail

declare -A NEEDED=([chromium]=/usr/bin/chromium)

missing=()
for pkg in "${!NEEDED[@]}"; do
  [ -x "${NEEDED[$pkg]}" ] || missing+=("$pkg")
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

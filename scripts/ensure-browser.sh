#!/usr/bin/env bash
# `npm test` runs this first (pretest): the browser tours drive Debian's Chromium. When it is missing,
# install it where we can (root with apt), else stop at once with the one command to run, rather than
# let dozens of tours fail one by one.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: $browser is missing; installing Debian's chromium (apt-get install chromium)..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
fi
echo "pretest: the browser tours need Chromium at $browser. Install it with:" >&2
echo "  sudo apt-get install -y chromium     (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1

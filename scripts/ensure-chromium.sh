#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing (the playground tests drive it with playwright-core).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then echo "ensure-chromium: /usr/bin/chromium is missing and this is not root; install Debian's chromium" >&2; exit 1; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core > /dev/null
/usr/bin/chromium --version

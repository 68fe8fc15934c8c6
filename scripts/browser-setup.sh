#!/usr/bin/env bash
# Make sure the real-browser tests (pytest -m browser) can run: Debian's chromium at /usr/bin/chromium, driven by
# the Playwright Python package from the test extra (Playwright's own browser downloads are never used); and
# the arena's sandbox (tests/test_sandbox.py): Debian's bubblewrap at /usr/bin/bwrap (docs/isolation.md).
# CI runs this as root; elsewhere it uses sudo when a package must be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/bwrap ] || missing+=(bubblewrap)
if [ "${#missing[@]}" -gt 0 ]; then
  as_root=""
  [ "$(id -u)" -eq 0 ] || as_root="sudo"
  $as_root apt-get update
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y "${missing[@]}"
fi
/usr/bin/chromium --version
/usr/bin/bwrap --version
if ! .venv/bin/python -c "import playwright.sync_api, anywidget" 2>/dev/null; then
  echo "browser-setup: .venv lacks playwright or anywidget; run scripts/setup.sh with the test and play extras" >&2
  exit 1
fi

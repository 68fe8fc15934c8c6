#!/usr/bin/env bash
# Create .venv (if missing) and install townwidget editable with the extras given as $1 (default: test).
# Re-installs only when pyproject.toml or the extras changed.
set -euo pipefail
cd "$(dirname "$0")/.."
extras=${1:-test}
[ -x .venv/bin/python ] || python3 -m venv .venv
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)-${extras//,/_}"
if [ ! -f "$stamp" ]; then
  # this machine's pip configuration names local mirrors that may be absent; hide only those warnings
  quiet() { { "$@" 2>&1; } | { grep -v 'is neither a file nor a directory' || true; }; }
  quiet .venv/bin/python -m pip install --quiet --upgrade pip
  quiet .venv/bin/python -m pip install --quiet -e ".[${extras}]"
  touch "$stamp"
fi
# JupyterLab 4.4 sends widget messages over a kernel subshell per comm by default; with a second kernel open (two
# notebooks at one table) the kernel dropped some ("Cannot handle comm_msg: Unknown subshell_id"): the main shell
settings=.venv/share/jupyter/lab/settings
mkdir -p "$settings"
[ -f "$settings/overrides.json" ] || cp scripts/jupyterlab-overrides.json "$settings/overrides.json"

#!/usr/bin/env bash
# Fails when package-lock.json is not what a plain `npm install` records for package.json: a lock file
# pruned to one platform (missing the optional packages npm records for macOS, ARM, Windows…) or out of
# sync with package.json. `npm ci` needs a complete lock file; so do installs on other machines.
#
# Works on copies in a temporary folder, so node_modules and the real lock file are never touched.
# Usage: scripts/check-lockfile.sh [project-dir]   (exit 0 = complete and in sync, 1 = would change)
set -euo pipefail
dir="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$dir/package.json" "$dir/package-lock.json" "$work/"
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
if cmp -s "$dir/package-lock.json" "$work/package-lock.json"; then
  echo "package-lock.json is complete and in sync with package.json"
  exit 0
fi
echo "package-lock.json would change under 'npm install --package-lock-only':"
diff -u "$dir/package-lock.json" "$work/package-lock.json" | grep -E '^[-+]\s+"(node_modules/[^"]+|version)"' | head -20 || true
echo "Run a plain 'npm install' (no platform filters, no hand pruning) and commit package-lock.json."
exit 1

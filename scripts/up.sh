#!/usr/bin/env bash
# Quick start: install, build, and run the app on the embedded defaults (PGlite + pgvector in
# .data/pglite, built-in clinical engine), with the demo organization seeded and its sample faxes
# queued for processing. Set DATABASE_URL / OPENAI_BASE_URL to use real services instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
npx react-router build
export NODE_ENV=production
export DEV_OUTBOX="${DEV_OUTBOX:-1}"   # sign-in codes readable at /dev/outbox on this local instance
exec npx tsx server.ts --seed

#!/usr/bin/env bash
# Quick start: install, build, and run the app on the embedded defaults (PGlite + pgvector in
# .data/pglite, built-in clinical engine), with the demo organization seeded and its sample faxes
# queued for processing. Set DATABASE_URL / OPENAI_BASE_URL to use real services instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund     # exactly what the lock file pins; `npm install` only when changing dependencies
fi
bash scripts/setup-tesseract.sh   # native OCR where apt allows it; tesseract.js otherwise
npx react-router build
export NODE_ENV=production
export DEV_OUTBOX="${DEV_OUTBOX:-1}"   # sign-in codes readable at /dev/outbox on this local instance
exec npx tsx server.ts --seed

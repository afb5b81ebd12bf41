#!/usr/bin/env bash
# Prints the SQL that takes a database from the last migration's schema to prisma/schema.prisma.
# Usage: bash tools/prisma-sql/diff.sh [--from-empty]
# Needs a local PostgreSQL for the shadow database (127.0.0.1:5432, trust auth) unless --from-empty.
# Prisma 7's CLI cannot diff offline; Prisma 6.19.3's WASM schema engine can (../shared/STACK.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
[ -d node_modules/prisma ] || npm install --no-audit --no-fund >/dev/null
python3 - "$root/prisma/schema.prisma" "$here/schema.prisma" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s = re.sub(r'generator client \{.*?\n\}', 'generator client {\n  provider = "prisma-client-js"\n  engineType = "client"\n  previewFeatures = ["postgresqlExtensions", "driverAdapters"]\n}', s, flags=re.S)
s = s.replace('provider   = "postgresql"\n', 'provider   = "postgresql"\n  url = env("DATABASE_URL")\n  shadowDatabaseUrl = env("SHADOW_DATABASE_URL")\n', 1)
open(sys.argv[2], 'w').write(s)
PY
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if [ "${1:-}" = "--from-empty" ]; then
  npx prisma migrate diff --from-empty --to-schema-datamodel schema.prisma --script
else
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS prisma_shadow" -c "CREATE DATABASE prisma_shadow" >/dev/null
  export SHADOW_DATABASE_URL="postgresql://postgres@127.0.0.1:5432/prisma_shadow"
  npx prisma migrate diff --from-migrations "$root/prisma/migrations" --to-schema-datamodel schema.prisma \
    --shadow-database-url "$SHADOW_DATABASE_URL" --script
fi

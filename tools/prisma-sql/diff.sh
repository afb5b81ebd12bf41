#!/usr/bin/env bash
# Prints the SQL that takes a database from a previous schema to prisma/schema.prisma, for a new
# prisma/migrations/<timestamp>_<name>/migration.sql.
#   bash tools/prisma-sql/diff.sh              from the schema committed at HEAD to the working tree
#   bash tools/prisma-sql/diff.sh REV          from the schema at git revision REV
#   bash tools/prisma-sql/diff.sh --from-empty the whole schema
# Prisma 7's CLI cannot diff offline; Prisma 6.19.3's WASM schema engine can (../shared/STACK.md).
# It needs no database: it compares two datamodels (the shadow-database mode is not supported with
# a driver adapter). Review the output: vector indexes must stay HNSW (see the init migration).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
[ -d node_modules/prisma ] || npm install --no-audit --no-fund >/dev/null 2>&1
derive() {
  python3 - "$1" "$2" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
s = re.sub(r'generator client \{.*?\n\}', 'generator client {\n  provider = "prisma-client-js"\n  engineType = "client"\n  previewFeatures = ["postgresqlExtensions", "driverAdapters"]\n}', s, flags=re.S)
s = s.replace('provider   = "postgresql"\n', 'provider   = "postgresql"\n  url = env("DATABASE_URL")\n', 1)
open(sys.argv[2], 'w').write(s)
PY
}
derive "$root/prisma/schema.prisma" "$here/schema.prisma"
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
if [ "${1:-}" = "--from-empty" ]; then
  npx prisma migrate diff --from-empty --to-schema-datamodel schema.prisma --script
else
  git -C "$root" show "${1:-HEAD}:prisma/schema.prisma" > "$here/previous.raw.prisma"
  derive "$here/previous.raw.prisma" "$here/previous.prisma"
  npx prisma migrate diff --from-schema-datamodel previous.prisma --to-schema-datamodel schema.prisma --script
fi

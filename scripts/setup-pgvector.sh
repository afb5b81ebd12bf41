#!/usr/bin/env bash
# Installs the pgvector extension into the local PostgreSQL server when it is missing.
# Debian bookworm has no pgvector package for PostgreSQL 15, so this builds Debian's source package
# (trixie, 0.8.x) against the server's pg_config (../shared/STACK.md). Skips when already installed.
# Needs root (apt-get, make install). Safe to run repeatedly.
set -euo pipefail

PG_CONFIG="${PG_CONFIG:-}"
if [ -z "$PG_CONFIG" ]; then
  PG_CONFIG=$(ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V | tail -n1 || true)
fi
if [ -z "$PG_CONFIG" ] || [ ! -x "$PG_CONFIG" ]; then
  ver=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n1 || true)
  if [ -z "$ver" ]; then echo "setup-pgvector: no PostgreSQL server installed here; skipping." >&2; exit 0; fi
  PG_CONFIG=/usr/lib/postgresql/$ver/bin/pg_config
fi
sharedir=$("$PG_CONFIG" --sharedir 2>/dev/null || true)
if [ -n "$sharedir" ] && [ -f "$sharedir/extension/vector.control" ]; then
  echo "setup-pgvector: pgvector already installed ($sharedir/extension/vector.control)."
  exit 0
fi
major=$(basename "$(dirname "$(dirname "$PG_CONFIG")")")
echo "setup-pgvector: building pgvector for PostgreSQL $major ..."
if [ "$(id -u)" != "0" ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s "postgresql-server-dev-$major" >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "postgresql-server-dev-$major" build-essential dpkg-dev >/dev/null
fi
work=$(mktemp -d)
srclist=/etc/apt/sources.list.d/pgvector-src-trixie.list
echo "deb-src http://deb.debian.org/debian trixie main" | $SUDO tee "$srclist" >/dev/null
cleanup() { $SUDO rm -f "$srclist"; $SUDO apt-get update -qq >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
$SUDO apt-get update -qq
( cd "$work" && apt-get source -qq --download-only pgvector >/dev/null 2>&1 || apt-get source -qq pgvector >/dev/null )
( cd "$work" && { ls -d pgvector-*/ >/dev/null 2>&1 || dpkg-source -x ./*.dsc >/dev/null; } )
src=$(ls -d "$work"/pgvector-*/ | head -n1)
make -s -C "$src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
$SUDO make -s -C "$src" PG_CONFIG="$PG_CONFIG" install >/dev/null
echo "setup-pgvector: installed into $("$PG_CONFIG" --sharedir)/extension."

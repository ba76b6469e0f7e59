#!/usr/bin/env bash
# npm test — the whole suite, on a fresh machine of this kind or a developer's:
# installs what is missing (Debian's Chromium, PostgreSQL, R and numpy; npm packages), starts a
# throwaway PostgreSQL on loopback, then runs type-check, unit + integration tests (SQLite and
# PostgreSQL), a production build, and the Playwright flows against SQLite and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
started=$(date +%s)
step() { printf '\n== %s  (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

step "system packages"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -n "$(pg_bin)" ] || missing+=(postgresql)
# The reproducibility package's scripts are rerun by the tests: Python with numpy, and R.
python3 -c "import numpy" 2>/dev/null || missing+=(python3-numpy)
command -v Rscript >/dev/null || missing+=(r-base-core)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-noto-cjk >/dev/null
fi
PG_BIN=$(pg_bin)
# Now installed: the package tests must not skip R.
export CLINAUDIT_REQUIRE_R=1

step "npm packages"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi
npm run --silent db:generate >/dev/null

step "throwaway PostgreSQL on loopback"
pg_dir=$(mktemp -d /tmp/clinaudit-pg.XXXXXX)
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$pg_dir"; as_pg() { su postgres -s /bin/sh -c "$*"; }; else as_pg() { sh -c "$*"; }; fi
as_pg "'$PG_BIN/initdb' -D '$pg_dir/data' --auth=trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null"
as_pg "'$PG_BIN/pg_ctl' -D '$pg_dir/data' -l '$pg_dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $pg_port -k $pg_dir -c fsync=off\" start >/dev/null"
stop_pg() { as_pg "'$PG_BIN/pg_ctl' -D '$pg_dir/data' -m immediate stop >/dev/null 2>&1" || true; rm -rf "$pg_dir"; }
trap stop_pg EXIT
export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"

step "type-check"
npx tsc --noEmit -p .

step "unit and integration tests (SQLite + PostgreSQL)"
npx vitest run

step "production build"
npx next build >/dev/null
echo "built"

step "Playwright flows on SQLite"
E2E_DATA_DIR=./data/e2e-sqlite npx playwright test

step "Playwright flows on PostgreSQL"
# Every flow ran on SQLite above, and every server function runs on both engines in the
# integration tests. Here the flows that write through the database the most — imports, saves,
# sessions and throttling, adjudication, corrections, the trail, permissions — run again on
# PostgreSQL; pages that only render (a11y, CSP, keys, languages, the viewer) are not repeated.
# This keeps CI under 30 minutes on 2 cores.
postgres_flows=(account accounts-admin adjudication adjudication-notes auth blinding corrected cutoff datasets evaluation
  fhir findings live-dashboard organizer-extend package permissions review review-order session upload)
specs=(); for f in "${postgres_flows[@]}"; do specs+=("e2e/$f.spec.ts"); done
psql "$TEST_POSTGRES_URL" -qc "CREATE DATABASE clinaudit_e2e" >/dev/null
E2E_DATA_DIR=./data/e2e-postgres E2E_DATABASE_URL="postgresql://postgres@127.0.0.1:$pg_port/clinaudit_e2e" \
  npx playwright test "${specs[@]}"

step "all tests passed"

#!/usr/bin/env bash
# npm test — the whole suite, on a fresh machine of this kind or a developer's:
# installs what is missing (Debian's Chromium, PostgreSQL, R and numpy; npm packages), starts a
# throwaway PostgreSQL on loopback, then runs a production build, type-check and lint, unit +
# integration tests (SQLite and PostgreSQL), and the Playwright flows against SQLite and PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1
started=$(date +%s)
# Each heading shows the wall time so far and the CPU time (user + sys) of the finished commands so
# far, which a busy machine disturbs less. `times` runs in the shell itself (in a command
# substitution it would count only that subshell); the PostgreSQL daemon is not counted.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
clock() {
  times >"$times_file"
  cpu_s=$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%d", s }' "$times_file")
  wall_s=$(( $(date +%s) - started ))
}
step() { clock; printf '\n== %s  (%ss, cpu %ss)\n' "$*" "$wall_s" "$cpu_s"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

step "system packages"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# The flows run in Chromium's headless shell when it is installed (playwright.config.ts says why),
# else in the full browser: a faster run, not a requirement, so a failed install only says so.
headless_shell=0
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/bin/chromium-headless-shell ] || headless_shell=1
[ -n "$(pg_bin)" ] || missing+=(postgresql)
# The reproducibility package's scripts are rerun by the tests: Python with numpy, and R.
python3 -c "import numpy" 2>/dev/null || missing+=(python3-numpy)
command -v Rscript >/dev/null || missing+=(r-base-core)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-noto-cjk >/dev/null
fi
if [ "$headless_shell" = 1 ]; then
  echo "installing from Debian: chromium-headless-shell"
  { [ ${#missing[@]} -gt 0 ] || as_root apt-get update -qq; } &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null ||
    echo "could not install chromium-headless-shell: the flows run in the full browser"
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
stop_pg() { as_pg "'$PG_BIN/pg_ctl' -D '$pg_dir/data' -m immediate stop >/dev/null 2>&1" || true; rm -rf "$pg_dir" "$times_file"; }
trap stop_pg EXIT
export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"

step "production build"
# The build's own type check is skipped (~20 s on 2 cores): tsc below checks the whole tree,
# including the route types the build generates into .next/types.
CLINAUDIT_BUILD_TYPECHECKED=1 npx next build >/dev/null
echo "built"

step "type-check and lint"
npx tsc --noEmit -p .
npm run --silent lint

step "unit and integration tests (SQLite + PostgreSQL)"
# Two workers on two cores (vitest.config.mts; vitest's default is cores - 1, i.e. one): with one
# worker the 215 files took 470 s wall for ~640 s CPU on a quiet 2-core machine, so half the second
# core sat idle while files waited on a database, a child process (R, Python, the CLI) or the disk.
# Most files share their worker's modules (vitest.config.mts): 229 files, 912 s CPU isolated
# against 428 s shared, same machine, same hour.
npx vitest run


# The Playwright runs. One run is one server (`npm start` in demo mode), one browser and one worker,
# because its flows share that server's demo data. Runs are independent of each other — their own
# data dir, database, ports (E2E_PORT, +1 the test IdP, +2 the upload-cap server, +3 the crash
# server) and results folder — so with cores to spare they run side by side: all flows on SQLite
# in E2E_SQLITE_SHARDS parts (Playwright's --shard, whole spec files per part) and the PostgreSQL
# subset, the first to fail stopping the others. On 2 cores they run one after the other: three
# servers and browsers at once pushed the load to 15-19 and failed flows on their 5 s waits
# (a sign-in redirect, an import report), so E2E_SIDE_BY_SIDE defaults to 1 only with >= 4 cores.
# Each output line is prefixed with its run's name.
port_base=${E2E_PORT_BASE:-3100}
cores=$(nproc 2>/dev/null || echo 2)
side_by_side=${E2E_SIDE_BY_SIDE:-$([ "$cores" -ge 4 ] && echo 1 || echo 0)}
pids=()
declare -A names
# Stopping a run stops its whole process tree, listed before the first signal: Playwright starts its
# servers in process groups of their own, which a signal to the run's group would miss.
tree() { local child; echo "$1"; for child in $(ps -o pid= --ppid "$1"); do tree "$child"; done; }
stop_flows() { local pid; for pid in "${pids[@]}"; do kill $(tree "$pid") 2>/dev/null || true; done; }
trap 'stop_flows; stop_pg' EXIT
# flows NAME PORT [VAR=value...] -- [playwright test arguments...]: one run in the background,
# in a process group of its own.
flows() {
  local name=$1 port=$2; shift 2
  local env=(E2E_PORT="$port" E2E_UPLOAD_PORT=$((port + 2)) E2E_CRASH_PORT=$((port + 3))
    E2E_DATA_DIR="./data/e2e-$name" E2E_OUTPUT_DIR="test-results/$name")
  while [ "$1" != -- ]; do env+=("$1"); shift; done; shift
  setsid bash -c 'set -o pipefail; env "$@" 2>&1 | sed -u "s/^/[$0] /"' "$name" \
    "${env[@]}" npx playwright test "$@" &
  pids+=($!); names[$!]=$name
  [ "$side_by_side" = 1 ] || wait_flows
}
# Waits for every started run; the first to fail stops the others and the suite.
wait_flows() {
  for _ in "${pids[@]}"; do
    if wait -n -p done_pid; then
      clock; printf '== Playwright flows %s passed  (%ss, cpu %ss)\n' "${names[$done_pid]}" "$wall_s" "$cpu_s"
    else
      printf '\n== FAILED: Playwright flows %s (its lines above, prefixed [%s]); stopping the others\n' "${names[$done_pid]}" "${names[$done_pid]}"
      exit 1
    fi
  done
  pids=()
}

step "Playwright flows on SQLite and on PostgreSQL ($([ "$side_by_side" = 1 ] && echo "side by side" || echo "one after the other") on $cores cores)"
# Every flow runs on SQLite, and every server function runs on both engines in the integration
# tests (tests/integration/databases.ts). What only a running app on PostgreSQL shows is repeated
# there: the start script (migrations under the advisory lock, first-start setup), the job queue
# (pg-boss: dataset imports through the upload page, FHIR included, and evaluation reports run in
# a worker), the raw-SQL row writer of imports (lib/server/datasets/rows.ts), the saves of a whole
# review, and the cutoff rule on stored dates. The other flows render through the same Prisma
# queries on either engine; repeating them took ~13 min of a 45-min run on 2 cores for ~4.
postgres_flows=(cutoff datasets evaluation fhir review upload)
specs=(); for f in "${postgres_flows[@]}"; do specs+=("e2e/$f.spec.ts"); done
psql "$TEST_POSTGRES_URL" -qc "CREATE DATABASE clinaudit_e2e" >/dev/null
# E2E_SQLITE_SHARDS=1 runs all SQLite flows in one run (the default when one after the other).
shards=${E2E_SQLITE_SHARDS:-$([ "$side_by_side" = 1 ] && echo 2 || echo 1)}
for i in $(seq 1 "$shards"); do flows "sqlite-$i" $((port_base + 4 * (i - 1))) -- "--shard=$i/$shards"; done
flows postgres $((port_base + 4 * shards)) E2E_DATABASE_URL="postgresql://postgres@127.0.0.1:$pg_port/clinaudit_e2e" -- "${specs[@]}"
wait_flows

step "all tests passed"

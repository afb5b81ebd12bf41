#!/usr/bin/env bash
# The whole test suite, from a fresh clone: install, prepare PostgreSQL + pgvector and Chromium where
# this machine allows it, then typecheck, lint (ESLint with import boundaries) and format (Prettier) checks, unit + integration tests (real PostgreSQL and the embedded database),
# the production build, Playwright in Chromium, and the evaluation on ../shared/eval/dev.
#
# Without a reachable PostgreSQL it still runs everything the embedded database can prove and says
# which multi-process tests it could not run. With CI=true a missing PostgreSQL is an error.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=6144"
failures=0
steps_passed=0
# each step's wall time, printed when it ends and again in a table at the end
step_name=""
step_start=$SECONDS
durations=()
end_step() {
  if [ -n "$step_name" ]; then
    local d=$((SECONDS - step_start))
    durations+=("$(printf '%6ds  %s' "$d" "$step_name")")
    echo "── ${step_name}: ${d} s"
  fi
  step_name=""
}
step() { end_step; step_name="$*"; step_start=$SECONDS; echo; echo "══ $* ══"; }
failed_steps=()
record() { if [ "$1" -eq 0 ]; then steps_passed=$((steps_passed + 1)); else failures=$((failures + 1)); failed_steps+=("$2"); echo "!! step failed: $2"; fi; }
# A CI service may keep only the tail of this output: the failing tests of a failed step are printed
# again at the very end (from these logs), after the table of step durations.
failure_excerpt() { # step-name log-file pattern: the lines of a failed step's log that name what failed
  echo "── ${1}: what failed (from ${2})"
  grep -aE "$3" "$2" | sed -E 's/\x1b\[[0-9;]*m//g' | head -n 40
}

step "install (npm ci from the lock file)"
if [ ! -f node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || { echo "npm ci failed (is package-lock.json in sync with package.json?)"; exit 1; }
fi

step "lock file complete (npm install --package-lock-only would not change it)"
bash scripts/check-lockfile.sh
record $? "lock file"

step "PostgreSQL + pgvector"
PG_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
pg_ready() { node -e '
  const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 2000 });
  c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));' "$PG_URL"; }
if ! pg_ready && command -v pg_ctlcluster >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  [ -n "$ver" ] && pg_ctlcluster --skip-systemctl-redirect "$ver" main start >/dev/null 2>&1 || true
  sleep 2
fi
HAVE_PG=0
if pg_ready; then
  if [ "$(id -u)" = "0" ]; then bash scripts/setup-pgvector.sh || echo "pgvector setup failed"; fi
  if node -e '
    const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query("select 1 from pg_available_extensions where name = $1", ["vector"]))
     .then((r) => c.end().then(() => process.exit(r.rowCount ? 0 : 1)), () => process.exit(1));' "$PG_URL"; then
    HAVE_PG=1
    echo "PostgreSQL with pgvector at $PG_URL"
  else
    echo "PostgreSQL is reachable but has no pgvector extension."
  fi
fi
if [ "$HAVE_PG" = 0 ]; then
  if [ "${CI:-}" = "true" ]; then echo "CI needs PostgreSQL 15 with pgvector at $PG_URL"; exit 1; fi
  echo "NOTE: no PostgreSQL with pgvector reachable: integration tests use the embedded database;"
  echo "      the multi-process worker tests (two workers on one PostgreSQL, SIGKILL recovery) CANNOT run here."
  export TEST_EMBEDDED_ONLY=1
fi

step "Chromium for Playwright"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "could not install chromium"
  fi
fi

step "native OCR (tesseract-ocr)"
bash scripts/setup-tesseract.sh

# tsc and ESLint each keep one core busy for about two minutes: they run side by side (ESLint's
# typed rules need the generated route types, so typegen comes first), each with its own output.
step "prisma generate + typecheck, lint (ESLint: correctness + import boundaries) and format (Prettier), side by side"
npx prisma generate >/dev/null && npx react-router typegen >/dev/null
gen_rc=$?
mkdir -p tmp
npx tsc --noEmit > tmp/ci-typecheck.log 2>&1 &
tsc_pid=$!
# The integration tests' development build of the app (.test-build, tests/support/test-build.ts) is
# made here too: in vitest's globalSetup every test file would wait for it with a core idle. Vitest
# finds it up to date (same sources) or, if this build failed, makes it again and reports the failure.
npx tsx --eval 'import("./tests/support/test-build.ts").then(async (m) => { const t0 = Date.now(); const r = await m.ensureTestBuild(); console.log(`app test build (.test-build): ${r.built ? "built" : "up to date"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`); }).catch((e) => { console.error(e); process.exit(1); })' > tmp/ci-test-build.log 2>&1 &
test_build_pid=$!
(npx eslint . && npx prettier --check . --log-level warn) > tmp/ci-lint.log 2>&1
lint_rc=$?
wait $tsc_pid
tsc_rc=$?
wait $test_build_pid || echo "── the app test build failed here; vitest's globalSetup makes it again and shows why"
cat tmp/ci-test-build.log
echo "── typecheck:"; cat tmp/ci-typecheck.log
echo "── lint/format:"; cat tmp/ci-lint.log
[ $gen_rc -eq 0 ] && [ $tsc_rc -eq 0 ]
record $? "typecheck"
record $lint_rc "lint/format"

# Vitest's globalSetup first migrates a template database and checks the app's development-mode
# build in .test-build/ (tests/support/test-build.ts, made in the step above), which every integration file loads; the
# `embedded` project reuses that build, and the production build (build/) comes after this step (the
# evaluation then runs beside Playwright, below).
# With PostgreSQL the database-facing files of EMBEDDED_FILES (vitest.config.ts) run a second time
# on the embedded database, as the `embedded` project of the same run: they share its forks.
step "unit + integration tests (vitest$([ "$HAVE_PG" = 1 ] && echo ', PostgreSQL, and the database-facing files again on the embedded database'))"
VITEST_EMBEDDED_AGAIN=$HAVE_PG npx vitest run --maxWorkers="${VITEST_MAX_WORKERS:-3}" --reporter=default --reporter=json --outputFile.json=tmp/vitest-report.json 2>&1 | tee tmp/ci-vitest.log
record $? "vitest"
# the slowest files of the run (issue 26: where the suite's time goes, from the run itself)
node scripts/slowest-tests.mjs tmp/vitest-report.json 12 || true

eval_dev() { mkdir -p tmp && npm run --silent eval -- ../shared/eval/dev --out tmp/eval-dev-report.json; }
HAVE_EVAL=0
[ -d ../shared/eval/dev ] && HAVE_EVAL=1
HAVE_CHROMIUM=0
[ -x /usr/bin/chromium ] && HAVE_CHROMIUM=1

# Playwright runs one browser against one server, one spec file after another (about five minutes on
# a quiet machine): the evaluation (one process) runs beside it, in a background lane with its own log,
# printed (and counted) when Playwright is done. The embedded-database files no longer run in that lane
# (issue 26: two processes beside Playwright tripled its time); they are a project of the vitest run.
LANE=0
[ "$HAVE_CHROMIUM" = 1 ] && [ "$HAVE_EVAL" = 1 ] && LANE=1
lane_pid=""
if [ "$LANE" = 1 ]; then
  mkdir -p tmp
  rm -f tmp/ci-lane-eval.*
  (
    t0=$SECONDS
    eval_dev > tmp/ci-lane-eval.log 2>&1
    echo $? > tmp/ci-lane-eval.rc
    echo $((SECONDS - t0)) > tmp/ci-lane-eval.seconds
  ) &
  lane_pid=$!
  echo "(background lane, pid $lane_pid: the evaluation; its output follows Playwright's)"
fi

step "production build"
npx react-router build >/dev/null
build_rc=$?
record $build_rc "build"

if [ $build_rc -eq 0 ]; then
  if [ "$HAVE_CHROMIUM" = 1 ]; then
    step "end-to-end (Playwright, Chromium, production build)"
    E2E_SKIP_BUILD=1 npx playwright test 2>&1 | tee tmp/ci-playwright.log
    record $? "playwright"
  else
    echo "!! Chromium is not installed (/usr/bin/chromium): install it with 'apt-get install chromium' to run the end-to-end tests."
    [ "${CI:-}" = "true" ] && record 1 "playwright (no chromium)"
  fi
fi

if [ -n "$lane_pid" ]; then
  step "background lane: waiting for the evaluation"
  wait "$lane_pid"
  end_step
  lane_report() { # log-prefix name: prints the lane step's output and records its result and time
    echo
    echo "══ $2 (background lane) ══"
    if [ -f "$1.rc" ]; then
      cat "$1.log"
      durations+=("$(printf '%6ds  %s (beside Playwright)' "$(cat "$1.seconds")" "$2")")
      record "$(cat "$1.rc")" "$2"
    else
      [ -f "$1.log" ] && cat "$1.log"
      record 1 "$2 (did not finish)"
    fi
  }
  lane_report tmp/ci-lane-eval "evaluation on ../shared/eval/dev (built-in engine)"
elif [ "$HAVE_EVAL" = 1 ]; then
  step "evaluation on ../shared/eval/dev (built-in engine)"
  eval_dev
  record $? "eval"
fi

end_step
echo
echo "step durations (wall clock, total ${SECONDS} s):"
printf '%s\n' "${durations[@]}"
echo
echo "test steps: ${steps_passed} passed, ${failures} failed"
if [ "$failures" -gt 0 ]; then
  echo "failed steps: $(IFS=';'; echo "${failed_steps[*]}")"
  for s in "${failed_steps[@]}"; do
    case "$s" in
      vitest)
        echo "── vitest: what failed (from tmp/vitest-report.json)"
        node scripts/failed-tests.mjs tmp/vitest-report.json 12 | head -n 120
        failure_excerpt vitest tmp/ci-vitest.log '(Tests .*failed|Test Files .*failed)' ;;
      playwright) failure_excerpt playwright tmp/ci-playwright.log '(✘|[0-9]+\) \[|Error:|expect\(|[0-9]+ (failed|flaky))' ;;
      "evaluation"*) failure_excerpt "$s" tmp/ci-lane-eval.log '(error|Error|accuracy|denied|approved)' ;;
    esac
  done
fi
[ "$failures" -eq 0 ]

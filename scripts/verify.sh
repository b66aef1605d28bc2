#!/usr/bin/env bash
# The whole test suite: lint, typecheck, security scan, build, unit and integration tests, end-to-end, all inside
# the test session (a private D-Bus session with a real, throwaway keychain: with-test-session.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CDB_TEST_SESSION:-}" ]; then
  command -v chromium >/dev/null || {
    echo "chromium not found: sudo apt-get install -y chromium fonts-liberation" >&2
    exit 1
  }
  # Exports are read back with the readers users have: Python's csv module, openpyxl (Debian's)
  # and LibreOffice Calc.
  /usr/bin/python3 -c 'import openpyxl' 2>/dev/null || {
    echo "Debian's python3 with openpyxl not found: sudo apt-get install -y python3 python3-openpyxl" >&2
    exit 1
  }
  command -v soffice >/dev/null || {
    echo "LibreOffice Calc not found: sudo apt-get install -y --no-install-recommends libreoffice-calc-nogui" >&2
    exit 1
  }
  exec scripts/with-test-session.sh "$0" "$@"
fi

# Each step says how long the one before it took (about 5 minutes on 2 cores).
step() {
  [ -n "${step_name:-}" ] && printf '(%s: %d s)\n' "$step_name" $((SECONDS - step_started))
  step_name=$*
  step_started=$SECONDS
  printf '\n== %s\n' "$*"
}
# Checks that need nothing from each other run side by side (on 2 cores they mostly wait on one
# another's disk and on Node's start); each one's output is shown whole, in order, when all are done.
together() {
  local dir names=() pids=() failed=()
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$dir/${#names[@]}.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!names[@]}"; do
    wait "${pids[$i]}" || failed+=("${names[$i]}")
    printf -- '-- %s\n' "${names[$i]}"
    cat "$dir/$((i + 1)).log"
  done
  rm -rf "$dir"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}" >&2
    return 1
  fi
}

step "lint, typecheck, Electron security scan (electronegativity), build"
together lint 'npm run -s lint' typecheck 'npm run -s typecheck' security 'npm run -s security' build 'npm run -s build'
step "unit tests" && npm run -s test
# The integration tests measure on the real clock and start processes of their own; the end-to-end
# tests keep Chromium and their hosts busy. On 2 cores side by side they starve each other into
# timeouts, so they run one after the other.
step "integration tests (real keychain, processes, readers, clock)" && npm run -s test:integration
step "end-to-end tests (the build above, in Chromium)" && npx playwright test
step "all passed"

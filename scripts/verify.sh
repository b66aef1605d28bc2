#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit and integration tests, build, end-to-end, all inside
# the test session (a private D-Bus session with a real, throwaway keychain: with-test-session.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CDB_TEST_SESSION:-}" ]; then
  command -v chromium >/dev/null || {
    echo "chromium not found: sudo apt-get install -y chromium fonts-liberation" >&2
    exit 1
  }
  # Exports are read back with the readers users have: Python's csv module and openpyxl (Debian's).
  /usr/bin/python3 -c 'import openpyxl' 2>/dev/null || {
    echo "Debian's python3 with openpyxl not found: sudo apt-get install -y python3 python3-openpyxl" >&2
    exit 1
  }
  exec scripts/with-test-session.sh "$0" "$@"
fi

step() { printf '\n== %s\n' "$*"; }
step lint && npm run -s lint
step typecheck && npm run -s typecheck
step "unit tests" && npm run -s test
step "integration tests (real keychain, processes, readers, clock)" && npm run -s test:integration
step "Electron security scan (electronegativity)" && npm run -s security
step "build, then end-to-end tests" && npm run -s e2e

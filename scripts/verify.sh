#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit and integration tests, build, end-to-end.
# It runs in a private D-Bus session with an unlocked gnome-keyring on a fresh HOME, so the keychain
# tests meet a real Secret Service and no developer's keyring is touched (shared/STACK.md,
# "Real keychain in tests").
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CDB_TEST_SESSION:-}" ]; then
  missing=()
  for tool in dbus-run-session gnome-keyring-daemon chromium; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "verify: ${missing[*]} not found. Install the system packages first:" >&2
    echo "  sudo apt-get install -y libsecret-1-dev gnome-keyring dbus-x11 chromium fonts-liberation" >&2
    exit 1
  fi
  test_home=$(mktemp -d)
  trap 'rm -rf "$test_home"' EXIT
  HOME="$test_home" CDB_TEST_SESSION=1 dbus-run-session -- bash "$0" "$@"
  exit $?
fi

# Inside the session: a keyring unlocked with a throwaway password, serving the Secret Service.
echo -n "verify-$$" | gnome-keyring-daemon --unlock --components=secrets >/dev/null

step() { printf '\n== %s\n' "$*"; }
step lint && npm run -s lint
step typecheck && npm run -s typecheck
step "unit and integration tests" && npm run -s test
step "build, then end-to-end tests" && npm run -s e2e

#!/usr/bin/env bash
# Runs a command the way the tests need it: in a private D-Bus session with a throwaway, unlocked
# gnome-keyring on a fresh HOME, so keychain tests meet a real Secret Service and never touch the
# developer's own keyring (keytar talks to the Secret Service over D-Bus: gnome-keyring gives a real one).
#   scripts/with-test-session.sh npx vitest run electron/core
set -euo pipefail

# Already inside a session (verify.sh runs npm scripts that call this again): run the command there.
[ "${CDB_TEST_SESSION:-}" = ready ] && exec "$@"

if [ -z "${CDB_TEST_SESSION:-}" ]; then
  missing=()
  for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "${missing[*]} not found. Install the system packages the README lists for the tests" >&2
    echo "(\"What each needs from the system\"), or run .ci/run, which installs what is missing." >&2
    exit 1
  fi
  test_home=$(mktemp -d)
  trap 'rm -rf "$test_home"' EXIT
  status=0
  HOME="$test_home" CDB_TEST_SESSION=1 dbus-run-session -- "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the session: a keyring unlocked with a throwaway password, serving the Secret Service.
echo -n "test-session-$$" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
export CDB_TEST_SESSION=ready
exec "$@"

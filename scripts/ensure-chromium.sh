#!/usr/bin/env bash
# Finds a Chromium for the browser tests and prints its path; installs Debian's package when none
# is found and apt is available. Never downloads a browser build (that needs internet we may lack).
# Order: $CHROMIUM_PATH, then chromium / chromium-browser / google-chrome on PATH, then apt-get.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ -x "$CHROMIUM_PATH" ]]; then
    echo "$CHROMIUM_PATH"
    exit 0
  fi
  echo "CHROMIUM_PATH is set to '$CHROMIUM_PATH' but that is not an executable file" >&2
  exit 1
fi

find_system_chromium() {
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser chromium chromium-browser google-chrome-stable google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

if find_system_chromium; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  echo "No Chromium found; installing Debian's chromium package…" >&2
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
      echo "Installing chromium needs root: run 'apt-get install -y chromium' as root, or set CHROMIUM_PATH." >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq chromium >&2
  if find_system_chromium; then
    exit 0
  fi
fi

echo "No Chromium found. Install one (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
exit 1

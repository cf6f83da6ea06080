#!/usr/bin/env bash
# This app's CI: lint its themes, build it, run it. Any arguments are SwiftPM options given
# to each step (`./ci.sh --scratch-path /tmp/build`).
set -euo pipefail
cd "$(dirname "$0")"

echo "ci: swift package themelint (the themes, with .themelint.json)"
swift package "$@" themelint

echo "ci: swift build"
swift build "$@"

echo "ci: swift run ThemedApp"
swift run --skip-build "$@" ThemedApp

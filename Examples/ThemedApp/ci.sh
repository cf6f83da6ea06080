#!/usr/bin/env bash
# This app's CI: lint its themes and its designer's DTCG files, build it, run both executables.
# Any arguments are SwiftPM options given to each step (`./ci.sh --scratch-path /tmp/build`).
set -euo pipefail
cd "$(dirname "$0")"

# ThemeKit's plugin finds both folders: Sources/ThemedApp/Themes (plists) and
# Sources/DesignedApp/Design (a resolver and its token files); .themelint.json gives each
# folder its own contrast pairs.
echo "ci: swift package themelint (the themes and the designer's DTCG files, with .themelint.json)"
swift package "$@" themelint

echo "ci: swift build"
swift build "$@"

echo "ci: swift run ThemedApp"
swift run --skip-build "$@" ThemedApp

echo "ci: swift run DesignedApp"
swift run --skip-build "$@" DesignedApp

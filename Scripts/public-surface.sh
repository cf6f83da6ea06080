#!/usr/bin/env bash
# ThemeKit's and ThemeLint's public surfaces against the reviewed lists in
# Tests/PackageTests/Fixtures/PublicSurface/: dumps the package's symbol graphs (public
# symbols, no synthesized members; this builds the package first), lists each module's
# symbols and conformances one a line with Scripts/public-surface.py, and prints a diff for
# each list that changed (exit 1). With --update it rewrites the lists instead: review their
# diff before committing it. PublicSurfaceTests checks the same lists inside `swift test`.
#
# Usage: Scripts/public-surface.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
case "${1:-}" in
    --update) update=1 ;;
    "") ;;
    *) echo "usage: Scripts/public-surface.sh [--update]" >&2; exit 2 ;;
esac

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
# SwiftPM says where it wrote the graphs: "Files written to <folder>".
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ ! -d "$graphs" ]; then
    echo "public-surface.sh: no symbol graph folder in swift package dump-symbol-graph's output" >&2
    exit 1
fi

folder=Tests/PackageTests/Fixtures/PublicSurface
status=0
for module in ThemeKit ThemeLint; do
    fresh=$(mktemp)
    python3 Scripts/public-surface.py "$graphs" "$module" >"$fresh"
    if [ "$update" -eq 1 ]; then
        mkdir -p "$folder"
        mv "$fresh" "$folder/$module.txt"
        echo "public-surface.sh: wrote $folder/$module.txt ($(grep -vc ': conforms to ' "$folder/$module.txt") symbols)"
    elif ! diff -u --label "$folder/$module.txt (reviewed)" --label "$module now" "$folder/$module.txt" "$fresh"; then
        echo "public-surface.sh: $module's public surface changed; if that is meant, run Scripts/public-surface.sh --update and review the diff" >&2
        status=1
        rm -f "$fresh"
    else
        echo "public-surface.sh: $module: $(grep -vc ': conforms to ' "$fresh") public symbols, as reviewed"
        rm -f "$fresh"
    fi
done
exit "$status"

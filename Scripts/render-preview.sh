#!/usr/bin/env bash
# Renders `themekit preview` of the shipped Themes/ in headless Chromium, checks that the page
# loaded cleanly, and saves a screenshot.
#
#   Scripts/render-preview.sh [OUT.png]      default: docs/preview.png
#
# Environment: THEMEKIT=path/to/themekit uses that binary instead of building one;
# CHROMIUM=path/to/chromium overrides finding `chromium` (Debian) or `chromium-browser`.
#
# Checks, any of which failing exits 1 (a missing chromium exits 1 too):
#   - the page names nothing to fetch: no http:/https: URL, no src= or href=, no @import,
#     no url( (the only "http" is the http-equiv of its Content-Security-Policy);
#   - Chromium logs no console message while loading it: no script error, no CSP violation
#     (the page itself never logs);
#   - the page's inline script ran to its end: the DOM Chromium dumps after load carries
#     data-preview="ready" on <html>;
#   - the screenshot is a non-empty PNG.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-docs/preview.png}
fail() {
    echo "render-preview: $*" >&2
    exit 1
}

chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$chromium" ] && [ -x "$chromium" ] || fail "chromium not found: install it (apt-get install chromium) or set CHROMIUM"

themekit=${THEMEKIT:-}
if [ -z "$themekit" ]; then
    swift build --product themekit >&2 || fail "swift build --product themekit failed"
    themekit="$(swift build --show-bin-path)/themekit"
fi
[ -x "$themekit" ] || fail "no themekit binary at $themekit"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page="$work/preview.html"

"$themekit" preview Themes/ -o "$page" || fail "themekit preview exited $?"

# 1. Nothing to fetch.
without_csp=$(sed 's/http-equiv="Content-Security-Policy"//' "$page")
if grep -Eiq 'http|(src|href)[[:space:]]*=|@import|url\(' <<<"$without_csp"; then
    grep -Ein 'http|(src|href)[[:space:]]*=|@import|url\(' <<<"$without_csp" >&2
    fail "the page refers to something outside itself"
fi

# Each Chromium run gets its own throwaway profile, and nothing in it phones home.
flags=(
    --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-extensions
    --disable-background-networking --disable-sync --user-data-dir="$work/profile"
    --enable-logging=stderr --v=0
)

# 2 and 3. Console messages while loading, and the marker the page's script sets at its end.
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$page" >"$work/dom.html" 2>"$work/dom.log" ||
    fail "chromium --dump-dom failed (log: $(tail -3 "$work/dom.log"))"
if grep -E ':CONSOLE|Uncaught' "$work/dom.log" >&2; then
    fail "the page logged to the console while loading (above)"
fi
grep -q '<html lang="en" data-preview="ready">' "$work/dom.html" ||
    fail "the page's script did not finish: no data-preview=\"ready\" in the DOM after load"

# 4. The screenshot, tall enough for the whole table.
timeout 120 "$chromium" "${flags[@]}" --screenshot="$work/preview.png" --window-size=1400,2350 \
    "file://$page" >/dev/null 2>"$work/shot.log" || fail "chromium --screenshot failed"
if grep -E ':CONSOLE|Uncaught' "$work/shot.log" >&2; then
    fail "the page logged to the console while loading for the screenshot (above)"
fi
[ -s "$work/preview.png" ] || fail "chromium wrote no screenshot"
[ "$(head -c 8 "$work/preview.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
    fail "the screenshot is not a PNG"

mkdir -p "$(dirname "$out")"
cp "$work/preview.png" "$out"
echo "render-preview: page loaded cleanly in $("$chromium" --version 2>/dev/null | head -1); screenshot: $out"

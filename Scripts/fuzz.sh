#!/usr/bin/env bash
# Fuzzes ThemeKit's reader and whole load path with libFuzzer.
#
#   Scripts/fuzz.sh [seconds]          (default 300 seconds of wall time)
#
# Builds Fuzz/FuzzEntry.swift with Sources/ThemeKit into .build-fuzz/ (swiftc, not
# SwiftPM; -sanitize=fuzzer,address), seeds a corpus from the test fixtures and the
# shipped themes, and runs one libFuzzer worker per core on a shared corpus. Exits
# non-zero if any worker finds a crash, timeout, OOM, leak or broken invariant; the
# reproducers are left in .build-fuzz/artifacts/.
#
# Environment:
#   FUZZ_JOBS   workers (default: nproc)
#   FUZZ_OPT    optimisation flag (default -O; -Onone shows more in stack traces)
#   FUZZ_ARGS   extra libFuzzer flags, for example "-seed=1 -only_ascii=1"
#
# Needs only the Swift toolchain (its clang runtime provides libFuzzer, ASan and LSan) and
# libxml2's headers; it installs nothing.
set -euo pipefail

seconds="${1:-300}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: $0 [seconds]" >&2
    exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="$root/.build-fuzz"
binary="$out/themekit-fuzz"
seeds="$out/seeds"
corpus="$out/corpus"
artifacts="$out/artifacts"
logs="$out/logs"
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
opt="${FUZZ_OPT:--O}"
mkdir -p "$out" "$corpus" "$artifacts" "$logs"

# --- Build -------------------------------------------------------------------------------
libxml_flags=(-Xcc -I/usr/include/libxml2 -lxml2)
if command -v pkg-config >/dev/null && pkg-config --exists libxml-2.0; then
    libxml_flags=()
    for flag in $(pkg-config --cflags libxml-2.0); do libxml_flags+=(-Xcc "$flag"); done
    for flag in $(pkg-config --libs libxml-2.0); do libxml_flags+=("$flag"); done
fi
linker=()
if [ -x "$(dirname "$(command -v swiftc)")/ld.lld" ]; then
    linker=(-use-ld=lld)  # gold prints a warning per ASan symbol
fi
# Build from a snapshot: the tree may be edited while the compiler runs.
snapshot="$out/src"
rm -rf "$snapshot"
mkdir -p "$snapshot"
cp -R Sources/ThemeKit Sources/CLibXML2 Fuzz "$snapshot/"
mapfile -t sources < <(find "$snapshot/ThemeKit" -name '*.swift' | LC_ALL=C sort)
echo "== building $binary ($opt, ${#sources[@]} ThemeKit sources, snapshot in $snapshot)"
swiftc -sanitize=fuzzer,address -parse-as-library "$opt" -g "${linker[@]}" \
    -swift-version 6 -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature InternalImportsByDefault \
    -module-name ThemeKit -module-cache-path "$out/module-cache" \
    -I "$snapshot/CLibXML2" "${libxml_flags[@]}" \
    "${sources[@]}" "$snapshot/Fuzz/FuzzEntry.swift" -o "$binary" \
    2> >(grep -v "Cannot export local symbol" >&2)

# --- Seed corpus -------------------------------------------------------------------------
# Every fixture and theme on its own, and each theme that inherits followed by its parent
# ("%%%%" separates the files of one input: see Fuzz/FuzzEntry.swift).
rm -rf "$seeds"
mkdir -p "$seeds"
shopt -s nullglob
for file in Tests/ThemeKitTests/Fixtures/good/*.plist Tests/ThemeKitTests/Fixtures/bad/*.plist \
    Tests/ThemeKitTests/Fixtures/rnthememanager/*.plist Themes/*.plist; do
    cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
done
pair() {  # child parent [grandparent]
    local name
    name="pair_$(basename "$1" .plist)_$(basename "$2" .plist)"
    { cat "$1"; printf '%%%%%%%%'; cat "$2"; } >"$seeds/$name"
    if [ $# -ge 3 ]; then
        { cat "$1"; printf '%%%%%%%%'; cat "$2"; printf '%%%%%%%%'; cat "$3"; } >"$seeds/${name}_$(basename "$3" .plist)"
    fi
}
for theme in Themes/*.plist; do
    parent="$(grep -A1 '<key>INHERITED_THEME</key>' "$theme" | sed -n 's:.*<string>\(.*\)</string>.*:\1:p' | head -1 || true)"
    if [ -n "$parent" ] && [ -f "Themes/$parent.plist" ]; then
        pair "$theme" "Themes/$parent.plist"
        pair "$theme" "$theme" "Themes/$parent.plist"  # a child that names itself again
    fi
done
rn=Tests/ThemeKitTests/Fixtures/rnthememanager
if [ -f "$rn/locontrast.plist" ] && [ -f "$rn/default.plist" ]; then
    pair "$rn/locontrast.plist" "$rn/default.plist"
fi
echo "== seeds: $(ls "$seeds" | wc -l) files in $seeds; corpus: $(ls "$corpus" | wc -l) files in $corpus"

# --- Fuzz --------------------------------------------------------------------------------
# shellcheck disable=SC2206
extra=(${FUZZ_ARGS:-})
before="$(ls "$artifacts" | wc -l)"
echo "== fuzzing for ${seconds}s with $jobs worker(s); logs in $logs"
# Swift's own backtracer trips ASan when a check traps; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
pids=()
for ((worker = 0; worker < jobs; worker++)); do
    "$binary" -dict=Fuzz/plist.dict -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "${extra[@]}" "$corpus" "$seeds" >"$logs/worker-$worker.log" 2>&1 &
    pids+=("$!")
done
status=0
for ((worker = 0; worker < jobs; worker++)); do
    if wait "${pids[$worker]}"; then code=0; else code=$?; fi
    [ "$code" -eq 0 ] || status=1
    echo "== worker $worker (exit $code):"
    grep -E '^#[0-9]+[[:space:]]+(DONE|INITED)|^stat::|^(==|SUMMARY|INFO: a leak)|ERROR: libFuzzer|deadly signal|Test unit written' \
        "$logs/worker-$worker.log" | tail -12 || true
    grep -m1 -E 'Fatal error|fuzz invariant' "$logs/worker-$worker.log" || true
done
after="$(ls "$artifacts" | wc -l)"
echo "== corpus: $(ls "$corpus" | wc -l) files"
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    echo "== FAILED: reproducers in $artifacts:" >&2
    ls -t "$artifacts" | head -20 >&2
    echo "minimise one with: $binary -minimize_crash=1 -max_total_time=60 -runs=100000 $artifacts/<file>" >&2
    exit 1
fi
echo "== no crash, timeout, OOM or leak found"

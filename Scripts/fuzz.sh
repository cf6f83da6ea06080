#!/usr/bin/env bash
# Fuzzes ThemeKit's reader and whole load path, and themekit's renderers, with libFuzzer.
#
#   Scripts/fuzz.sh [seconds]                     (default 300 seconds of wall time)
#   FUZZ_TARGET=tools Scripts/fuzz.sh 180         one target only
#
# Targets (FUZZ_TARGET; default "all", which runs load then tools, each for half the time):
#   load   Fuzz/FuzzEntry.swift compiled with Sources/ThemeKit into one module: the reader,
#          the file checks, the loader from memory and the diagnostics' rendering.
#   tools  Fuzz/FuzzTools.swift compiled with Sources/ThemeTools against ThemeSupport, ThemeKit,
#          ThemeOutput, ThemeLint and Yams, each built as a module of its own: export (CSS, JSON), show
#          (text, JSON), the preview page and the typed keys, checked for never trapping and
#          for escaping every key and value (each output is read back by a parser of its own;
#          see the file's header).
#
# Builds into .build-fuzz/ (swiftc, not SwiftPM; -sanitize=fuzzer,address), seeds a corpus
# from the test fixtures (the tools' regression inputs in Tests/ThemeToolsTests/Fixtures/fuzz
# among them) and the shipped themes, and runs one libFuzzer worker per core on a corpus
# shared per target. Exits non-zero if any worker finds a crash, timeout, OOM, leak or
# broken invariant; the reproducers are left in .build-fuzz/TARGET/artifacts/, logs in
# .build-fuzz/TARGET/logs/.
#
# Environment:
#   FUZZ_TARGET load, tools or all (default all)
#   FUZZ_JOBS   workers (default: nproc)
#   FUZZ_OPT    optimisation flag (default -O; -Onone shows more in stack traces)
#   FUZZ_ARGS   extra libFuzzer flags, for example "-seed=1 -only_ascii=1"
#
# Needs only the Swift toolchain (its clang runtime provides libFuzzer, ASan and LSan) and
# libxml2's headers; it installs nothing.
set -euo pipefail

seconds="${1:-300}"
target="${FUZZ_TARGET:-all}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: [FUZZ_TARGET=load|tools|all] $0 [seconds]" >&2
    exit 2
fi
case "$target" in
    load | tools) targets=("$target") ;;
    all) targets=(load tools) ;;
    *)
        echo "FUZZ_TARGET must be load, tools or all, not '$target'" >&2
        exit 2
        ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="$root/.build-fuzz"
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
opt="${FUZZ_OPT:--O}"
mkdir -p "$out"

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
swift_flags=(
    -sanitize=fuzzer,address -parse-as-library "$opt" -g "${linker[@]}"
    -swift-version 6 -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature InternalImportsByDefault
    -package-name ThemeKit -module-cache-path "$out/module-cache"
)
# Build from a snapshot: the tree may be edited while the compiler runs.
snapshot="$out/src"
rm -rf "$snapshot"
mkdir -p "$snapshot"
cp -R Sources/ThemeSupport Sources/ThemeKit Sources/ThemeOutput Sources/ThemeTools Sources/CLibXML2 Lint/ThemeLint Fuzz \
    "$snapshot/"
mapfile -t kit_sources < <(find "$snapshot/ThemeKit" -name '*.swift' | LC_ALL=C sort)
quiet() { grep -v "Cannot export local symbol" >&2 || true; }
modules="$out/modules"

build_support() {  # ThemeSupport as a module, as SwiftPM builds it: every other module imports it.
    local support_sources
    mapfile -t support_sources < <(find "$snapshot/ThemeSupport" -name '*.swift' | LC_ALL=C sort)
    mkdir -p "$modules"
    swiftc "${swift_flags[@]}" -module-name ThemeSupport -wmo -c -emit-module \
        -emit-module-path "$modules/ThemeSupport.swiftmodule" "${support_sources[@]}" -o "$modules/ThemeSupport.o" 2> >(quiet)
}

build_load() {  # ThemeKit and the entry in one module: the entry reaches ThemeKit's internals.
    echo "== building $out/themekit-fuzz ($opt, ${#kit_sources[@]} ThemeKit sources, snapshot in $snapshot)"
    swiftc "${swift_flags[@]}" -module-name ThemeKit -I "$modules" -I "$snapshot/CLibXML2" "${libxml_flags[@]}" \
        "${kit_sources[@]}" "$snapshot/Fuzz/FuzzInput.swift" "$snapshot/Fuzz/FuzzEntry.swift" "$modules/ThemeSupport.o" \
        -o "$out/themekit-fuzz" 2> >(quiet)
}

build_yams() {  # Yams (and its C part, libyaml) as SwiftPM builds them: ThemeTools' import reads YAML.
    local yams yams_sources object
    yams="$root/.build/checkouts/Yams/Sources"
    if [ ! -d "$yams" ]; then swift package resolve >/dev/null; fi
    mapfile -t yams_sources < <(find "$yams/Yams" -name '*.swift' | LC_ALL=C sort)
    rm -f "$modules"/cyaml-*.o
    for file in "$yams"/CYaml/src/*.c; do
        object="$modules/cyaml-$(basename "$file" .c).o"
        clang -c -fsanitize=fuzzer-no-link,address "$opt" -g -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" "$file" -o "$object"
    done
    swiftc -sanitize=fuzzer,address "$opt" -g -module-name Yams -D SWIFT_PACKAGE -module-cache-path "$out/module-cache" -wmo -c \
        -emit-module -emit-module-path "$modules/Yams.swiftmodule" -Xcc -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" \
        "${yams_sources[@]}" -o "$modules/Yams.o" 2> >(quiet)
}

build_tools() {  # ThemeKit, ThemeOutput, ThemeLint and Yams as modules (as SwiftPM builds them), then ThemeTools with the entry.
    local tools_sources output_sources lint_sources yams_include
    mapfile -t tools_sources < <(find "$snapshot/ThemeTools" -name '*.swift' | LC_ALL=C sort)
    mapfile -t output_sources < <(find "$snapshot/ThemeOutput" -name '*.swift' | LC_ALL=C sort)
    mapfile -t lint_sources < <(find "$snapshot/ThemeLint" -name '*.swift' | LC_ALL=C sort)
    yams_include="$root/.build/checkouts/Yams/Sources/CYaml/include"
    mkdir -p "$modules"
    build_yams
    echo "== building $out/themetools-fuzz ($opt, ThemeKit, ThemeOutput, ThemeLint and Yams as modules, ${#tools_sources[@]} ThemeTools sources)"
    swiftc "${swift_flags[@]}" -module-name ThemeKit -I "$modules" -I "$snapshot/CLibXML2" "${libxml_flags[@]}" \
        -wmo -c -emit-module -emit-module-path "$modules/ThemeKit.swiftmodule" \
        "${kit_sources[@]}" -o "$modules/ThemeKit.o" 2> >(quiet)
    swiftc "${swift_flags[@]}" -module-name ThemeOutput -I "$modules" -I "$snapshot/CLibXML2" "${libxml_flags[@]}" \
        -wmo -c -emit-module -emit-module-path "$modules/ThemeOutput.swiftmodule" \
        "${output_sources[@]}" -o "$modules/ThemeOutput.o" 2> >(quiet)
    swiftc "${swift_flags[@]}" -module-name ThemeLint -I "$modules" -I "$snapshot/CLibXML2" "${libxml_flags[@]}" \
        -wmo -c -emit-module -emit-module-path "$modules/ThemeLint.swiftmodule" \
        "${lint_sources[@]}" -o "$modules/ThemeLint.o" 2> >(quiet)
    swiftc "${swift_flags[@]}" -module-name ThemeTools -I "$modules" -I "$snapshot/CLibXML2" -I "$yams_include" \
        -Xcc -DYAML_DECLARE_STATIC "${libxml_flags[@]}" \
        "${tools_sources[@]}" "$snapshot/Fuzz/FuzzInput.swift" "$snapshot/Fuzz/FuzzTools.swift" "$modules/ThemeKit.o" \
        "$modules/ThemeOutput.o" "$modules/ThemeSupport.o" "$modules/ThemeLint.o" "$modules/Yams.o" "$modules"/cyaml-*.o \
        -o "$out/themetools-fuzz" 2> >(quiet)
}

build_support
for name in "${targets[@]}"; do "build_$name"; done

# --- Seed corpus -------------------------------------------------------------------------
# Every fixture and theme on its own, and each theme that inherits followed by its parent
# ("%%%%" separates the files of one input: see Fuzz/FuzzEntry.swift). Both targets read
# the same seeds: a renderer's regression is also a load path input, and the other way.
seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
shopt -s nullglob
for file in Tests/ThemeKitTests/Fixtures/good/*.plist Tests/ThemeKitTests/Fixtures/bad/*.plist \
    Tests/ThemeKitTests/Fixtures/rnthememanager/*.plist Tests/ThemeKitTests/Fixtures/fuzz/*.plist \
    Tests/ThemeToolsTests/Fixtures/hostile/*.plist Tests/ThemeToolsTests/Fixtures/fuzz/* Themes/*.plist; do
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
hostile=Tests/ThemeToolsTests/Fixtures/hostile
if [ -f "$hostile/child.plist" ] && [ -f "$hostile/default.plist" ]; then
    pair "$hostile/child.plist" "$hostile/default.plist"
fi
echo "== seeds: $(ls "$seeds" | wc -l) files in $seeds"

# --- Fuzz --------------------------------------------------------------------------------
# shellcheck disable=SC2206
extra=(${FUZZ_ARGS:-})
# Swift's own backtracer trips ASan when a check traps; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
share=$((seconds / ${#targets[@]}))
[ "$share" -ge 1 ] || share=1
failed=()
for name in "${targets[@]}"; do
    binary="$out/themekit-fuzz"
    [ "$name" = tools ] && binary="$out/themetools-fuzz"
    corpus="$out/$name/corpus"
    artifacts="$out/$name/artifacts"
    logs="$out/$name/logs"
    mkdir -p "$corpus" "$artifacts" "$logs"
    # Findings only: libFuzzer also writes slow-unit-* files, a notice of an input that ran
    # slowly (as any does while the machine stalls) and not a failure.
    findings() { ls "$artifacts" | grep -cv '^slow-unit-' || true; }
    before="$(findings)"
    echo "== fuzzing $name for ${share}s with $jobs worker(s); corpus: $(ls "$corpus" | wc -l) files; logs in $logs"
    pids=()
    for ((worker = 0; worker < jobs; worker++)); do
        "$binary" -dict=Fuzz/plist.dict -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
            -max_total_time="$share" -print_final_stats=1 -artifact_prefix="$artifacts/" \
            "${extra[@]}" "$corpus" "$seeds" >"$logs/worker-$worker.log" 2>&1 &
        pids+=("$!")
    done
    status=0
    for ((worker = 0; worker < jobs; worker++)); do
        if wait "${pids[$worker]}"; then code=0; else code=$?; fi
        [ "$code" -eq 0 ] || status=1
        echo "== $name worker $worker (exit $code):"
        grep -E '^#[0-9]+[[:space:]]+(DONE|INITED)|^stat::|^(==|SUMMARY|INFO: a leak)|ERROR: libFuzzer|deadly signal|Test unit written' \
            "$logs/worker-$worker.log" | tail -12 || true
        grep -m1 -E 'Fatal error|fuzz invariant' "$logs/worker-$worker.log" || true
    done
    after="$(findings)"
    echo "== $name corpus: $(ls "$corpus" | wc -l) files"
    if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "== $name FAILED: reproducers in $artifacts:" >&2
        ls -t "$artifacts" | grep -v '^slow-unit-' | head -20 >&2
        echo "minimise one with: $binary -minimize_crash=1 -max_total_time=60 -runs=100000 $artifacts/<file>" >&2
        failed+=("$name")
    fi
    slow="$(find "$artifacts" -name 'slow-unit-*' -newer "$logs" 2>/dev/null | wc -l)"
    [ "$slow" -eq 0 ] || echo "== $name: $slow slow input(s) noted in $artifacts (slow-unit-*), not a failure"
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "== FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "== no crash, timeout, OOM, leak or broken invariant found (${targets[*]})"

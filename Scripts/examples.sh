#!/usr/bin/env bash
# The SwiftPM plugins, end to end, on the sample package Examples/ThemedApp:
#   1. build and run the sample: ThemeKeysPlugin generates its typed keys at build time;
#   2. `swift package themelint` there (its own Themes, then the shipped Themes/, then with
#      `--config FILE --format text --strict`, options with values): exit 0;
#   3. a copy of the sample built over the shipped Themes/ (typed keys of the shipped themes);
#   4. in that copy, a key removed from the themes makes the app code that uses it fail to
#      compile (the keys are generated again when a theme changes), a dangling alias fails
#      the build with themekit's diagnostic, and `swift package themelint` exits non-zero.
# Scratch folders are under .build-examples/ (ignored by git). Works offline: SwiftPM
# resolves swift-argument-parser from the configured mirror.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
example="$root/Examples/ThemedApp"
out="$root/.build-examples"
scratch="$out/ThemedApp"
mkdir -p "$out"

fail() {
    echo "examples: FAIL: $*" >&2
    exit 1
}

echo "examples: build and run Examples/ThemedApp"
swift build --package-path "$example" --scratch-path "$scratch"
run=$(swift run --skip-build --package-path "$example" --scratch-path "$scratch" ThemedApp)
echo "$run"
expected='dark: primary #0A84FF on #000000, title Helvetica-Bold 22.0, corners 8.0, "Good evening"
default: primary #35A2FB on #FFFFFF, title Helvetica-Bold 22.0, corners 8.0, "Hello"'
[ "$run" = "$expected" ] || fail "unexpected output from ThemedApp"
keys=$(find "$scratch/plugins/outputs" -name ThemeKeys.swift -path '*ThemeKeysPlugin*' | head -n 1)
[ -n "$keys" ] || fail "ThemeKeysPlugin wrote no ThemeKeys.swift"
grep -q 'static var primaryColor: ThemeKey<ThemeColor> { ThemeKey("primaryColor") }' "$keys" ||
    fail "no primaryColor key in $keys"

echo "examples: swift package themelint (the sample's Themes folder)"
swift package --package-path "$example" --scratch-path "$scratch" themelint
echo "examples: swift package themelint $root/Themes (the shipped themes)"
swift package --package-path "$example" --scratch-path "$scratch" themelint "$root/Themes"
echo "examples: swift package themelint --config FILE --strict (options with values pass through)"
swift package --package-path "$example" --scratch-path "$scratch" themelint \
    --config "$root/.themelint.json" --format text --strict "$root/Themes"

# A copy of the sample beside it, so that its `path: "../.."` still names this package.
copy="$out/ThemedAppCopy"
rm -rf "$copy"
mkdir -p "$copy"
cp -R "$example/Package.swift" "$example/Sources" "$copy/"
rm -rf "$copy/Sources/ThemedApp/Themes"
cp -R "$root/Themes" "$copy/Sources/ThemedApp/Themes"
cat >"$copy/Sources/ThemedApp/main.swift" <<'EOF'
import Foundation
import ThemeKit

let folder = Bundle.module.url(forResource: "Themes", withExtension: nil)?.path ?? "Themes"
let manager = ThemeManager(directory: folder)
for name in manager.availableThemes {
    try manager.changeTheme(name)
    let header = manager[.headerFont].map { "\($0.name) \($0.size)" } ?? "-"
    print(name, manager[.primaryColor]?.hexString ?? "-", header, manager[.animationsEnabled] ?? false)
}
EOF

echo "examples: the sample over the shipped Themes/"
copyScratch="$out/ThemedAppCopy-build"
swift build --package-path "$copy" --scratch-path "$copyScratch"
shipped=$(swift run --skip-build --package-path "$copy" --scratch-path "$copyScratch" ThemedApp)
echo "$shipped"
[ "$(echo "$shipped" | wc -l)" -eq 4 ] || fail "expected one line per shipped theme"
echo "$shipped" | grep -q '^default #35A2FB ArialRoundedMTBold 20.0 true$' || fail "unexpected default line"

echo "examples: a key removed from every theme no longer compiles"
sed -i 's#<key>animationsEnabled</key>#<key>motionEnabled</key>#' "$copy/Sources/ThemedApp/Themes/default.plist"
log="$out/build.log"
if swift build --package-path "$copy" --scratch-path "$copyScratch" >"$log" 2>&1; then
    fail "the build passed though main.swift uses a key no theme has"
fi
grep -q "has no member 'animationsEnabled'" "$log" || { cat "$log"; fail "no 'has no member' error"; }
grep "has no member 'animationsEnabled'" "$log" | head -n 1

echo "examples: a dangling alias fails the build and the lint"
sed -i 's#<key>motionEnabled</key>#<key>animationsEnabled</key>#' "$copy/Sources/ThemedApp/Themes/default.plist"
sed -i 's#<string>@primaryColor</string>#<string>@primaryColour</string>#' "$copy/Sources/ThemedApp/Themes/default.plist"
if swift build --package-path "$copy" --scratch-path "$copyScratch" >"$log" 2>&1; then
    fail "the build passed with a dangling alias"
fi
grep -q "names no key; did you mean 'primaryColor'? \[unresolved_alias\]" "$log" ||
    { cat "$log"; fail "no unresolved_alias diagnostic from themekit keys"; }
grep "unresolved_alias" "$log" | head -n 1
status=0
swift package --package-path "$copy" --scratch-path "$copyScratch" themelint || status=$?
[ "$status" -ne 0 ] || fail "swift package themelint exited 0 on a broken theme"
echo "examples: swift package themelint exited $status on the broken theme, as it must"

rm -rf "$copy" "$log"
echo "examples: ok"

#!/usr/bin/env bash
# The SwiftPM plugins, end to end, on the sample app Examples/ThemedApp:
#   1. the app's own CI, Examples/ThemedApp/ci.sh: `swift package themelint` (its themes and
#      its designer's DTCG files, both found by the plugin, with its .themelint.json), its
#      build (ThemeKeysPlugin generates the typed keys of both) and a run, whose output must be the
#      bound label and the observer following each switch, and a run of DesignedApp (a
#      manager on the DTCG files: start, dark, a stand-in desktop flipped); then a
#      run that switches to `dark`, and one that starts with `dark`, as ThemeManager.shared
#      saved it, and a theme name that does not exist (exit 1, with the nearest name);
#   2. `swift package themelint` there on the shipped Themes/, then with
#      `--config FILE --format text --strict`, options with values: exit 0;
#   3. a copy of the sample built over the shipped Themes/ (typed keys of the shipped themes);
#   4. in that copy, a key removed from the themes makes the app code that uses it fail to
#      compile (the keys are generated again when a theme changes), a dangling alias fails
#      the build with themekit's diagnostic, and `swift package themelint` exits non-zero;
#      a token renamed in a token file the designer's resolver names does the same to
#      DesignedApp (the plugin's inputs are the resolver and the files it names).
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

echo "examples: Examples/ThemedApp/ci.sh (the app's own CI: lint, build, run)"
# The app saves its theme through ThemeManager.shared's store: in a folder of its own here.
config="$out/config"
rm -rf "$config"
run=$(XDG_CONFIG_HOME="$config" bash "$example/ci.sh" --scratch-path "$scratch")
echo "$run"
expected='label, default: Helvetica-Bold 22.0, #1C1C1E on #FFFFFF, "Hello"
observer: default → dark
label, dark: Helvetica-Bold 22.0, #F2F2F7 on #000000, "Good evening"
observer: dark → default
label, default: Helvetica-Bold 22.0, #1C1C1E on #FFFFFF, "Hello"
now: default, Helvetica-Bold 22.0, #1C1C1E on #FFFFFF, "Hello"'
ran=${run#*ci: swift run ThemedApp$'\n'}
[ "${ran%%$'\n'ci: swift run DesignedApp*}" = "$expected" ] || fail "unexpected output from ThemedApp"
# The DTCG variant: the same manager on a designer's resolver and token files, switched to
# dark, then following a stand-in desktop from light to dark and back.
designed='start: light (light): text #1C1C1E on #FFFFFF, accent #0A84FF, card radius 12.0
changeTheme("dark"): dark (dark): text #F2F2F7 on #000000, accent #409CFF, card radius 12.0
following the desktop (light): light (light): text #1C1C1E on #FFFFFF, accent #0A84FF, card radius 12.0
desktop → dark: dark (dark): text #F2F2F7 on #000000, accent #409CFF, card radius 12.0
desktop → light: light (light): text #1C1C1E on #FFFFFF, accent #0A84FF, card radius 12.0'
[ "${run#*ci: swift run DesignedApp$'\n'}" = "$designed" ] || fail "unexpected output from DesignedApp"
# One run of the plugin: the app's two themes and the designer's four DTCG files.
echo "$run" | grep -qx '0 errors, 0 warnings in 6 files' ||
    fail "ci.sh did not lint the app's two themes and the designer's four DTCG files"
# (Under plugins/outputs/PACKAGE/TARGET/…: the scratch folder is named ThemedApp too.)
keys=$(find "$scratch/plugins/outputs" -name ThemeKeys.swift -path "$scratch/plugins/outputs/*/ThemedApp/*" | head -n 1)
[ -n "$keys" ] || fail "ThemeKeysPlugin wrote no ThemeKeys.swift for ThemedApp"
grep -q 'static var textColor: ThemeKey<ThemeColor> { ThemeKey("textColor") }' "$keys" ||
    fail "no textColor key in $keys"
designedKeys=$(find "$scratch/plugins/outputs" -name ThemeKeys.swift -path "$scratch/plugins/outputs/*/DesignedApp/*" |
    head -n 1)
[ -n "$designedKeys" ] || fail "ThemeKeysPlugin wrote no ThemeKeys.swift for DesignedApp"
grep -q 'static var colorText: ThemeKey<ThemeColor> { ThemeKey("color.text") }' "$designedKeys" ||
    fail "no colorText key in $designedKeys"

echo "examples: ThemedApp dark, then ThemedApp: the choice is saved and restored"
themedApp() {
    XDG_CONFIG_HOME="$config" swift run --skip-build --package-path "$example" --scratch-path "$scratch" ThemedApp "$@"
}
dark='Helvetica-Bold 22.0, #F2F2F7 on #000000, "Good evening"'
switched=$(themedApp dark)
[ "${switched##*$'\n'}" = "now: dark, $dark" ] || fail "ThemedApp dark did not switch to dark: $switched"
restarted=$(themedApp)
[ "${restarted%%$'\n'*}" = "label, dark: $dark" ] || fail "ThemedApp did not start with dark: $restarted"
status=0
themedApp drak >/dev/null 2>"$out/drak.log" || status=$?
[ "$status" -eq 1 ] || fail "ThemedApp drak exited $status, not 1"
grep -q "no theme named 'drak'.*did you mean 'dark'? \[theme_not_found\]" "$out/drak.log" ||
    { cat "$out/drak.log"; fail "no theme_not_found with a suggestion"; }
rm -rf "$config" "$out/drak.log"

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

echo "examples: a token renamed in a file the designer's resolver names no longer compiles"
sed -i 's#<string>@primaryColour</string>#<string>@primaryColor</string>#' "$copy/Sources/ThemedApp/Themes/default.plist"
sed -i 's#"card": {#"panel": {#' "$copy/Sources/DesignedApp/Design/tokens/base.tokens.json"
if swift build --package-path "$copy" --scratch-path "$copyScratch" >"$log" 2>&1; then
    fail "the build passed though DesignedApp uses a token the designer renamed"
fi
grep -q "has no member 'radiusCard'" "$log" || { cat "$log"; fail "no 'has no member' error for radiusCard"; }
grep "has no member 'radiusCard'" "$log" | head -n 1

rm -rf "$copy" "$log"
echo "examples: ok"

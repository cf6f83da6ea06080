#!/usr/bin/env bash
# ThemeLint's article "Adopting themelint in an existing app" (ThemeLint.docc/Adopting.md),
# run for real: builds a throwaway app repository in a new folder of its own under $TMPDIR
# (mktemp -d), prints each command with its output, and removes that folder, and only that
# one, at the end. It never deletes a folder it did not make. Needs `swift build` first.
set +e
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$root/.build/debug:$PATH"
app="$(mktemp -d "${TMPDIR:-/tmp}/MyApp.XXXXXX")" || exit 2
trap 'rm -rf "$app"' EXIT
cd "$app" && git init -q && mkdir -p MyApp/Themes MyApp/Legacy .build/checkouts/SomeKit/Themes node_modules/react-native-foo/ios || exit 2
cat > MyApp/Themes/default.plist <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>primaryColor</key><string>#0A84FF</string>
	<key>textColor</key><string>#1C1C1E</string>
	<key>linkColor</key><string>@primaryColr</string>
	<key>cornerRadius</key><string>8</string>
	<key>bodyFont</key><string>Helvetica</string>
	<key>bodyFontSize</key><integer>15</integer>
</dict>
</plist>
EOF
cat > MyApp/Themes/dark.plist <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>INHERITED_THEME</key><string>default</string>
	<key>primaryColor</key><string>#0A84FF</string>
	<key>textColour</key><string>#F2F2F7</string>
	<key>fadeDuration</key><string>250ms</string>
</dict>
</plist>
EOF
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.MyApp</string><key>UIAppFonts</key><array/></dict></plist>\n' > MyApp/Info.plist
cp MyApp/Info.plist node_modules/react-native-foo/ios/Config.plist; cp MyApp/Info.plist .build/checkouts/SomeKit/Themes/default.plist
printf '<plist version="1.0">\n<dict>\n\t<key>oldColor</key><string>red</string>\n</dict>\n</plist>\n' > MyApp/Legacy/old.plist
echo '$ themelint .'; themelint .; echo "[exit $?]"
cat > .themelint.json <<'EOF'
{
  "excluded": ["MyApp/Legacy"],
  "rules": {
    "unknown_override": { "severity": "error" }
  }
}
EOF
echo '$ cd MyApp/Themes && themelint .'; (cd MyApp/Themes && themelint .; echo "[exit $?]")
echo '$ themelint --write-baseline .themelint-baseline.json .'; themelint --write-baseline .themelint-baseline.json . ; echo "[exit $?]"
echo '$ themelint --baseline .themelint-baseline.json .'; themelint --baseline .themelint-baseline.json .; echo "[exit $?]"
sed -i 's#<key>cornerRadius</key><string>8</string>#<key>cornerRadius</key><string>8px</string>#' MyApp/Themes/default.plist; sed -i '4i\	<key>accentColor</key><string>#FF9F0A</string>' MyApp/Themes/default.plist
echo '$ themelint --baseline .themelint-baseline.json .'; themelint --baseline .themelint-baseline.json .; echo "[exit $?]"
rm -f summary.md
echo '$ GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=summary.md themelint --baseline .themelint-baseline.json --format github --format sarif=themelint.sarif .'; GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=summary.md themelint --baseline .themelint-baseline.json --format github --format sarif=themelint.sarif .; echo "[exit $?]"; cat summary.md
echo '$ themelint .build/checkouts/SomeKit/Themes'; themelint .build/checkouts/SomeKit/Themes; echo "[exit $?]"
printf '{"disabled_rules": ["unknown_overide"]}' > bad.json
echo '$ themelint --config bad.json .'; themelint --config bad.json .; echo "[exit $?]"

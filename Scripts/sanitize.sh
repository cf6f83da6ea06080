#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, then under ThreadSanitizer, each built in
# its own scratch path (.build-asan, .build-tsan; git ignores .build-*), so that neither
# disturbs the ordinary .build.
#
#   Scripts/sanitize.sh [swift test options]    e.g. Scripts/sanitize.sh --filter ThemeKitTests
#
# Exits non-zero if either run fails or prints a sanitizer report. Each run's full output
# is kept in its scratch path as sanitize.log.
set -uo pipefail
cd "$(dirname "$0")/.."

# Leaks LeakSanitizer finds outside ThemeKit, each checked by hand; anything else fails.
suppressions=$(mktemp)
trap 'rm -f "$suppressions"' EXIT
cat >"$suppressions" <<'LEAKS'
# XCTest's runner keeps its suite objects until exit.
leak:libXCTest.so
# swift-foundation: Data(contentsOf:) of an empty file leaks its 4 KiB read buffer
# (FileThemeStore.loadThemeName and Fixtures.bytes meet it with empty files).
leak:readBytesFromFile
# Foundation's Process.run keeps weak-reference side tables (themelint end-to-end tests).
leak:Foundation7ProcessC3run
# swift-foundation: addObserver(queue: .main) takes a weak reference to OperationQueue.main,
# which lives as long as the process, so its side table is never freed (ReentrancyTests).
leak:NotificationCenterC0A0E11addObserver7forName6object5queue5using
# DirectoryWatcherTests.stopFromHandler: the test's own cycle, the handler holding its
# watcher through `holder`.
leak:stopFromHandler
LEAKS
export LSAN_OPTIONS="suppressions=$suppressions${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# ThreadSanitizer does not see every hand-over of Synchronization.Mutex on Linux: when the
# lock is contended, the unlock goes through a priority-inheritance futex in the
# uninstrumented runtime, so state touched only inside withLock is now and then reported
# as a race. Each report below was checked by hand; the patterns name the withLock
# closures themselves (mangled), so that a race anywhere else still fails the run.
races=$(mktemp)
trap 'rm -f "$suppressions" "$races"' EXIT
cat >"$races" <<'RACES'
# Sources/ThemeKit/XML/SourceText.swift, SourceText.lines: index.withLock { … }
race:SourceTextC5linesAA0C5LinesVvg*XEfU_
# Lint/ThemeLint/Engine/ThemeLinter.swift, FileCache.read: both entries.withLock { … }
race:FileCacheC4read*SDySSALGzYuYTXEfU
# Lint/ThemeLint/Engine/ThemeLinter.swift, ThemeLinter.lint: results.withLock { $0[index] = … }
race:LinterV4lint5paths*DiagnosticVGGzYuYTXEfU_
# Sources/ThemeKit/Manager/ThemeManager.swift: the state.withLock { (inout State) in … } closures
# (both sides of every report were such closures, or State and Outbox methods they call).
race:ThemeKit0A7ManagerC*zYuYTXEfU
race:ThemeKit6OutboxV
RACES
export TSAN_OPTIONS="suppressions=$races${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

report='ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY: [A-Za-z]+Sanitizer|runtime error:'
status=0
summary=()
for sanitizer in address thread; do
    scratch=.build-${sanitizer:0:1}san
    mkdir -p "$scratch"
    log=$scratch/sanitize.log
    echo "== swift test --sanitize=$sanitizer --scratch-path $scratch $*"
    start=$SECONDS
    swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@" 2>&1 | tee "$log"
    code=${PIPESTATUS[0]}
    reports=$(grep -cE "$report" "$log")
    line="$sanitizer: exit status $code, $reports sanitizer report lines, $((SECONDS - start)) s (log: $log)"
    if ((code != 0 || reports != 0)); then
        status=1
        line+=" FAILED"
    fi
    summary+=("$line")
done

echo
printf 'sanitize.sh: %s\n' "${summary[@]}"
exit "$status"

#!/usr/bin/env bash
# The stress test, run for longer than in `swift test`: reader threads check that every
# theme they see is whole while other threads switch themes and rewrite theme files under
# live reload (Tests/ThemeKitTests/StressTests.swift); and observers on the posting thread, a
# serial queue and .main hearing every change once, in order, while threads and observers
# change themes under live reload (ReentrancyTests.swift).
#
#   Scripts/stress.sh [seconds] [--tsan] [-- swift test options]
#
# seconds   how long the threads run (default 60); passed as THEMEKIT_STRESS_SECONDS
# --tsan    build and run under ThreadSanitizer, in .build-tsan
#
# Prints the test's `stress:` line (operations, threads, duration, inconsistencies) and
# exits non-zero if the test fails or ThreadSanitizer reports anything.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=60
options=()
while (($#)); do
    case $1 in
    --tsan) options+=(--sanitize=thread --scratch-path .build-tsan) ;;
    --) shift; options+=("$@"); break ;;
    -h | --help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *[!0-9.]* | '') echo "stress.sh: not a number of seconds: $1" >&2; exit 2 ;;
    *) seconds=$1 ;;
    esac
    shift
done

# The same checked suppressions as Scripts/sanitize.sh.
export TSAN_OPTIONS="suppressions=$PWD/Scripts/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
THEMEKIT_STRESS_SECONDS=$seconds swift test "${options[@]}" --filter "StressTests|ReentrancyTests" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

echo
grep -hE '^(stress|order):' "$log" || echo "stress.sh: the test printed no figures" >&2
if grep -qE 'WARNING: ThreadSanitizer|ERROR: (Address|Leak)Sanitizer|runtime error:' "$log"; then
    echo "stress.sh: sanitizer report above" >&2
    status=1
fi
echo "stress.sh: ${seconds} s asked, $((SECONDS - start)) s with the build, exit status $status"
exit "$status"

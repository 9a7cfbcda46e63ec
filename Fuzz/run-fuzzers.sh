#!/bin/sh
# Builds the libFuzzer targets with the fuzzer and address sanitizers and runs each for
# FUZZ_SECONDS; fails on any crash, leak, timeout or memory blow-up (libFuzzer's exit code).
#
#   FUZZ_SECONDS=N      seconds per target (default 90)
#   FUZZ_TARGETS="..."  which targets: compiler model-file (default both)
#   FUZZ_TIMEOUT=N      seconds one input may take (default 5)
#   FUZZ_RSS_MB=N       memory limit (default 2048)
#   FUZZ_BUILD=DIR      scratch path (default .build/fuzz); the growing corpora live there too
#   FUZZ_ARGS="..."     more libFuzzer flags
#
# Seeds come from Fuzz/corpus-<target>/ (read-only here); new inputs go to $FUZZ_BUILD/corpus-<target>/,
# crashes to $FUZZ_BUILD/artifacts-<target>/ (copy them to Fuzz/crashes/ and add a regression test).
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-90}
FUZZ_TARGETS=${FUZZ_TARGETS:-compiler model-file}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-5}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_BUILD=${FUZZ_BUILD:-.build/fuzz}
FUZZ_ARGS=${FUZZ_ARGS:-}

# Each target is built in its own scratch path: relinking a second fuzz product in a scratch path
# shared with the first leaves it without coverage counters (libFuzzer then runs blind: "corp: 1/1b").
build() {
    $SWIFT build -c release --scratch-path "$FUZZ_BUILD/$2" --sanitize=fuzzer --sanitize=address --disable-dead-strip \
        -Xswiftc -DSIFT_LIBFUZZER --product "$1"
}

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
summary=""
for target in $FUZZ_TARGETS; do
    product=sift-fuzz-$target
    build "$product" "$target"
    binary="$FUZZ_BUILD/$target/release/$product"
    corpus="$FUZZ_BUILD/corpus-$target"
    artifacts="$FUZZ_BUILD/artifacts-$target"
    log="$FUZZ_BUILD/fuzz-$target.log"
    mkdir -p "$corpus" "$artifacts"
    if [ "$target" = model-file ]; then
        rm -rf "$FUZZ_BUILD/roundtrip-$target"
        mkdir -p "$FUZZ_BUILD/roundtrip-$target"
        export SIFT_FUZZ_ROUNDTRIP_DIR="$PWD/$FUZZ_BUILD/roundtrip-$target"
    fi
    echo "== fuzzing $target for ${FUZZ_SECONDS}s (log: $log)"
    set +e
    # shellcheck disable=SC2086
    "$binary" -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
        -max_len=4096 -dict=Fuzz/sift.dict -print_final_stats=1 -artifact_prefix="$artifacts/" \
        $FUZZ_ARGS "$corpus" "Fuzz/corpus-$target" > "$log" 2>&1
    code=$?
    set -e
    grep -E "^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb" "$log" || true
    last=$(grep -E "^#[0-9]+" "$log" | tail -n 1 || true)
    findings=""
    if [ "$target" = model-file ]; then
        findings=" round-trip findings: $(ls "$FUZZ_BUILD/roundtrip-$target" | wc -l)"
    fi
    if grep -q "no interesting inputs were found" "$log"; then
        echo "!! $target ran without coverage (the build is not instrumented): see $log"
        status=1
    fi
    if [ $code -ne 0 ]; then
        echo "!! $target FAILED (exit $code): see $log and $artifacts/"
        grep -E "ERROR: |SUMMARY: |Fatal error|Test unit written" "$log" | head -n 20 || true
        status=1
    fi
    summary="$summary
$target: exit $code; $last;$findings"
done
echo "== fuzz summary:$summary"
exit $status

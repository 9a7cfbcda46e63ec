#!/bin/sh
# Builds the libFuzzer targets with the fuzzer and address sanitizers and runs each for
# FUZZ_SECONDS; fails on any crash, leak, timeout or memory blow-up (libFuzzer's exit code), and
# when a target runs without coverage.
#
#   FUZZ_SECONDS=N      seconds per target (default 90)
#   FUZZ_TARGETS="..."  which targets: compiler model-file (default both)
#   FUZZ_TIMEOUT=N      seconds one input may take (default 5)
#   FUZZ_RSS_MB=N       memory limit (default 2048)
#   FUZZ_BUILD=DIR      scratch path (default .build/fuzz); the growing corpora live there too
#   FUZZ_ARGS="..."     more libFuzzer flags
#   FUZZ_MIN_COVERAGE=N edges the seeds must cover (libFuzzer's INITED "cov:"), else the run is
#                       blind and fails (default 1000; the seeds cover about 5,000 and 3,500)
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
FUZZ_MIN_COVERAGE=${FUZZ_MIN_COVERAGE:-1000}

# The sanitizers go to swiftc as one flag. `swift build --sanitize=fuzzer --sanitize=address`
# passes them as two `-sanitize=` flags in an order that changes from one invocation to the next
# (SwiftPM keeps them in a set), and swiftc keeps only the last: one build had coverage without
# AddressSanitizer, the next AddressSanitizer without coverage (libFuzzer then runs blind,
# "corp: 1/1b"). SwiftPM is told of the fuzzer alone (so that it leaves `main` to libFuzzer);
# `-Xswiftc -sanitize=fuzzer,address` comes after its flag in every compile and in the link, and
# wins. Both products share the scratch path: the second build compiles only its own module.
build() {
    $SWIFT build -c release --scratch-path "$FUZZ_BUILD" --disable-dead-strip --sanitize=fuzzer \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSIFT_LIBFUZZER --product "$1"
}

# A binary is fuzzable when it has both instrumentations: the coverage counters' constructor
# (the run below also checks libFuzzer's own coverage figures) and AddressSanitizer's.
check_instrumented() {
    symbols=$(nm "$1" 2>/dev/null || true)
    for constructor in sancov.module_ctor asan.module_ctor; do
        if ! printf '%s\n' "$symbols" | grep -q "$constructor"; then
            echo "!! $1 has no $constructor: the build is not instrumented"
            return 1
        fi
    done
}

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
summary=""
for target in $FUZZ_TARGETS; do
    product=sift-fuzz-$target
    build "$product"
    binary="$FUZZ_BUILD/release/$product"
    if ! check_instrumented "$binary"; then
        status=1
        summary="$summary
$target: not instrumented"
        continue
    fi
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
    # libFuzzer's own figures: the INITED line (after the seeds ran) must show at least
    # FUZZ_MIN_COVERAGE covered edges; a blind run shows none and warns "no interesting inputs".
    inited=$(grep -E "^#[0-9]+[[:space:]]+INITED" "$log" | head -n 1 || true)
    coverage=$(printf '%s\n' "$inited" | sed -n 's/.* cov: \([0-9][0-9]*\) .*/\1/p')
    if grep -q "no interesting inputs were found" "$log" || [ "${coverage:-0}" -lt "$FUZZ_MIN_COVERAGE" ]; then
        echo "!! $target ran blind: ${inited:-no INITED line} (want cov >= $FUZZ_MIN_COVERAGE): see $log"
        status=1
    fi
    if [ $code -ne 0 ]; then
        echo "!! $target FAILED (exit $code): see $log and $artifacts/"
        grep -E "ERROR: |SUMMARY: |Fatal error|Test unit written" "$log" | head -n 20 || true
        status=1
    fi
    summary="$summary
$target: exit $code; ${inited:-no INITED line}; $last;$findings"
done
echo "== fuzz summary:$summary"
exit $status

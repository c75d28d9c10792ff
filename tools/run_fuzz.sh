#!/bin/sh
# Run each libFuzzer target for SECONDS, from its seed corpus if any,
# FUZZ_JOBS (2: one per core) at a time, so make check's smoke run takes
# about half the time for the same seconds per target.
# usage: run_fuzz.sh SECONDS TARGET...
set -eu
if [ "$1" = --one ]; then
    seconds=$2
    t=$3
    corpus=build/fuzz/corpus/$t
    mkdir -p "$corpus"
    seeds=""
    [ -d "test/fuzz/seeds/$t" ] && seeds="test/fuzz/seeds/$t"
    # a target's own libFuzzer flags, if any (test/fuzz/<target>.flags, one line)
    flags=""
    [ -f "test/fuzz/$t.flags" ] && flags=$(cat "test/fuzz/$t.flags")
    if build/fuzz/"$t" -max_total_time="$seconds" -timeout=10 -print_final_stats=0 -error_exitcode=77 $flags \
        "$corpus" $seeds 2>build/fuzz/"$t".log; then
        echo "fuzz: $t for ${seconds}s: $(grep -E '^#[0-9]+.*DONE|^Done' build/fuzz/"$t".log | tail -1 || true)"
        exit 0
    fi
    echo "fuzz: $t FAILED"
    tail -40 build/fuzz/"$t".log
    exit 255 # (stops xargs)
fi
seconds=$1
shift
printf '%s\n' "$@" | xargs -P "${FUZZ_JOBS:-2}" -n 1 "$0" --one "$seconds"

#!/bin/sh
# Run each libFuzzer target for SECONDS, from its seed corpus if any.
set -eu
seconds=$1
shift
for t in "$@"; do
    corpus=build/fuzz/corpus/$t
    mkdir -p "$corpus"
    seeds=""
    [ -d "test/fuzz/seeds/$t" ] && seeds="test/fuzz/seeds/$t"
    echo "fuzz: $t for ${seconds}s"
    build/fuzz/"$t" -max_total_time="$seconds" -timeout=10 -print_final_stats=0 -error_exitcode=77 \
        "$corpus" $seeds 2>build/fuzz/"$t".log || { tail -40 build/fuzz/"$t".log; exit 1; }
    grep -E '^#[0-9]+.*DONE|^Done' build/fuzz/"$t".log | tail -1 || true
done

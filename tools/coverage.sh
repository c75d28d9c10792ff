#!/bin/sh
# Line and branch coverage of src/ and port/ from the host unit suite
# (already run in the coverage build directory given as $1).
set -eu
dir=${1:-build/cov}
out=$dir/coverage.info
lcov --quiet --capture --directory "$dir/obj" --rc lcov_branch_coverage=1 --output-file "$out.all" >/dev/null
lcov --quiet --extract "$out.all" "*/src/*" "*/port/*" --rc lcov_branch_coverage=1 --output-file "$out" >/dev/null
lcov --list "$out" --rc lcov_branch_coverage=1
lcov --summary "$out" --rc lcov_branch_coverage=1 2>&1 | grep -E "lines|branches|functions"
if command -v genhtml >/dev/null 2>&1; then
    genhtml --quiet --branch-coverage --output-directory "$dir/html" "$out" >/dev/null 2>&1 &&
        echo "coverage: HTML report in $dir/html/index.html"
fi

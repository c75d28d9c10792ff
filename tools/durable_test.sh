#!/bin/sh
# The durable logger (examples/durable_logger) through power cuts, with the
# POSIX and the FatFs adapter: a log cut at byte N is recovered in place by
# the next boot to exactly what `ppq recover` makes of the same cut file
# (and, when the cut came before the first row group ended, reported as
# nothing to keep); the next log is written whole; a boot after that finds
# it valid.  usage: durable_test.sh DURABLE_LOGGER PPQ
set -u
L=${1:?usage: durable_test.sh DURABLE_LOGGER PPQ}
P=${2:?usage: durable_test.sh DURABLE_LOGGER PPQ}
T=${TMPDIR:-/tmp}/ppq_durable_test.$$
mkdir -p "$T" || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
pass=0
fail=0
check() { # name expected actual
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $1: expected '$2', got '$3'"
    fi
}

# a whole log's size: the last cut falls in its footer (2 KB), whatever its size
mkdir -p "$T/whole"
$L "$T/whole" >/dev/null
size=$(wc -c <"$T/whole/log_0001.parquet")
for fs in posix fatfs; do
    flag=""
    [ "$fs" = fatfs ] && flag=--fatfs
    # cuts: in the header record, in the first row group, later ones, in the footer
    for cut in 1 200 5000 100000 700000 1200000 $((size - 1000)); do
        d="$T/$fs-$cut"
        mkdir -p "$d"
        $L $flag --power-cut-after $cut "$d" >/dev/null
        check "$fs-$cut-cut-status" 3 $?
        cp "$d/log_0001.parquet" "$T/cut"
        boot=$($L $flag "$d" | head -1)
        check "$fs-$cut-boot-status" 0 $?
        if $P recover "$T/cut" "$T/ref" >/dev/null 2>&1; then
            check "$fs-$cut-says" 1 "$(echo "$boot" | grep -c 'recovered in place: kept')"
            check "$fs-$cut-same-as-ppq-recover" 0 "$(cmp -s "$T/ref" "$d/log_0001.parquet"; echo $?)"
            check "$fs-$cut-inspects" 0 "$($P inspect "$d/log_0001.parquet" >/dev/null 2>&1; echo $?)"
        else
            check "$fs-$cut-says" 1 "$(echo "$boot" | grep -c 'nothing to keep')"
        fi
        check "$fs-$cut-next-log-rows" 86400 "$($P inspect "$d/log_0002.parquet" | sed -n 's/^rows: //p')"
    done
    boot=$($L $flag "$d" | head -1)
    check "$fs-valid" 1 "$(echo "$boot" | grep -c 'log_0002.parquet: valid, nothing to do')"
    check "$fs-third-log" 1 "$(ls "$d" | grep -c log_0003.parquet)"
done
# the two adapters write the same bytes
check posix-fatfs-same 0 "$(cmp -s "$T/posix-700000/log_0001.parquet" "$T/fatfs-700000/log_0001.parquet"; echo $?)"

echo "durable_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# Files rotated by the loggers (examples/sensor_logger, examples/durable_logger)
# with a small arena and no footer spill: the rows fill several files, and
# read back through `ppq cat`, file after file, they are every row exactly
# once, in order: the timestamps 0, 1, 2, ... seconds after the first, and
# every value as the same rows written to one file.  Then a power cut in
# the durable logger's second file: the first stays whole, the next boot
# recovers the second to a prefix of the rows, and the log after it starts
# anew.  With a 4th argument, the first of the files the microbit firmware
# wrote (LOGGER_ROTATE): checked as the sensor logger's.
# usage: rotate_test.sh SENSOR_LOGGER DURABLE_LOGGER PPQ [FIRMWARE_FIRST_FILE]
set -u
export LC_ALL=C
S=${1:?usage: rotate_test.sh SENSOR_LOGGER DURABLE_LOGGER PPQ}
D=${2:?usage: rotate_test.sh SENSOR_LOGGER DURABLE_LOGGER PPQ}
P=${3:?usage: rotate_test.sh SENSOR_LOGGER DURABLE_LOGGER PPQ}
FIRMWARE_FIRST=${4:-}
T=${TMPDIR:-/tmp}/ppq_rotate_test.$$
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

# The rows of files $2... as CSV without the header lines, into $1.
cat_rows() {
    out=$1
    shift
    : >"$out"
    for f in "$@"; do
        $P cat "$f" --format csv | tail -n +2 >>"$out" || echo "cat failed: $f" >>"$out"
    done
}

# Row i's timestamp is i seconds after 2026-01-01T00:00:00 (the logger's
# first day): "ok" when the rows of $1 are i = 0, 1, ..., $2 - 1 in order.
in_order() {
    awk -F, -v n="$2" '
        { split(substr($1, 12, 8), t, ":"); i = t[1] * 3600 + t[2] * 60 + t[3]
          if (substr($1, 1, 11) != "2026-01-01T" || i != NR - 1) { bad++ } }
        END { print (NR == n && bad == 0) ? "ok" : "rows " NR ", out of order " bad + 0 }' "$1"
}

# The files of a rotation, in order: $1 the first's path, $2 the count.
rotated() {
    echo "$1"
    i=1
    while [ "$i" -lt "$2" ]; do
        printf '%s_%04d.parquet\n' "${1%.parquet}" "$i"
        i=$((i + 1))
    done
}

# The reference: the same rows in one file (a 1 MiB arena); enough for
# four files and more in 8 KiB (its footer store's row groups packed: some
# 4,300 rows a file)
ROWS=20000
$S --arena 1048576 $ROWS "$T/ref.parquet" >/dev/null
check ref-one-file 0 "$(ls "$T" | grep -c '_0001')"
cat_rows "$T/ref.csv" "$T/ref.parquet"
check ref-in-order ok "$(in_order "$T/ref.csv" $ROWS)"

# The files of a rotation that starts at $2 ($1 the check's name): several,
# named as logger_file_name names them, none empty, all $3 rows in order
# with the values of one file's ($4, CSV).
check_rotation() {
    dir=$(dirname "$2")
    files=$(ls "$dir" | grep -c '\.parquet$')
    check "$1-several-files" 1 "$([ "$files" -ge 4 ] && echo 1)"
    # (the names: sensors.parquet, sensors_0001.parquet, ... and no other)
    check "$1-names" "$(rotated "$2" "$files")" "$(ls "$dir"/*.parquet)"
    empty=0
    for f in $(rotated "$2" "$files"); do
        n=$($P inspect "$f" | sed -n 's/^rows: //p')
        [ "${n:-0}" -gt 0 ] || empty=$((empty + 1))
    done
    check "$1-no-empty-file" 0 $empty
    cat_rows "$T/$1.csv" $(rotated "$2" "$files")
    check "$1-in-order" ok "$(in_order "$T/$1.csv" "$3")"
    check "$1-same-values" 0 "$(cmp -s "$4" "$T/$1.csv"; echo $?)"
}

# The sensor logger, as the microbit's (the compact layout) in 8 KiB
mkdir -p "$T/s"
$S --arena 8192 $ROWS "$T/s/sensors.parquet" >"$T/s.txt"
check sensor-status 0 $?
files=$(ls "$T/s" | wc -l)
echo "rotate_test: sensor_logger --arena 8192: $ROWS rows in $files files: $(head -1 "$T/s.txt")"
check sensor-says-files 1 "$(grep -c " -> $files files, " "$T/s.txt")"
check_rotation sensor "$T/s/sensors.parquet" $ROWS "$T/ref.csv"

# The microbit firmware's files, when given (LOGGER_ROTATE: its day in
# 8 KiB without a footer spill, some 6,600 rows a file)
if [ -n "$FIRMWARE_FIRST" ]; then
    $S --arena 1048576 86400 "$T/ref1d.parquet" >/dev/null
    cat_rows "$T/ref1d.csv" "$T/ref1d.parquet"
    echo "rotate_test: microbit firmware: 86400 rows in $(ls "$(dirname "$FIRMWARE_FIRST")" | grep -c '\.parquet$') files"
    check_rotation firmware "$FIRMWARE_FIRST" 86400 "$T/ref1d.csv"
fi

# The durable logger (pages, recovery records, each row group synced) in 32 KiB:
# enough rows for three files and more (some 10,700 rows a file)
ROWS=36000
$S --arena 1048576 $ROWS "$T/ref6.parquet" >/dev/null
cat_rows "$T/ref6.csv" "$T/ref6.parquet"
for fs in posix fatfs; do
    flag=""
    [ "$fs" = fatfs ] && flag=--fatfs
    d="$T/d-$fs"
    mkdir -p "$d"
    $D $flag --arena 32768 $ROWS "$d" >"$T/d.txt"
    check "$fs-status" 0 $?
    files=$(ls "$d" | wc -l)
    echo "rotate_test: durable_logger $flag --arena 32768: $ROWS rows in $files files: $(head -1 "$T/d.txt")"
    check "$fs-several-files" 1 "$([ "$files" -ge 3 ] && echo 1)"
    cat_rows "$T/d.csv" "$d"/log_*.parquet
    check "$fs-in-order" ok "$(in_order "$T/d.csv" $ROWS)"
    check "$fs-same-values" 0 "$(cmp -s "$T/ref6.csv" "$T/d.csv"; echo $?)"
    # the next boot finds the last log whole and starts the one after it
    last=$(printf 'log_%04d.parquet' "$files")
    check "$fs-boot" 1 "$($D $flag --arena 32768 10 "$d" | grep -c "^boot: $last: valid")"
    check "$fs-next-log" 10 "$($P inspect "$d/$(printf 'log_%04d.parquet' $((files + 1)))" | sed -n 's/^rows: //p')"
done

# A power cut in the durable logger's second log
d="$T/cut"
mkdir -p "$d"
size1=$($P inspect "$T/d-posix/log_0001.parquet" >/dev/null && wc -c <"$T/d-posix/log_0001.parquet")
$D --power-cut-after $((size1 + size1 / 2)) --arena 32768 $ROWS "$d" >/dev/null
check cut-status 3 $?
check cut-first-log-whole 0 "$(cmp -s "$T/d-posix/log_0001.parquet" "$d/log_0001.parquet"; echo $?)"
check cut-no-third-log 0 "$(ls "$d" | grep -c log_0003)"
check cut-boot 1 "$($D --arena 32768 10 "$d" | grep -c '^boot: log_0002.parquet: recovered in place: kept')"
cat_rows "$T/cut.csv" "$d/log_0001.parquet" "$d/log_0002.parquet"
kept=$(wc -l <"$T/cut.csv")
check cut-kept-rows 1 "$([ "$kept" -gt "$($P inspect "$d/log_0001.parquet" | sed -n 's/^rows: //p')" ] && echo 1)"
check cut-prefix-in-order ok "$(in_order "$T/cut.csv" "$kept")"
check cut-prefix-values 0 "$(head -n "$kept" "$T/ref6.csv" | cmp -s - "$T/cut.csv"; echo $?)"
check cut-next-log 10 "$($P inspect "$d/log_0003.parquet" | sed -n 's/^rows: //p')"

echo "rotate_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# Tests of the ppq CLI: golden bytes from the spec's examples, round trips
# through every encoding and type, exit statuses for bad input, and sweeps
# of truncated and garbage input that must never crash a decoder.
# Needs only POSIX sh, od, awk, cmp, tr, sed, tail, cut.
set -u
P=${1:?usage: cli_test.sh PPQ [RECOVERABLE.parquet]}
LOG=${2:-}
case $P in /*) ;; *) P=$(pwd)/$P ;; esac
[ -x "$P" ] || { echo "cli_test: $P is not executable"; exit 2; }
pass=0
fail=0
T=${TMPDIR:-/tmp}/ppq_cli_test.$$
mkdir -p "$T" || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
LC_ALL=C
export LC_ALL

hex() { od -An -tx1 -v | tr -d ' \n'; }
# Bytes from a hex string (on stdin), portable: through printf's octal escapes.
unhex() {
    printf "$(tr -d ' \n' | sed 's/../& /g' | awk '{
        for (i = 1; i <= NF; i++) {
            h = tolower($i)
            printf "\\%03o", (index("0123456789abcdef", substr(h, 1, 1)) - 1) * 16 + index("0123456789abcdef", substr(h, 2, 1)) - 1
        }
    }')"
}
# numbers from awk, as `seq` is not POSIX
nums() { awk -v a="$1" -v b="$2" 'BEGIN{for(i=a;i<=b;i++)print i}'; }

check() { # name expected actual
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $1: expected '$2', got '$3'"
    fi
}

status() { # name expected-status command...
    name=$1
    want=$2
    shift 2
    "$@" >/dev/null 2>&1
    check "$name" "$want" "$?"
}

# ---- golden bytes ------------------------------------------------------------

# encodings.txt: 0..7 at width 3 -> 88 C6 FA (one bit-packed group: header 03)
check rle_spec 0388c6fa "$(echo 0 1 2 3 4 5 6 7 | $P encode rle int32 --bit-width 3 | hex)"
# an RLE run: header 8 << 1 = 0x10, the value in one byte
check rle_run 1005 "$(echo 5 5 5 5 5 5 5 5 | $P encode rle int32 --bit-width 3 | hex)"
# boolean RLE has the 4-byte length prefix by default; --no-prefix drops it
check rle_bool_prefix 020000001001 "$(echo true true true true true true true true | $P encode rle boolean | hex)"
check rle_bool_noprefix 1001 "$(echo 1 1 1 1 1 1 1 1 | $P encode rle boolean --no-prefix | hex)"
check rle_int32_prefix 040000000388c6fa "$(echo 0 1 2 3 4 5 6 7 | $P encode rle int32 --bit-width 3 --prefix | hex)"
# width 0: every value is 0, an RLE run with a 0-byte value
check rle_width0 10 "$(echo 0 0 0 0 0 0 0 0 | $P encode rle int32 --bit-width 0 | hex)"
# BIT_PACKED: 0..7 at width 3 -> 05 39 77
check bit_packed_spec 053977 "$(echo 0 1 2 3 4 5 6 7 | $P encode bit_packed int32 --bit-width 3 | hex)"
# PLAIN layouts
check plain_int32 01000000feffffff "$(echo 1 -2 | $P encode plain int32 | hex)"
check plain_int32_unsigned ffffffff "$(echo 4294967295 | $P encode plain int32 | hex)"
check plain_int64 feffffffffffffff "$(echo -2 | $P encode plain int64 | hex)"
check plain_float 0000c03f "$(echo 1.5 | $P encode plain float | hex)"
check plain_double 000000000000f03f "$(echo 1.0 | $P encode plain double | hex)"
check plain_double_special 0000000000000080000000000000f07f "$(echo -0.0 inf | $P encode plain double | hex)"
check plain_boolean 0d02 "$(echo 1 0 1 1 0 0 0 0 0 1 | $P encode plain boolean | hex)"
check plain_byte_array 02000000616200000000 "$(echo 6162 - | $P encode plain byte_array | hex)"
check plain_flba 616263 "$(echo 616263 | $P encode plain fixed_len_byte_array --length 3 | hex)"
check plain_int96 0102030405060708090a0b0c "$(echo 0102030405060708090A0B0C | $P encode plain int96 | hex)"
check plain_empty "" "$(printf '' | $P encode plain int32 | hex)"
# RLE_DICTIONARY framing: entries, dictionary bytes, count, dictionary
# (PLAIN), data page (bit width 1, one bit-packed group: indices 0 0 1 0)
check dict_int32 0200000008000000040000000700000003000000010304 \
    "$(echo 7 7 3 7 | $P encode rle_dictionary int32 | hex)"
check dict_byte_array 020000000a00000003000000020000006f6b00000000010304 \
    "$(echo 6f6b 6f6b - | $P encode rle_dictionary byte_array | hex)"
check dict_empty 00000000000000000000000000 "$(printf '' | $P encode rle_dictionary int32 | hex)"
# DELTA_BINARY_PACKED, the spec's second example with the 128/4 geometry
check delta_spec 80010408 "$(echo 7 5 3 1 2 3 4 5 | $P encode delta_binary_packed int32 | hex | cut -c1-8)"
check delta_spec_body 0e030200 "$(echo 7 5 3 1 2 3 4 5 | $P encode delta_binary_packed int32 | hex | cut -c9-16)"
# DELTA_LENGTH_BYTE_ARRAY: the byte section of the spec's example
check dlba_bytes "HelloWorldFoobarABCDEF" \
    "$(echo 48656c6c6f 576f726c64 466f6f626172 414243444546 | $P encode delta_length_byte_array byte_array | tail -c 22)"
# DELTA_BYTE_ARRAY: suffixes of "axis","axle","babble","babyhood"
check dba_suffixes "axislebabbleyhood" \
    "$(echo 61786973 61786c65 626162626c65 62616279686f6f64 | $P encode delta_byte_array byte_array | tail -c 17)"
# BYTE_STREAM_SPLIT: values with bytes AA BB CC DD, 00 11 22 33, A3 B4 C5 D6 (as int32 bits)
check bss_spec aa00a3bb11b4cc22c5dd33d6 \
    "$(echo -573785174 857870592 -691686237 | $P encode byte_stream_split int32 | hex)"
# GroupVarInt: the document's 0b00101101 example
check gvi_doc 2d12785634f0debc9a3412 "$(echo 18 3430008 -1698898192 4660 | $P encode group_varint int32 | hex)"

# decoding the golden bytes
check dec_rle_spec "0 1 2 3 4 5 6 7" \
    "$(echo 0388c6fa | unhex | $P decode rle int32 --bit-width 3 --count 8 | tr '\n' ' ' | sed 's/ $//')"
check dec_rle_unsigned 4294967295 "$(echo 0affffffff | unhex | $P decode rle int32 --bit-width 32 --count 5 | tail -n 1)"
check dec_plain_bool_all "true false true true false false false false false true false false false false false false" \
    "$(echo 0d02 | unhex | $P decode plain boolean | tr '\n' ' ' | sed 's/ $//')"
check dec_dict_int32 "7 7 3 7" \
    "$(echo 0200000008000000040000000700000003000000010304 | unhex | $P decode rle_dictionary int32 | tr '\n' ' ' | sed 's/ $//')"

# ---- round trips -------------------------------------------------------------

roundtrip() { # name encoding type values [options]
    name=$1 enc=$2 type=$3 vals=$4
    shift 4
    got=$(echo "$vals" | $P encode "$enc" "$type" "$@" | $P decode "$enc" "$type" "$@" | tr '\n' ' ' | sed 's/ $//')
    check "roundtrip_$name" "$vals" "$got"
}
roundtrip plain_bool plain boolean "true false true" --count 3
roundtrip plain_i32 plain int32 "1 -2 2147483647 -2147483648"
roundtrip plain_i64 plain int64 "1 -9223372036854775808 9223372036854775807"
roundtrip plain_i96 plain int96 "0102030405060708090a0b0c ffffffffffffffffffffffff"
roundtrip plain_float plain float "1.5 -0 nan inf -inf 3.40282347e+38 1.40129846e-45 0.100000001"
roundtrip plain_double plain double "0.10000000000000001 -2.5 1.7976931348623157e+308 4.9406564584124654e-324 -0"
roundtrip plain_ba plain byte_array "6162 - ff00"
roundtrip plain_flba plain fixed_len_byte_array "616263 646566" --length 3
roundtrip rle_bool rle boolean "true true false" --count 3
roundtrip rle_bool_noprefix rle boolean "false true false true false true false true true" --count 9 --no-prefix
roundtrip rle_i32 rle int32 "5 5 5 5 5 5 5 5 5 1 2" --bit-width 3 --count 11
roundtrip rle_i32_w32 rle int32 "4294967295 0 1" --bit-width 32 --count 3
roundtrip rle_i32_prefix rle int32 "1 2 3" --bit-width 2 --count 3 --prefix
roundtrip bit_packed bit_packed int32 "1 0 3 2" --bit-width 2 --count 4
roundtrip dict_i32 rle_dictionary int32 "7 7 3 7 -1"
roundtrip dict_i64 rle_dictionary int64 "-9223372036854775808 5 5 -9223372036854775808"
roundtrip dict_i96 rle_dictionary int96 "0102030405060708090a0b0c 0102030405060708090a0b0c 000000000000000000000000"
roundtrip dict_float rle_dictionary float "1.5 -0 0 1.5 nan"
roundtrip dict_double rle_dictionary double "1.5 1.5 -2"
roundtrip dict_ba rle_dictionary byte_array "6f6b 6f6b - 6f6b"
roundtrip dict_flba rle_dictionary fixed_len_byte_array "0102 0102 0304" --length 2
roundtrip delta_i32 delta_binary_packed int32 "2147483647 -2147483648 2147483647 0"
roundtrip delta_i64 delta_binary_packed int64 "1700000000000000 1700000001000000 1700000002000007"
roundtrip dlba delta_length_byte_array byte_array "6162 - 616263"
roundtrip dba delta_byte_array byte_array "61786973 61786c65 626162626c65"
roundtrip dba_flba delta_byte_array fixed_len_byte_array "6162 6163" --length 2
roundtrip bss_float byte_stream_split float "1.5 -0 nan"
roundtrip bss_double byte_stream_split double "101325.5 -0 1e-300"
roundtrip bss_i32 byte_stream_split int32 "-1 2147483647 7"
roundtrip bss_i64 byte_stream_split int64 "-1 9223372036854775807"
roundtrip bss_flba byte_stream_split fixed_len_byte_array "010203 040506" --length 3
roundtrip gvi_i32 group_varint int32 "1 -1 300 70000 5" --count 5
roundtrip gvi_i64 group_varint int64 "1 -1 4294967296" --count 3

# long streams: many decoder chunks, long runs, big value counts
nums -3000 6999 >"$T/ints"
awk '{print ($1 % 7) * ($1 % 7)}' "$T/ints" >"$T/small"
awk 'BEGIN{for(i=0;i<100000;i++)print 5}' >"$T/same"
awk '{ if ($1 % 97 == 0) print "-"; else printf "%04x%02x\n", ($1 < 0 ? -$1 : $1) % 4096, $1 % 5 + 5 }' "$T/ints" >"$T/bytes"
awk '{print ($1 % 2 == 0 || $1 % 3 == 0) ? "true" : "false"}' "$T/ints" >"$T/bools"
bigtrip() { # name file encoding type [options]
    name=$1 file=$2 enc=$3 type=$4
    shift 4
    $P encode "$enc" "$type" "$@" <"$file" >"$T/enc" 2>"$T/err" &&
        $P decode "$enc" "$type" "$@" <"$T/enc" >"$T/dec" 2>>"$T/err" && cmp -s "$file" "$T/dec"
    check "big_$name" 0 "$?"
}
bigtrip plain_i32 "$T/ints" plain int32
bigtrip plain_i64 "$T/ints" plain int64
bigtrip plain_double "$T/ints" plain double
bigtrip plain_bool "$T/bools" plain boolean --count 10000
bigtrip plain_ba "$T/bytes" plain byte_array
bigtrip rle_bool "$T/bools" rle boolean --count 10000
bigtrip rle_small "$T/small" rle int32 --bit-width 6 --count 10000
bigtrip rle_same "$T/same" rle int32 --bit-width 3 --count 100000
bigtrip dict_i32 "$T/ints" rle_dictionary int32
bigtrip dict_small "$T/small" rle_dictionary int64
bigtrip dict_same "$T/same" rle_dictionary int32
bigtrip dict_ba "$T/bytes" rle_dictionary byte_array
bigtrip delta_i32 "$T/ints" delta_binary_packed int32
bigtrip delta_same "$T/same" delta_binary_packed int64
bigtrip dlba "$T/bytes" delta_length_byte_array byte_array
bigtrip dba "$T/bytes" delta_byte_array byte_array
bigtrip bss_i64 "$T/ints" byte_stream_split int64
bigtrip gvi "$T/ints" group_varint int32 --count 10000

# ---- sizes -------------------------------------------------------------------

sizes_names() { $P sizes "$@" | awk '{print $1}' | tr '\n' ' ' | sed 's/ $//'; }
check sizes_boolean "plain rle" "$(echo true false | sizes_names boolean)"
check sizes_int32 "plain rle_dictionary delta_binary_packed byte_stream_split group_varint" \
    "$(nums 1 100 | sizes_names int32)"
check sizes_int64 "plain rle_dictionary delta_binary_packed byte_stream_split group_varint" \
    "$(nums 1 100 | sizes_names int64)"
check sizes_float "plain rle_dictionary byte_stream_split" "$(echo 1.5 | sizes_names float)"
check sizes_int96 "plain rle_dictionary" "$(echo 0102030405060708090a0b0c | sizes_names int96)"
check sizes_byte_array "plain rle_dictionary delta_length_byte_array delta_byte_array" "$(echo 00 | sizes_names byte_array)"
check sizes_flba "plain rle_dictionary delta_byte_array byte_stream_split" \
    "$(echo 00 | sizes_names fixed_len_byte_array --length 1)"
check sizes_bytes "plain 40" "$(nums 1 10 | $P sizes int32 | head -n 1)"
check sizes_rle_bytes "rle 6" "$(echo 1 1 1 1 1 1 1 1 | $P sizes boolean | tail -n 1)"

# ---- exit statuses: 2 bad arguments or values, 1 corrupt input ---------------

status usage_none 2 $P
status usage_cmd 2 $P frobnicate
status usage_enc 2 sh -c "echo 1 | $P encode nosuch int32"
status usage_type 2 sh -c "echo 1 | $P encode plain int33"
status usage_missing 2 $P encode plain
status usage_option 2 sh -c "echo 1 | $P encode plain int32 --frob"
status usage_option_value 2 sh -c "echo 1 | $P encode rle int32 --bit-width"
status usage_width 2 sh -c "echo 1 | $P encode rle int32 --bit-width 33"
status usage_width_text 2 sh -c "echo 1 | $P encode rle int32 --bit-width x"
status usage_count_neg 2 sh -c "printf '' | $P decode plain int32 --count -1"
status usage_apply 2 sh -c "echo 1 | $P encode delta_binary_packed float"
status usage_apply_dict 2 sh -c "echo 1 | $P encode rle_dictionary boolean"
status usage_value 2 sh -c "echo x | $P encode plain int32"
status usage_range 2 sh -c "echo 99999999999 | $P encode plain int32"
status usage_range_neg 2 sh -c "echo -2147483649 | $P encode plain int32"
status usage_range64 2 sh -c "echo 9223372036854775808 | $P encode plain int64"
status usage_float_range 2 sh -c "echo 1e39 | $P encode plain float"
status usage_double_range 2 sh -c "echo 1e309 | $P encode plain double"
status usage_bool 2 sh -c "echo yes | $P encode plain boolean"
status usage_hex 2 sh -c "echo 0g | $P encode plain byte_array"
status usage_hex_odd 2 sh -c "echo 012 | $P encode plain byte_array"
status usage_int96 2 sh -c "echo 0102 | $P encode plain int96"
status usage_nul 2 sh -c "printf '1\\0002' | $P encode plain int32"
status usage_flba 2 sh -c "echo 01 | $P encode plain fixed_len_byte_array"
status usage_flba_len 2 sh -c "echo 0102 | $P encode plain fixed_len_byte_array --length 1"
status usage_rle_fit 2 sh -c "echo 8 | $P encode rle int32 --bit-width 3"
status usage_count 2 sh -c "printf '\\003\\210' | $P decode rle int32 --bit-width 3"
status usage_decode_width 2 sh -c "printf '\\003\\210' | $P decode rle int32 --count 8"
status usage_gvi_count 2 sh -c "printf '\\000\\001\\002\\003\\004' | $P decode group_varint int32"
status corrupt_plain 1 sh -c "printf '\\001\\000\\000' | $P decode plain int32"
status corrupt_plain_count 1 sh -c "printf '\\001\\000\\000\\000' | $P decode plain int32 --count 2"
status corrupt_plain_ba 1 sh -c "printf '\\005\\000\\000\\000ab' | $P decode plain byte_array"
status corrupt_rle 1 sh -c "printf '\\020' | $P decode rle int32 --bit-width 3 --count 8"
status corrupt_rle_short 1 sh -c "printf '\\003\\210' | $P decode rle int32 --bit-width 3 --count 8"
status corrupt_rle_value 1 sh -c "printf '\\020\\377' | $P decode rle int32 --bit-width 3 --count 8"
status corrupt_rle_varint 1 sh -c "printf '\\377\\377\\377\\377\\377\\377' | $P decode rle int32 --bit-width 3 --count 8"
status corrupt_rle_prefix 1 sh -c "printf '\\377\\000\\000\\000\\020\\001' | $P decode rle boolean --count 8"
status corrupt_bit_packed 1 sh -c "printf '\\005' | $P decode bit_packed int32 --bit-width 3 --count 8"
status corrupt_delta 1 sh -c "printf '\\010\\001\\005' | $P decode delta_binary_packed int32"
status corrupt_dict 1 sh -c "printf '\\002\\000\\000\\000' | $P decode rle_dictionary int32"
status corrupt_dict_len 1 sh -c "printf '\\001\\000\\000\\000\\377\\000\\000\\000\\001\\000\\000\\000' | $P decode rle_dictionary int32"
status corrupt_dict_entries 1 \
    sh -c "printf '\\377\\377\\377\\377\\000\\000\\000\\000\\000\\000\\000\\000' | $P decode rle_dictionary byte_array"
echo 0100000004000000010000000700000001020300 | unhex >"$T/dict_index" # index 1 of a 1-entry dictionary
status corrupt_dict_index 1 sh -c "$P decode rle_dictionary int32 <'$T/dict_index'"
status corrupt_bss 1 sh -c "printf 'abcdefg' | $P decode byte_stream_split float"
status corrupt_count_more 1 sh -c "echo 1 2 3 | $P encode delta_binary_packed int32 | $P decode delta_binary_packed int32 --count 2"
status corrupt_count_fewer 1 sh -c "echo 1 2 3 | $P encode delta_binary_packed int32 | $P decode delta_binary_packed int32 --count 4"
printf 'not a parquet file' >"$T/notpq"
printf 'PAR1\377\377\377\377\010\000\000\000PAR1' >"$T/badfooter"
status inspect_usage 2 $P inspect
status inspect_missing 2 $P inspect "$T/no such file"
status inspect_not_parquet 1 $P inspect "$T/notpq"
status inspect_bad_footer 1 $P inspect "$T/badfooter"
status ok_help 0 $P help
check help_framing 1 "$($P help | grep -c 'dictionary page body length')"
status ok_decode_empty 0 sh -c "printf '' | $P decode plain int32"
status ok_plain_count0 0 sh -c "printf '' | $P decode plain int64 --count 0"

# ---- recover: a log written with the recovery option, cut ----------------------
if [ -n "$LOG" ]; then
    size=$(wc -c <"$LOG")
    status recover_usage 2 $P recover "$LOG"
    status recover_missing 2 $P recover "$T/no such file" "$T/out"
    status recover_not_parquet 1 $P recover "$T/notpq" "$T/out"
    check recover_not_parquet_no_output 0 "$(ls "$T/out" 2>/dev/null | wc -l)"
    check recover_not_parquet_says 1 "$($P recover "$T/notpq" "$T/out" 2>&1 | grep -c 'not a recoverable picoparquet file')"
    head -c 400 "$LOG" >"$T/cut_early" # past the header record (about 380 bytes), inside row group 0
    status recover_nothing 1 $P recover "$T/cut_early" "$T/out"
    check recover_nothing_says 1 "$($P recover "$T/cut_early" "$T/out" 2>&1 | grep -c 'no complete row group')"
    # an intact file: reported valid and copied unchanged
    status recover_valid 0 $P recover "$LOG" "$T/same"
    check recover_valid_copy 0 "$(cmp -s "$LOG" "$T/same"; echo $?)"
    check recover_valid_says 1 "$($P recover "$LOG" "$T/same" | grep -c 'already a valid Parquet file')"
    # cuts: copy and in place give the same file; it inspects, fewer rows
    for pct in 25 50 75 99; do
        head -c $((size * pct / 100)) "$LOG" >"$T/cut"
        status "recover_cut_$pct" 0 $P recover "$T/cut" "$T/rec"
        check "recover_cut_${pct}_inspects" 0 "$($P inspect "$T/rec" >/dev/null 2>&1; echo $?)"
        cp "$T/cut" "$T/inplace"
        status "recover_in_place_$pct" 0 $P recover --in-place "$T/inplace"
        check "recover_in_place_${pct}_same" 0 "$(cmp -s "$T/rec" "$T/inplace"; echo $?)"
        check "recover_in_place_${pct}_again" 1 "$($P recover --in-place "$T/inplace" | grep -c 'left unchanged')"
        kept=$($P recover "$T/cut" "$T/rec" | sed -n 's/.*kept \([0-9]*\) row groups, \([0-9]*\) rows.*/\2/p')
        all=$($P inspect "$T/rec" | sed -n 's/^rows: //p')
        check "recover_cut_${pct}_rows" "$kept" "$all"
    done
    # IN and OUT the same file: refused, the file untouched
    head -c $((size / 2)) "$LOG" >"$T/same_io"
    cp "$T/same_io" "$T/same_io.orig"
    status recover_same_file 2 $P recover "$T/same_io" "$T/same_io"
    check recover_same_file_kept 0 "$(cmp -s "$T/same_io" "$T/same_io.orig"; echo $?)"
    # garbage after a cut is dropped with the rest
    head -c $((size / 2)) "$LOG" >"$T/cut"
    $P recover "$T/cut" "$T/rec" >/dev/null 2>&1
    { cat "$T/cut"; head -c 777 "$P"; } >"$T/cut_garbage"
    status recover_garbage 0 $P recover "$T/cut_garbage" "$T/rec2"
    check recover_garbage_same 0 "$(cmp -s "$T/rec" "$T/rec2"; echo $?)"

    # cat of a flat file: a line per row of the footer, keyed by the schema's
    # columns in order (CSV: their header); --columns picks and orders
    rows=$($P inspect "$LOG" | sed -n 's/^rows: //p')
    names=$($P inspect "$LOG" | awk '/^schema /{n++; next} n == 1 && /^  [^ ]/{printf "%s%s", s, $1; s=","}')
    check cat_rows "$rows" "$($P cat "$LOG" | wc -l | tr -d ' ')"
    # inspect names the arena a board needs to read the file (one line)
    check inspect_arena 1 "$($P inspect "$LOG" | grep -c '^arena: open [1-9][0-9]* bytes; then every column of a row group at once [1-9][0-9]* more, one at a time [1-9][0-9]*$')"
    check cat_keys "$names" "$($P cat "$LOG" --limit 1 | sed 's/"\([a-z_]*\)":[^,]*/\1/g; s/^{//; s/}$//')"
    check cat_csv_header "$names" "$($P cat "$LOG" --format csv | head -n 1)"
    check cat_csv_rows $((rows + 1)) "$($P cat "$LOG" --format csv | wc -l | tr -d ' ')"
    check cat_columns "status,ts" "$($P cat "$LOG" --columns status,ts --limit 1 | sed 's/"\([a-z_]*\)":[^,]*/\1/g; s/^{//; s/}$//')"
    check cat_limit 3 "$($P cat "$LOG" --limit 3 --row-groups 1 | wc -l | tr -d ' ')"
    status cat_no_column 2 $P cat "$LOG" --columns nosuch
    status cat_no_row_group 2 $P cat "$LOG" --row-groups 999
    status cat_bad_format 2 $P cat "$LOG" --format xml
    status cat_not_parquet 1 $P cat "$T/notpq"

    # scan decodes every value: the footer's rows, and each column's values
    # and nulls as cat lists them; damaged pages end with status 0 or 1
    scan=$($P scan "$LOG")
    check scan_rows "$rows" "$(echo "$scan" | sed -n 's/^rows //p')"
    for c in $(echo "$names" | tr ',' ' '); do
        nulls=$($P cat "$LOG" --columns "$c" | grep -c ':null')
        check "scan_$c" "values $((rows - nulls)), nulls $nulls" "$(echo "$scan" | sed -n "s/^$c: //p")"
    done
    status scan_not_parquet 1 $P scan "$T/notpq"
    for pct in 10 30 50 70; do
        cp "$LOG" "$T/damaged"
        head -c 64 "$P" | dd of="$T/damaged" bs=1 seek=$((size * pct / 100)) conv=notrunc 2>/dev/null
        $P scan "$T/damaged" >/dev/null 2>&1
        rc=$?
        check "scan_damaged_$pct" ok "$([ $rc -le 1 ] && echo ok || echo "status $rc")"
    done
fi

# ---- robustness: truncated streams and garbage never crash a decoder ----------
# Every decode must end with status 0 or 1 (never 2: the options are valid,
# never >= 128: a signal).

robust() { # name [decode args...] < bytes
    name=$1
    shift
    $P decode "$@" <"$T/in" >/dev/null 2>&1
    rc=$?
    if [ "$rc" -gt 1 ]; then
        echo "FAIL robust_$name: status $rc for input $(hex <"$T/in")"
        return 1
    fi
    return 0
}

# streams, encoded here, each cut at every length
specs='plain|int32|1 -2 3
plain|byte_array|6162 - 010203
plain|boolean|1 0 1 1 0 0 0 0 1|--count 9
rle|int32|0 1 2 3 4 5 6 7 7 7 7 7 7 7 7 7 7|--bit-width 3 --count 17
rle|boolean|1 1 1 1 1 1 1 1 0 1|--count 10
rle_dictionary|int32|7 7 3 7 9
rle_dictionary|byte_array|6f6b - 6f6b 01
rle_dictionary|fixed_len_byte_array|0102 0304 0102|--length 2
delta_binary_packed|int64|1 100 -5 7 8 9
delta_length_byte_array|byte_array|6162 - 616263
delta_byte_array|byte_array|61786973 61786c65 626162626c65
byte_stream_split|double|1.5 -2
group_varint|int32|1 300 70000 -1 5|--count 5'
echo "$specs" | {
    while IFS='|' read -r enc type vals opts; do
        # shellcheck disable=SC2086
        echo "$vals" | $P encode "$enc" "$type" $opts >"$T/full" || { echo "FAIL encode $enc $type"; exit 1; }
        n=$(wc -c <"$T/full")
        k=0
        while [ "$k" -lt "$n" ]; do
            dd if="$T/full" of="$T/in" bs=1 count="$k" 2>/dev/null
            # shellcheck disable=SC2086
            robust "cut_${enc}_${type}_$k" "$enc" "$type" $opts || exit 1
            k=$((k + 1))
        done
    done
    exit 0
}
check robust_truncations 0 "$?"

# pseudo-random garbage (deterministic), for every decoder
garbage() { # seed length
    awk -v s="$1" -v n="$2" 'BEGIN{srand(s); for(i=0;i<n;i++) printf "%02x", int(rand()*256)}' | unhex
}
seed=1
bad=0
while [ "$seed" -le 40 ]; do
    garbage "$seed" $((seed % 23 + 1)) >"$T/in"
    robust "g_plain_i32" plain int32 || bad=1
    robust "g_plain_ba" plain byte_array || bad=1
    robust "g_plain_bool" plain boolean || bad=1
    robust "g_rle" rle int32 --bit-width $((seed % 33)) --count $((seed * 7)) || bad=1
    robust "g_rle_bool" rle boolean --count $((seed * 3)) || bad=1
    robust "g_bp" bit_packed int32 --bit-width $((seed % 33)) --count "$seed" || bad=1
    robust "g_dict" rle_dictionary int32 || bad=1
    robust "g_delta" delta_binary_packed int32 || bad=1
    robust "g_dlba" delta_length_byte_array byte_array || bad=1
    robust "g_dba" delta_byte_array byte_array || bad=1
    robust "g_bss" byte_stream_split float || bad=1
    robust "g_gvi" group_varint int64 --count "$seed" || bad=1
    # a dictionary frame around the garbage, so the library sees it
    { printf '\002\000\000\000\010\000\000\000\020\000\000\000\001\000\000\000\002\000\000\000'; cat "$T/in"; } >"$T/in2"
    mv "$T/in2" "$T/in"
    robust "g_dict_framed" rle_dictionary int32 || bad=1
    seed=$((seed + 1))
done
check robust_garbage 0 "$bad"

# ---- compress / decompress (ppq_codec.h) -------------------------------------

# format_description.txt's example: "xababab" = literal "xab", copy offset 2
# length 4; lz4_Block_format.md: a literal then a match of offset 3
check snappy_spec xababab "$(printf '0708786162010200' | unhex | head -c 7 | $P decompress snappy)"
check lz4_spec_dec abcabcabcabcxyzxy "$({ printf '35616263030050' | unhex; printf 'xyzxy'; } | $P decompress lz4_raw)"
# round trips: text, a run, one byte, nothing; every level
awk 'BEGIN{for(i=0;i<4000;i++) printf "%d,sensor-%d,%.2f,OK\n", 1767225600+i, i%7, 20+(i%97)/10}' >"$T/text"
awk 'BEGIN{for(i=0;i<70000;i++) printf "a"}' >"$T/run"
printf 'x' >"$T/one"
: >"$T/empty"
for c in snappy lz4_raw lz4; do
    for f in text run one empty; do
        $P compress $c <"$T/$f" >"$T/c" && $P decompress $c <"$T/c" >"$T/d"
        check "rt_${c}_$f" 0 "$(cmp -s "$T/$f" "$T/d"; echo $?)"
    done
    for l in 0 1 5 9; do
        $P compress $c --level $l <"$T/text" >"$T/c" && $P decompress $c <"$T/c" >"$T/d"
        check "rt_${c}_level$l" 0 "$(cmp -s "$T/text" "$T/d"; echo $?)"
    done
    # the run compresses to a few hundred bytes, text to under half
    check "small_${c}_run" 1 "$([ "$($P compress $c <"$T/run" | wc -c)" -lt 4000 ] && echo 1)"
    check "small_${c}_text" 1 "$([ "$(($($P compress $c <"$T/text" | wc -c) * 2))" -lt "$(wc -c <"$T/text")" ] && echo 1)"
    status "level_range_$c" 2 $P compress $c --level 10
    status "level_bad_$c" 2 $P compress $c --level x
    # a corrupt block: exit 1 with a message
    printf '\377\377\377' >"$T/bad"
    status "corrupt_$c" 1 $P decompress $c <"$T/bad"
done
# LZ4's Hadoop framing: BE uncompressed and compressed sizes first
$P compress lz4 <"$T/text" >"$T/c"
check lz4_hadoop_ulen "$(printf '%08x' "$(wc -c <"$T/text")")" "$(head -c 4 "$T/c" | hex)"
check lz4_hadoop_clen "$(printf '%08x' $(($(wc -c <"$T/c") - 8)))" "$(head -c 8 "$T/c" | tail -c 4 | hex)"
# ... and a raw block read by it (Arrow's fallback)
$P compress lz4_raw <"$T/text" | $P decompress lz4 >"$T/d"
check lz4_raw_fallback 0 "$(cmp -s "$T/text" "$T/d"; echo $?)"
status codec_unknown 2 $P compress deflate
status codec_missing 2 $P compress
# BROTLI decompresses (a stream written from RFC 7932: one uncompressed
# meta-block "hello"; libbrotli's streams: make brotli-diff-test); an empty
# input is corrupt, and there is no BROTLI compressor
check codec_brotli_hello 68656c6c6f "$(echo 400010 68656c6c6f 03 | unhex | $P decompress brotli | hex)"
# Debian's brotli tool: every quality, the least and greatest windows and a middle one
for q in 0 1 2 3 4 5 6 7 8 9 10 11; do
    for w in 10 16 24; do
        brotli -c -q "$q" -w "$w" <"$T/text" | $P decompress brotli >"$T/d"
        check "codec_brotli_tool_q${q}_w${w}" 0 "$(cmp -s "$T/text" "$T/d"; echo $?)"
    done
done
status codec_brotli_empty 1 $P decompress brotli </dev/null
status codec_brotli_compress 1 $P compress brotli </dev/null
status codec_extra_arg 2 $P decompress snappy --level 1

# ZSTD: round trips at libzstd's levels (negative, 0 the default, to 22), a
# level out of range, and the zstd tool (libzstd) reading our frames and
# ours reading its frames (from a pipe: no content size), streamed
for f in text run one empty; do
    for l in -131072 -5 -1 0 1 2 3 4 7 9 19 22; do
        $P compress zstd --level $l <"$T/$f" >"$T/c" && $P decompress zstd <"$T/c" >"$T/d"
        check "rt_zstd_${f}_level$l" 0 "$(cmp -s "$T/$f" "$T/d"; echo $?)"
    done
done
check small_zstd_run 1 "$([ "$($P compress zstd <"$T/run" | wc -c)" -lt 100 ] && echo 1)"
check small_zstd_text 1 "$([ "$(($($P compress zstd <"$T/text" | wc -c) * 3))" -lt "$(wc -c <"$T/text")" ] && echo 1)"
status level_range_zstd 2 $P compress zstd --level 23
# more than one 4 MiB frame: streamed both ways
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat "$T/text"; done >"$T/big1"
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$T/big1"; done >"$T/big"
$P compress zstd --level -3 <"$T/big" >"$T/c" && $P decompress zstd <"$T/c" >"$T/d"
check rt_zstd_big 0 "$(cmp -s "$T/big" "$T/d"; echo $?)"
head -c 1000 "$T/c" >"$T/cut"
status zstd_cut 1 $P decompress zstd <"$T/cut"
if command -v zstd >/dev/null 2>&1; then
    zstd -q -d -c <"$T/c" >"$T/d"
    check zstd_tool_reads_ours_big 0 "$(cmp -s "$T/big" "$T/d"; echo $?)"
    cat "$T/text" "$T/big" | zstd -q -c -19 --long=24 | $P decompress zstd >"$T/d"
    check zstd_ours_reads_tool_pipe "$(cat "$T/text" "$T/big" | cksum)" "$(cksum <"$T/d")"
    for f in text run one empty; do
        for l in -5 1 3 9 19; do
            $P compress zstd --level $l <"$T/$f" | zstd -d -c -q >"$T/d" 2>/dev/null
            check "zstd_tool_reads_ours_${f}_level$l" 0 "$(cmp -s "$T/$f" "$T/d"; echo $?)"
        done
    done
    zstd -q -c -3 <"$T/text" | $P decompress zstd >"$T/d"
    check zstd_ours_reads_tool 0 "$(cmp -s "$T/text" "$T/d"; echo $?)"
else
    echo "cli_test: zstd tool not installed, its interop checks skipped"
fi

# interop with the lz4 tool (Debian's lz4), whose frames hold raw blocks:
# a frame of 64 KiB independent blocks without checksums has the header
# 04 22 4D 18 60 40 82, then per block its LE size, then an end mark 0
if command -v lz4 >/dev/null 2>&1; then
    le32() { printf '%08x' "$1" | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/' | unhex; }
    head -c 60000 "$T/text" >"$T/t60"
    $P compress lz4_raw <"$T/t60" >"$T/c"
    { printf '04224d18604082' | unhex; le32 "$(wc -c <"$T/c")"; cat "$T/c"; printf '00000000' | unhex; } >"$T/frame"
    lz4 -d -c "$T/frame" >"$T/d" 2>/dev/null
    check lz4_tool_reads_ours 0 "$(cmp -s "$T/t60" "$T/d"; echo $?)"
    lz4 -c -B4 --no-frame-crc "$T/t60" >"$T/frame" 2>/dev/null
    check lz4_tool_header 04224d18604082 "$(head -c 7 "$T/frame" | hex)"
    n=$(head -c 11 "$T/frame" | tail -c 4 | od -An -tu1 | awk '{print $1 + 256 * ($2 + 256 * ($3 + 256 * $4))}')
    tail -c +12 "$T/frame" | head -c "$n" | $P decompress lz4_raw >"$T/d"
    check lz4_ours_reads_tool 0 "$(cmp -s "$T/t60" "$T/d"; echo $?)"
else
    echo "cli_test: lz4 tool not installed, its interop checks skipped"
fi

# ---- write: files from JSON Lines and CSV (issue 29) ---------------------------
# Values as ppq cat prints them and as other tools write them; the expected
# lines are worked out by hand from the input (not taken from a run).
WS='b:boolean?, i8:int8?, i16:int16?, i32:int32?, i64:int64?, u8:uint8?, u16:uint16?, u32:uint32?, u64:uint64?, f:float?, d:double?, h:float16?, s:string?, bin:binary?, fx:fixed(3)?, d1:decimal(5,2)?, d2:decimal(18,4)?, d3:decimal(38,10)?, dt:date?, tm:time(ms)?, tu:time(us)?, tn:time(ns)?, tsm:timestamp(ms)?, tsu:timestamp(us,utc)?, tsn:timestamp(ns,utc)?, id:uuid?, j:json?'
cat >"$T/all.jsonl" <<'EOF'
{"b":true,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"f":1.5,"d":-0.1,"h":0.333251953125,"s":"h\u00e9llo \"q\"\n","bin":"00FF10","fx":"abcdef","d1":"-123.45","d2":"12345678901234.5678","d3":"-1234567890123456789012345678.0123456789","dt":"2024-02-29","tm":"23:59:59.999","tu":"12:00:00.000001","tn":"00:00:00.000000001","tsm":"2024-05-01T12:34:56.789","tsu":"2024-05-01 12:34:56.123456+01:00","tsn":"1900-01-01T00:00:00.000000001Z","id":"123E4567E89B12D3A456426614174000","j":{"a": [1, 2, {"b": null}]}}

{ }
{"j":"[1]","tsn":"2262-04-11T23:47:16.854775807Z","tsu":"2024-05-01T12:34:56.1234567+00","tsm":"1969-12-31T23:59:59.999Z","dt":"1969-12-31","d3":"0.0000000001","d2":-1,"d1":0,"bin":"","s":"","h":"Infinity","d":"-Infinity","f":"NaN","b":false,"i8":null}
EOF
cat >"$T/all.want" <<'EOF'
{"b":true,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"f":1.5,"d":-0.1,"h":0.33325195,"s":"héllo \"q\"\u000a","bin":"00ff10","fx":"abcdef","d1":"-123.45","d2":"12345678901234.5678","d3":"-1234567890123456789012345678.0123456789","dt":"2024-02-29","tm":"23:59:59.999","tu":"12:00:00.000001","tn":"00:00:00.000000001","tsm":"2024-05-01T12:34:56.789","tsu":"2024-05-01T11:34:56.123456Z","tsn":"1900-01-01T00:00:00.000000001Z","id":"123e4567-e89b-12d3-a456-426614174000","j":"{\"a\": [1, 2, {\"b\": null}]}"}
{"b":null,"i8":null,"i16":null,"i32":null,"i64":null,"u8":null,"u16":null,"u32":null,"u64":null,"f":null,"d":null,"h":null,"s":null,"bin":null,"fx":null,"d1":null,"d2":null,"d3":null,"dt":null,"tm":null,"tu":null,"tn":null,"tsm":null,"tsu":null,"tsn":null,"id":null,"j":null}
{"b":false,"i8":null,"i16":null,"i32":null,"i64":null,"u8":null,"u16":null,"u32":null,"u64":null,"f":"NaN","d":"-Infinity","h":"Infinity","s":"","bin":"","fx":null,"d1":"0.00","d2":"-1.0000","d3":"0.0000000001","dt":"1969-12-31","tm":null,"tu":null,"tn":null,"tsm":"1969-12-31T23:59:59.999","tsu":"2024-05-01T12:34:56.123456Z","tsn":"2262-04-11T23:47:16.854775807Z","id":null,"j":"[1]"}
EOF
status write_all_types 0 $P write --schema "$WS" "$T/all.parquet" <"$T/all.jsonl"
check write_all_types_values "$(cat "$T/all.want")" "$($P cat "$T/all.parquet")"
$P cat "$T/all.parquet" >"$T/all1.jsonl"
$P write --schema "$WS" "$T/all2.parquet" <"$T/all1.jsonl"
check write_all_types_round_trip "$(cat "$T/all1.jsonl")" "$($P cat "$T/all2.parquet")"
$P cat "$T/all.parquet" --format csv >"$T/all1.csv"
$P write --format csv --schema "$WS" "$T/all3.parquet" <"$T/all1.csv"
check write_all_types_round_trip_csv "$(cat "$T/all1.csv")" "$($P cat "$T/all3.parquet" --format csv)"
check write_all_types_logical "INTEGER(8,signed) INTEGER(64,unsigned) FLOAT16 DECIMAL(5,2) DECIMAL(38,10) TIME(NANOS,local) TIMESTAMP(MICROS,UTC) UUID JSON" \
    "$($P inspect "$T/all.parquet" | awk '$3=="OPTIONAL"&&($1=="i8"||$1=="u64"||$1=="h"||$1=="d1"||$1=="d3"||$1=="tn"||$1=="tsu"||$1=="id"||$1=="j"){printf "%s%s", s, $4; s=" "}')"
# every option, and the same rows read back
for o in "--codec snappy" "--codec gzip" "--codec zstd --level 3" "--codec lz4_raw" "--page-v2" "--no-statistics" \
    "--auto-all-encodings --codec snappy" \
    "--row-group-rows 1" "--encoding s=plain --encoding i64=delta_binary_packed --encoding d=byte_stream_split --encoding s=delta_byte_array"; do
    name=write_opt_$(echo "$o" | tr -c 'a-z0-9\n' '_')
    # shellcheck disable=SC2086
    $P write --schema "$WS" $o "$T/opt.parquet" <"$T/all.jsonl"
    check "$name" "$(cat "$T/all.want")" "$($P cat "$T/opt.parquet" 2>&1)"
done
# --auto-all-encodings: a decimal(38,2) running total (16-byte values sharing their leading bytes)
# as DELTA_BYTE_ARRAY, which AUTO alone leaves out (polars lacks it), the values as written
awk 'BEGIN { t = 0; for (i = 0; i < 3000; i++) { t += (i * 7919) % 1000; printf "{\"total\":\"%d.%02d\"}\n", int(t / 100), t % 100 } }' >"$T/tot.jsonl"
$P write --schema 'total:decimal(38,2)' "$T/tot1.parquet" <"$T/tot.jsonl"
$P write --schema 'total:decimal(38,2)' --auto-all-encodings "$T/tot2.parquet" <"$T/tot.jsonl"
check write_auto_all_encodings "PLAIN,RLE / RLE,DELTA_BYTE_ARRAY" \
    "$($P inspect "$T/tot1.parquet" | awk '$1=="total"&&$2!="FIXED_LEN_BYTE_ARRAY"{print $2}') / $($P inspect "$T/tot2.parquet" | awk '$1=="total"&&$2!="FIXED_LEN_BYTE_ARRAY"{print $2}')"
check write_auto_all_encodings_values "$(cat "$T/tot.jsonl")" "$($P cat "$T/tot2.parquet")"
check write_row_group_rows "row groups: 3" "$($P inspect "$T/opt.parquet" >/dev/null; $P write --schema "$WS" --row-group-rows 1 "$T/opt.parquet" <"$T/all.jsonl"; $P inspect "$T/opt.parquet" | grep '^row groups')"
# zstd frames in the file (their magic number, 28 b5 2f fd)
check write_codec_zstd_frames 1 "$($P write --schema "$WS" --codec zstd "$T/opt.parquet" <"$T/all.jsonl"; hex <"$T/opt.parquet" | grep -c 28b52ffd)"
# CSV as other tools write it: CRLF, a byte order mark, quoted fields with
# commas, quotes and line breaks, "" an empty string, an empty field null,
# columns in another order, a column left out (null), a blank line
printf '\357\273\277tsu,s,i32,b\r\n2024-05-01 12:34:56,"a,""b""\r\nc",7,TRUE\r\n\r\n2024-05-01T12:34:56.5-02:30,"",-7,false\r\n"2024-05-01",,,\r\n' >"$T/in.csv"
status write_csv_tools 0 $P write --format csv --schema 'b:boolean?, i32:int32?, s:string?, tsu:timestamp(ms,utc)?, x:double?' "$T/w.parquet" <"$T/in.csv"
check write_csv_tools_values '{"b":true,"i32":7,"s":"a,\"b\"\u000d\u000ac","tsu":"2024-05-01T12:34:56.000Z","x":null}
{"b":false,"i32":-7,"s":"","tsu":"2024-05-01T15:04:56.500Z","x":null}
{"b":null,"i32":null,"s":null,"tsu":"2024-05-01T00:00:00.000Z","x":null}' "$($P cat "$T/w.parquet")"
# one column: an empty line is a null (as ppq cat prints one), not a blank line
printf 'x\n1\n\n3\n' >"$T/in.csv"
status write_csv_one_column 0 $P write --format csv --schema 'x:int8?' "$T/w.parquet" <"$T/in.csv"
check write_csv_one_column_nulls "$(printf 'x\n1\n\n3')" "$($P cat "$T/w.parquet" --format csv)"
# JSON as other tools write it: blanks, keys in any order, escapes, numbers
# as strings, a surrogate pair, stored integers (ppq cat --raw)
printf '%s\n' ' { "s" : "\ud83d\ude00\t" , "i32" : "12" , "tsu" : 1714566896000 } ' '{"tsu":"2024-05-01T12:34:56.999999Z","b":false}' >"$T/in.jsonl"
status write_json_tools 0 $P write --schema 'b:boolean?, i32:int32?, s:string?, tsu:timestamp(ms,utc)?' "$T/w.parquet" <"$T/in.jsonl"
check write_json_tools_values '{"b":null,"i32":12,"s":"😀\u0009","tsu":"2024-05-01T12:34:56.000Z"}
{"b":false,"i32":null,"s":null,"tsu":"2024-05-01T12:34:56.999Z"}' "$($P cat "$T/w.parquet")"
# years before 1 as ppq cat prints them (%04d: -001), and stored integers as bare JSON numbers
printf '%s\n' '{"d":"-001-01-01","t":"-010-12-31T23:59:59Z"}' '{"d":-1,"t":0}' >"$T/in.jsonl"
status write_negative_years 0 $P write --schema 'd:date, t:timestamp(ms,utc)' "$T/w.parquet" <"$T/in.jsonl"
check write_negative_years_values '{"d":"-001-01-01","t":"-010-12-31T23:59:59.000Z"}
{"d":"1969-12-31","t":"1970-01-01T00:00:00.000Z"}' "$($P cat "$T/w.parquet")"
if [ -n "$LOG" ]; then # the demo's sensor log: ppq cat -> ppq write -> ppq cat, both formats
    SS='ts:timestamp(us,utc), temperature:float, humidity:float, pressure:double?, battery_mv:uint16, door_open:boolean, status:string'
    $P cat "$LOG" >"$T/demo.jsonl"
    status write_demo_jsonl 0 $P write --schema "$SS" "$T/demo.parquet" <"$T/demo.jsonl"
    check write_demo_round_trip 0 "$($P cat "$T/demo.parquet" | cmp -s - "$T/demo.jsonl"; echo $?)"
    $P cat "$LOG" --format csv >"$T/demo.csv"
    status write_demo_csv 0 $P write --format csv --schema "$SS" --page-v2 --codec snappy "$T/demo.parquet" <"$T/demo.csv"
    check write_demo_round_trip_csv 0 "$($P cat "$T/demo.parquet" --format csv | cmp -s - "$T/demo.csv"; echo $?)"
    check write_demo_rows "$(wc -l <"$T/demo.jsonl" | tr -d ' ')" "$($P inspect "$T/demo.parquet" | sed -n 's/^rows: //p')"
fi
# errors: one line naming the line, the field and what was expected; the
# exit status (2 arguments or schema, 1 input); no file left behind
mkdir -p "$T/wdir"
werr() { # name expected-status expected-message-part format schema input
    printf '%s' "$6" | $P write --format "$4" --schema "$5" "$T/wdir/o.parquet" >/dev/null 2>"$T/werr.txt"
    check "$1" "$2" "$?"
    check "$1_says" 1 "$(grep -cF -- "$3" "$T/werr.txt")"
    check "$1_one_line" 1 "$(wc -l <"$T/werr.txt" | tr -d ' ')"
    check "$1_no_file" "" "$(ls "$T/wdir")"
}
werr write_bad_type 2 "at character 11: expected a type" jsonl 'a:int8, b:flaot?' '{}'
werr write_bad_schema_end 2 "at character 8: expected a field name, got the end" jsonl 'a:int8,' '{}'
werr write_bad_decimal 2 "expected a precision in 1..38" jsonl 'a:decimal(40,2)' '{}'
werr write_bad_unit 2 "expected a unit: ms, us or ns" jsonl 'a:timestamp(xs)' '{}'
werr write_dup_name 2 "expected a name not used before" jsonl 'a:int8, a:int16' '{}'
werr write_map_key_null 2 "map keys cannot be nullable" jsonl 'm:map<string?,int8>' '{}'
werr write_nested_csv 2 "burst: --format csv takes flat schemas (nested ones: JSON Lines)" csv 'ts:timestamp(us,utc), burst:list<float?>?' 'ts
'
if printf '{"a":[1]}\n' | $P write --schema 'a:list<int32>' "$T/wdir/o.parquet" 2>/dev/null; then
    rm -f "$T/wdir/o.parquet" # nested writing in this build: bad rows name the field's path
    werr write_nested_elem 1 'line 2: field "burst[1]" (float): expected a number' jsonl 'ts:int64, burst:list<float>' '{"ts":1,"burst":[]}
{"ts":2,"burst":[1,"x"]}
'
    werr write_nested_null 1 'line 1: field "burst[0]" (float): expected a value (not nullable' jsonl 'burst:list<float>' '{"burst":[null]}
'
    werr write_nested_missing 1 'line 1: field "gps.lon" (double): expected a value (the field is missing' jsonl 'gps:struct<lat:double,lon:double>' '{"gps":{"lat":1}}
'
    werr write_nested_map_key 1 'line 1: field "m[1].key" (int32): expected an integer' jsonl 'm:map<int32,string>' '{"m":{"1":"a","b":"c"}}
'
    werr write_nested_deep 2 '--schema: element is 17 levels deep (a list or a map counts two), the writer takes 16' jsonl 'a:list<list<list<list<list<list<list<list<int32>>>>>>>>' '{}'
    printf '{"b":[1]}\n{"b":[1,2,3]}\n' | $P write --page-values 2 --schema 'b:list<int8>' "$T/wdir/o.parquet" 2>"$T/werr.txt"
    check write_nested_page 1 "$?"
    check write_nested_page_says 1 "$(grep -cF 'line 2: field "b.element": 3 entries in one row, a page takes at most 2 (--page-values)' "$T/werr.txt")"
    check write_nested_page_no_file "" "$(ls "$T/wdir")"
    # ppq cat's output of a nested file back through ppq write: the same rows
    NS='ts:int64, burst:list<float>, gps:struct<lat:double,lon:double>?, tags:map<string,float?>, ids:map<int32,string>?, deep:list<list<struct<v:list<int32?>?>?>?>?'
    printf '%s\n' '{"ts":1,"burst":[1.5,-2],"gps":{"lat":1.25,"lon":2.5},"tags":{"a":1,"b":null},"ids":{"3":"x","-4":"y"},"deep":[[{"v":[1,null]},null,{"v":null}],[],null]}' \
        '{"ts":2,"burst":[],"gps":null,"tags":{},"ids":[],"deep":null}' '{"ts":3,"burst":[0.25],"tags":[{"key":"k","value":null}],"deep":[[]]}' >"$T/nested.jsonl"
    status write_nested_rows 0 $P write --schema "$NS" "$T/nested.parquet" <"$T/nested.jsonl"
    $P cat "$T/nested.parquet" >"$T/nested1.jsonl"
    status write_nested_again 0 $P write --schema "$NS" "$T/nested2.parquet" <"$T/nested1.jsonl"
    check write_nested_round_trip "$(cat "$T/nested1.jsonl")" "$($P cat "$T/nested2.parquet")"
    check write_nested_cat 1 "$(grep -cF '"ids":[{"key":3,"value":"x"},{"key":-4,"value":"y"}],"deep":[[{"v":[1,null]},null,{"v":null}],[],null]}' "$T/nested1.jsonl")"
else
    werr write_nested 2 "burst: nested types need a library built with PPQ_WRITER_NESTED" jsonl 'ts:timestamp(us,utc), burst:list<float?>?' '{}'
fi
werr write_bad_value 1 'line 2: field "a" (int8): expected an integer in -128..127, got 128' jsonl 'a:int8' '{"a":1}
{"a":128}
'
werr write_bad_float 1 'line 1: field "t" (float): expected a number' jsonl 't:float' '{"t":"warm"}'
werr write_bad_ts 1 'field "ts" (timestamp(us)): expected a timestamp' jsonl 'ts:timestamp(us)' '{"ts":"2024-01-01T25:00:00"}'
werr write_bad_date 1 'expected a date (YYYY-MM-DD), got "2023-02-29"' csv 'd:date' 'd
2023-02-29
'
werr write_date_not_integer_csv 1 'line 2: field "d" (date): expected a date (YYYY-MM-DD), got "20240501"' csv 'd:date' 'd
20240501
'
werr write_bad_decimal_value 1 'expected a decimal of at most 5 digits, 2 after the point, got "1.234"' csv 'x:decimal(5,2)' 'x
1.234
'
werr write_null_required 1 'line 1: field "a" (int8): expected a value (the column is not nullable' jsonl 'a:int8' '{"a":null}'
werr write_missing_required 1 'got nothing (the field is missing)' jsonl 'a:int8, b:int8?' '{"b":1}'
werr write_null_required_csv 1 'line 3: field "b" (int8): expected a value' csv 'a:int8?, b:int8' 'a,b
1,2
1,
'
werr write_unknown_field 1 'line 1: field "c": no such column in the schema' jsonl 'a:int8' '{"a":1,"c":2}'
werr write_not_json 1 'line 1: expected a JSON object' jsonl 'a:int8?' 'a,b'
werr write_csv_too_many 1 "line 3: more fields than the header's 2" csv 'a:int8?, b:int8' 'a,b
1,2
1,2,3
'
werr write_csv_too_few 1 'line 3: 1 field, the header has 2' csv 'a:int8?, b:int8' 'a,b
1,2
1
'
werr write_csv_header 1 'line 1: header field 2 "c": no such column in the schema' csv 'a:int8?, b:int8' 'a,c
'
werr write_csv_header_required 1 'the header has no field "b"' csv 'a:int8?, b:int8' 'a
1
'
werr write_csv_quote 1 "line 2: field \"a\": expected a closing '\"'" csv 'a:string' 'a
"x
'
# a bad row after a full block: rows already handed to the writer, no file
awk 'BEGIN{print "a"; for(i=0;i<5000;i++) print i % 100; print "x"}' >"$T/many.csv"
$P write --format csv --schema 'a:int8' "$T/wdir/o.parquet" <"$T/many.csv" 2>"$T/werr.txt"
check write_late_error 1 "$?"
check write_late_error_line 1 "$(grep -c 'line 5002: field "a"' "$T/werr.txt")"
check write_late_error_no_file "" "$(ls "$T/wdir")"
status write_no_schema 2 $P write "$T/wdir/o.parquet"
status write_bad_encoding 2 $P write --schema 's:string' --encoding s=delta_binary_packed "$T/wdir/o.parquet"
status write_bad_codec 2 $P write --schema 's:string' --codec lzo "$T/wdir/o.parquet"
check write_args_no_file "" "$(ls "$T/wdir")"

echo "cli_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# Tests of the ppq CLI: golden bytes from the spec's examples, round trips
# through every encoding and type, exit statuses for bad input.
set -u
P=${1:?usage: cli_test.sh PPQ}
pass=0
fail=0

hex() { od -An -tx1 -v | tr -d ' \n'; }

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

# encodings.txt: 0..7 at width 3 -> 88 C6 FA (one bit-packed group: header 03)
check rle_spec 0388c6fa "$(echo 0 1 2 3 4 5 6 7 | $P encode rle int32 --bit-width 3 | hex)"
# BIT_PACKED: 0..7 at width 3 -> 05 39 77
check bit_packed_spec 053977 "$(echo 0 1 2 3 4 5 6 7 | $P encode bit_packed int32 --bit-width 3 | hex)"
# PLAIN layouts
check plain_int32 01000000feffffff "$(echo 1 -2 | $P encode plain int32 | hex)"
check plain_double 000000000000f03f "$(echo 1.0 | $P encode plain double | hex)"
check plain_boolean 0d02 "$(echo 1 0 1 1 0 0 0 0 0 1 | $P encode plain boolean | hex)"
check plain_byte_array 020000006162 "$(echo 6162 | $P encode plain byte_array | hex)"
# DELTA_BINARY_PACKED, the spec's second example with the 128/4 geometry
check delta_spec 80010408 "$(echo 7 5 3 1 2 3 4 5 | $P encode delta_binary_packed int32 | hex | cut -c1-8)"
check delta_spec_body 0e030200 "$(echo 7 5 3 1 2 3 4 5 | $P encode delta_binary_packed int32 | hex | cut -c9-16)"
# DELTA_LENGTH_BYTE_ARRAY: the byte section of the spec's example
check dlba_bytes "HelloWorldFoobarABCDEF" \
    "$(echo 48656c6c6f 576f726c64 466f6f626172 414243444546 | $P encode delta_length_byte_array byte_array | tail -c 22)"
# DELTA_BYTE_ARRAY: suffixes of "axis","axle","babble","babyhood"
check dba_suffixes "axislebabbleyhood" \
    "$(echo 61786973 61786c65 626162626c65 62616279686f6f64 | $P encode delta_byte_array byte_array | tail -c 17)"
# BYTE_STREAM_SPLIT: floats with bytes AA BB CC DD, 00 11 22 33, A3 B4 C5 D6 (as int32 bits)
check bss_spec aa00a3bb11b4cc22c5dd33d6 \
    "$(echo -573785174 857870592 -691686237 | $P encode byte_stream_split int32 | hex)"
# GroupVarInt: the document's 0b00101101 example
check gvi_doc 2d12785634f0debc9a3412 "$(echo 18 3430008 -1698898192 4660 | $P encode group_varint int32 | hex)"

# round trips: every encoding and type it applies to
roundtrip() { # name encoding type values [options]
    name=$1 enc=$2 type=$3 vals=$4
    shift 4
    got=$(echo "$vals" | $P encode "$enc" "$type" "$@" | $P decode "$enc" "$type" "$@" | tr '\n' ' ' | sed 's/ $//')
    check "roundtrip_$name" "$vals" "$got"
}
roundtrip plain_bool plain boolean "true false true" --count 3
roundtrip plain_i32 plain int32 "1 -2 2147483647 -2147483648"
roundtrip plain_i64 plain int64 "1 -9223372036854775808 9223372036854775807"
roundtrip plain_i96 plain int96 "0102030405060708090a0b0c"
roundtrip plain_float plain float "1.5 -0 nan inf"
roundtrip plain_double plain double "0.10000000000000001 -2.5 1.7976931348623157e+308"
roundtrip plain_ba plain byte_array "6162 - ff00"
roundtrip plain_flba plain fixed_len_byte_array "616263 646566" --length 3
roundtrip rle_bool rle boolean "true true false" --count 3
roundtrip rle_i32 rle int32 "5 5 5 5 5 5 5 5 5 1 2" --bit-width 3 --count 11
roundtrip bit_packed bit_packed int32 "1 0 3 2" --bit-width 2 --count 4
roundtrip dict_i32 rle_dictionary int32 "7 7 3 7 -1"
roundtrip dict_double rle_dictionary double "1.5 1.5 -2"
roundtrip dict_ba rle_dictionary byte_array "6f6b 6f6b - 6f6b"
roundtrip dict_flba rle_dictionary fixed_len_byte_array "0102 0102 0304" --length 2
roundtrip delta_i32 delta_binary_packed int32 "2147483647 -2147483648 2147483647 0"
roundtrip delta_i64 delta_binary_packed int64 "1700000000000000 1700000001000000 1700000002000007"
roundtrip dlba delta_length_byte_array byte_array "6162 - 616263"
roundtrip dba delta_byte_array byte_array "61786973 61786c65 626162626c65"
roundtrip dba_flba delta_byte_array fixed_len_byte_array "6162 6163" --length 2
roundtrip bss_double byte_stream_split double "101325.5 -0 1e-300"
roundtrip bss_i64 byte_stream_split int64 "-1 9223372036854775807"
roundtrip bss_flba byte_stream_split fixed_len_byte_array "010203 040506" --length 3
roundtrip gvi_i32 group_varint int32 "1 -1 300 70000 5" --count 5
roundtrip gvi_i64 group_varint int64 "1 -1 4294967296" --count 3

# sizes lists every applicable encoding
check sizes_int64 "plain rle_dictionary delta_binary_packed byte_stream_split group_varint" \
    "$(seq 1 100 | $P sizes int64 | tail -n +2 | awk '{print $1}' | tr '\n' ' ' | sed 's/ $//')"

# exit statuses: 2 bad arguments or values, 1 corrupt input
status usage_none 2 $P
status usage_cmd 2 $P frobnicate
status usage_enc 2 sh -c "echo 1 | $P encode nosuch int32"
status usage_type 2 sh -c "echo 1 | $P encode plain int33"
status usage_apply 2 sh -c "echo 1 | $P encode delta_binary_packed float"
status usage_value 2 sh -c "echo x | $P encode plain int32"
status usage_range 2 sh -c "echo 99999999999 | $P encode plain int32"
status usage_flba 2 sh -c "echo 01 | $P encode plain fixed_len_byte_array"
status usage_count 2 sh -c "printf '\\003\\210' | $P decode rle int32 --bit-width 3"
status corrupt_plain 1 sh -c "printf '\\001\\000\\000' | $P decode plain int32"
status corrupt_rle 1 sh -c "printf '\\020' | $P decode rle int32 --bit-width 3 --count 8"
status corrupt_delta 1 sh -c "printf '\\010\\001\\005' | $P decode delta_binary_packed int32"
status corrupt_dict 1 sh -c "printf '\\002\\000\\000\\000' | $P decode rle_dictionary int32"
status corrupt_bss 1 sh -c "printf 'abcdefg' | $P decode byte_stream_split float"
status ok_help 0 $P help

echo "cli_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

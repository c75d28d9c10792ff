#!/bin/sh
# The CMake build against the Makefile's (`make cmake-check`).
#
#   tools/cmake_check.sh [BOARD...]     (default: the five boards)
#
# For each board: board.mk's flags must be project.yml's; `make lib TARGET=<board>` and CMake with
# cmake/arm-none-eabi.cmake -DPICOPARQUET_BOARD=<board> must give archives with
# the same object names, the same arm-none-eabi-size per object and the same
# section contents and relocations (objdump -s -r).  Then the same for
# mps2-an386 with every build switch set away from its default (make's PORT and
# EXTRA_CFLAGS against CMake's PICOPARQUET_* options), for microbit's archive
# as a firmware project's add_subdirectory() builds it, and the host: CMake's
# globs must list the Makefile's LIB_SRCS and CLI_SRCS (mk/*.mk's additions
# included).  And the toolchain file without a board or CPU flags: configuring
# stops with one message naming both.  Each build runs with -j2; trees stay
# in build/cmake-check/ so a rerun rebuilds only what changed.
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=build/cmake-check
BOARDS=${*:-microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505}
# Builds of our own: not part of a calling make's job server.
unset MAKEFLAGS MFLAGS MAKELEVEL || true
mkdir -p "$OUT"
fail=0

# The archives' members, sorted: NAME TEXT DATA BSS SUM-OF-SECTIONS (object
# suffixes .o, .c.o, .c.obj all as .o).
members() { # archive dir
    rm -rf "$2" && mkdir -p "$2"
    (cd "$2" && arm-none-eabi-ar x "$ROOT/$1")
    for o in "$2"/*; do
        n=$(basename "$o"); n=${n%.obj}; n=${n%.o}; n=${n%.c}.o
        # berkeley: text data bss dec hex filename
        sz=$(arm-none-eabi-size "$o" | awk 'NR == 2 { print $1, $2, $3 }')
        # everything after objdump's file-name line
        sum=$(arm-none-eabi-objdump -s -r "$o" | tail -n +3 | cksum | cut -d' ' -f1)
        echo "$n $sz $sum"
    done | sort
}

compare() { # name make-archive cmake-archive
    members "$2" "$OUT/$1/x-make" >"$OUT/$1/make.txt"
    members "$3" "$OUT/$1/x-cmake" >"$OUT/$1/cmake.txt"
    if [ "$(arm-none-eabi-ar t "$2" | sort | uniq -d)$(arm-none-eabi-ar t "$3" | sort | uniq -d)" ]; then
        echo "cmake-check $1: FAIL: an archive has two members of one name"; fail=1; return
    fi
    if ! cmp -s "$OUT/$1/make.txt" "$OUT/$1/cmake.txt"; then
        echo "cmake-check $1: FAIL: the archives differ (object text data bss contents-checksum, make < > cmake):"
        diff "$OUT/$1/make.txt" "$OUT/$1/cmake.txt" | sed 's/^/    /' || true
        fail=1; return
    fi
    awk -v n="$1" '{ t += $2; d += $3; b += $4 } END {
        printf "cmake-check %s: %d objects, same names, same size per object (text %d, data %d, bss %d in all), same section contents\n", n, NR, t, d, b }' \
        "$OUT/$1/make.txt"
}

build_pair() { # name "make args" "make EXTRA_CFLAGS" cmake-args...
    name=$1; margs=$2; extra=$3; shift 3
    mkdir -p "$OUT/$name"
    # shellcheck disable=SC2086
    if ! make --no-print-directory -j2 lib $margs EXTRA_CFLAGS="$extra" BUILD="$OUT/$name/make" >"$OUT/$name/make.log" 2>&1; then
        echo "cmake-check $name: FAIL: make lib $margs EXTRA_CFLAGS='$extra'"; tail -20 "$OUT/$name/make.log"; fail=1; return 1
    fi
    # a fresh cache each time: options from an earlier run must not linger
    rm -f "$OUT/$name/cmake/CMakeCache.txt"
    if ! { cmake -S . -B "$OUT/$name/cmake" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-none-eabi.cmake" "$@" &&
           cmake --build "$OUT/$name/cmake" -j2; } >"$OUT/$name/cmake.log" 2>&1; then
        echo "cmake-check $name: FAIL: cmake $*"; tail -20 "$OUT/$name/cmake.log"; fail=1; return 1
    fi
    compare "$name" "$OUT/$name/make/libpicoparquet.a" "$OUT/$name/cmake/libpicoparquet.a"
}

for b in microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505; do
    # the toolchain file reads board.mk; project.yml mirrors it (every board, built or not)
    mk=$(sed -n 's/^BOARD_CPU_FLAGS[ \t]*:*=[ \t]*//p' "boards/$b/board.mk")
    yml=$(/usr/bin/python3 -c 'import sys, yaml; print(" ".join(yaml.safe_load(open("project.yml"))["boards"][sys.argv[1]]["cflags"]))' "$b")
    [ "$mk" = "$yml" ] || { echo "cmake-check $b: FAIL: board.mk's flags '$mk', project.yml's '$yml'"; fail=1; }
done
for b in $BOARDS; do
    build_pair "$b" "TARGET=$b" "" -DPICOPARQUET_BOARD="$b" || true
done

# Every switch away from its default: the options must mean what make's -D do.
# (CMake gets the encodings as an expression, make the same value as a number.)
build_pair mps2-an386-switches \
    "TARGET=mps2-an386 PORT=generic" "-DPPQ_WRITER_ENCODINGS=0x24 -DPPQ_WRITER_PAGE_V2=0 -DPPQ_WRITER_STATISTICS=0 \
    -DPPQ_WRITER_RECOVERY=0 -DPPQ_WRITER_FAST_BATCH=1 -DPPQ_FAST64=0 -DPPQ_UNPACK_SMALL -DPPQ_NO_INTRINSICS \
    -DPPQ_DECOMPRESSORS=0 -DPPQ_COMPRESSORS=0" \
    -DPICOPARQUET_BOARD=mps2-an386 -DPICOPARQUET_PORT=generic \
    "-DPICOPARQUET_WRITER_ENCODINGS=(PPQ_WRITER_ENC_DICTIONARY|PPQ_WRITER_ENC_RLE)" \
    -DPICOPARQUET_WRITER_PAGE_V2=OFF -DPICOPARQUET_WRITER_STATISTICS=OFF -DPICOPARQUET_WRITER_RECOVERY=OFF \
    -DPICOPARQUET_WRITER_FAST_BATCH=1 -DPICOPARQUET_FAST64=0 -DPICOPARQUET_UNPACK_SMALL=ON \
    -DPICOPARQUET_NO_INTRINSICS=ON -DPICOPARQUET_DECOMPRESSORS=0 -DPICOPARQUET_COMPRESSORS=0 || true

# A firmware project's add_subdirectory() (examples/consumer, cross-compiled
# and linked against newlib's stubs) builds the same archive as make.
for b in $BOARDS; do
    [ "$b" = microbit ] || continue
    n=$b-subdirectory
    mkdir -p "$OUT/$n"
    rm -f "$OUT/$n/cmake/CMakeCache.txt"
    if { cmake -S examples/consumer -B "$OUT/$n/cmake" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-none-eabi.cmake" \
             -DPICOPARQUET_BOARD="$b" -DPICOPARQUET_SOURCE_DIR="$PWD" &&
         cmake --build "$OUT/$n/cmake" -j2; } >"$OUT/$n/cmake.log" 2>&1; then
        compare "$n" "$OUT/$b/make/libpicoparquet.a" "$OUT/$n/cmake/picoparquet/libpicoparquet.a"
    else
        echo "cmake-check $n: FAIL: examples/consumer with add_subdirectory"; tail -20 "$OUT/$n/cmake.log"; fail=1
    fi
done

# The toolchain file with neither PICOPARQUET_BOARD nor PICOPARQUET_CPU_FLAGS
# (arm-none-eabi-gcc then targets an ARM7TDMI, which port/cortex-m cannot
# build for): configuring must fail, with one message naming both variables,
# and nothing compiled.
n=no-board
mkdir -p "$OUT/$n"
rm -rf "$OUT/$n/cmake"
if cmake -S . -B "$OUT/$n/cmake" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-none-eabi.cmake" >"$OUT/$n/cmake.log" 2>&1; then
    echo "cmake-check $n: FAIL: configured without PICOPARQUET_BOARD or PICOPARQUET_CPU_FLAGS"; fail=1
else
    # CMake wraps the message's line: join it again
    msg=$(sed -n '/^CMake Error at CMakeLists.txt/,/^$/p' "$OUT/$n/cmake.log" | sed 1d | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')
    case $msg in
    *PICOPARQUET_BOARD*PICOPARQUET_CPU_FLAGS*)
        if [ -e "$OUT/$n/cmake/Makefile" ]; then
            echo "cmake-check $n: FAIL: a build was generated"; fail=1
        else
            echo "cmake-check $n: stops at configure time: $msg"
        fi ;;
    *) echo "cmake-check $n: FAIL: configuring failed without naming both variables:"; tail -20 "$OUT/$n/cmake.log"; fail=1 ;;
    esac
fi

# The host's source lists: CMake's globs against the Makefile's variables.
mkdir -p "$OUT/host"
rm -f "$OUT/host/cmake/CMakeCache.txt"
if cmake -S . -B "$OUT/host/cmake" -DPICOPARQUET_BUILD_CLI=ON >"$OUT/host/cmake.log" 2>&1; then
    for v in LIB_SRCS CLI_SRCS; do
        m=$(make --no-print-directory -s --eval='ppq-print-%: ; @echo $($*)' "ppq-print-$v" | tr ' ' '\n' | sed '/^$/d' | sort)
        c=$(sed -n "s/^$v=//p" "$OUT/host/cmake/picoparquet-sources.txt" | tr ';' '\n' | sed '/^$/d' | sort)
        if [ "$m" = "$c" ]; then
            echo "cmake-check host: CMake builds the Makefile's $v ($(echo "$m" | wc -l) files)"
        else
            echo "cmake-check host: FAIL: $v differ (make < > cmake):"
            echo "$m" >"$OUT/host/m.txt"; echo "$c" >"$OUT/host/c.txt"
            diff "$OUT/host/m.txt" "$OUT/host/c.txt" | sed 's/^/    /' || true
            fail=1
        fi
    done
else
    echo "cmake-check host: FAIL: cmake configure"; tail -20 "$OUT/host/cmake.log"; fail=1
fi
exit $fail

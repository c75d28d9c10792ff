#!/bin/sh
# examples/consumer built the ways a user's build would take picoparquet
# (`make install-test`, which first runs `make install` into DIR/stage with
# PREFIX=/opt/picoparquet):
#   1. pkg-config     against the `make install` prefix
#   2. find_package   against a `cmake --install` prefix (the host CMake build)
#   3. add_subdirectory of this source tree
#   and 4. find_package against the `make install` prefix, 5. pkg-config
#   against the `cmake --install` one, 6. find_package of a cross build's
#   install by a cross-compiled project (and not by a host one).
# Each install must hold the headers, the archive, ppq, picoparquet.pc and the
# CMake package; pkg-config and CMake must report project.yml's version; each
# consumer must print it and write a file that the installed ppq reads back
# with that version as created_by, all five byte-identical.
#
#   tools/install_test.sh DIR
set -eu
cd "$(dirname "$0")/.."
D=${1:?usage: install_test.sh DIR}
case $D in /*) ;; *) D=$PWD/$D ;; esac
unset MAKEFLAGS MFLAGS MAKELEVEL || true
CC=${CC:-cc}
fail() { echo "install-test: FAIL: $*"; exit 1; }
V=$(sed -n 's/^version:[ \t]*\([^ \t#]*\).*/\1/p' project.yml)
MK=$D/stage/opt/picoparquet
CM=$D/cmake-prefix
log=$D/log.txt
: >"$log"
run() { "$@" >>"$log" 2>&1 || { tail -30 "$log"; fail "$*"; }; }

# The host CMake build (library and CLI), installed with cmake --install.
run cmake -S . -B "$D/cmake-build" -DPICOPARQUET_BUILD_CLI=ON
run cmake --build "$D/cmake-build" -j2
run cmake --install "$D/cmake-build" --prefix "$CM"

for p in "$MK" "$CM"; do
    for f in include/picoparquet.h include/ppq_core.h include/ppq_writer.h include/ppq_config.h \
             lib/libpicoparquet.a bin/ppq lib/pkgconfig/picoparquet.pc \
             lib/cmake/picoparquet/picoparquetConfig.cmake lib/cmake/picoparquet/picoparquetConfigVersion.cmake; do
        [ -f "$p/$f" ] || fail "$p/$f missing"
    done
    [ "$(ls "$p"/include | wc -l)" = "$(ls inc/*.h | wc -l)" ] || fail "$p/include does not hold inc/*.h"
    v=$(PKG_CONFIG_PATH=$p/lib/pkgconfig pkg-config --modversion picoparquet)
    [ "$v" = "$V" ] || fail "pkg-config --modversion says $v in $p, project.yml $V"
    tools/check_version.sh "$p/bin/ppq" >/dev/null || fail "$p/bin/ppq --version"
done

consumers=""
# 1 and 5: pkg-config (the .pc's paths are relative to it: the staged tree works as is)
for w in make:"$MK" cmake:"$CM"; do
    p=${w#*:}
    # shellcheck disable=SC2046
    run $CC -std=c99 -Wall -Wextra -Werror examples/consumer/consumer.c -o "$D/consumer-pkgconfig-${w%%:*}" \
        $(PKG_CONFIG_PATH=$p/lib/pkgconfig pkg-config --cflags --libs picoparquet)
    consumers="$consumers pkg-config/${w%%:*}-install:$D/consumer-pkgconfig-${w%%:*}:$p"
done
# 2 and 4: find_package (asking for this MAJOR.MINOR)
for w in cmake:"$CM" make:"$MK"; do
    p=${w#*:}
    run cmake -S examples/consumer -B "$D/consumer-find-${w%%:*}" -DCMAKE_PREFIX_PATH="$p"
    grep -q "consumer: picoparquet $V by find_package from $p/lib/cmake/picoparquet" "$log" ||
        fail "find_package in $p: not version $V from $p/lib/cmake/picoparquet"
    run cmake --build "$D/consumer-find-${w%%:*}"
    consumers="$consumers find_package/${w%%:*}-install:$D/consumer-find-${w%%:*}/consumer:$p"
done
# A version request the package cannot meet must fail.
if cmake -S examples/consumer -B "$D/consumer-find-too-new" -DCMAKE_PREFIX_PATH="$CM" \
        -DPICOPARQUET_FIND_VERSION=99.0 >"$D/too-new.log" 2>&1; then
    fail "find_package(picoparquet 99.0) succeeded"
fi
grep -q "version: $V" "$D/too-new.log" || fail "find_package(picoparquet 99.0) failed, but not for the version"
# 3: add_subdirectory of the source tree
run cmake -S examples/consumer -B "$D/consumer-subdir" -DPICOPARQUET_SOURCE_DIR="$PWD"
grep -q "consumer: picoparquet $V by add_subdirectory" "$log" || fail "add_subdirectory: not version $V"
run cmake --build "$D/consumer-subdir" -j2
consumers="$consumers add_subdirectory:$D/consumer-subdir/consumer:$MK"

# Firmware: a cross build (microbit, Cortex-M0) installed by cmake --install
# is found by a cross-compiled project (linked against newlib's stubs), and
# refused by a host one (32-bit package).
TC=$PWD/cmake/arm-none-eabi.cmake
run cmake -S . -B "$D/cross-build" -DCMAKE_TOOLCHAIN_FILE="$TC" -DPICOPARQUET_BOARD=microbit
run cmake --build "$D/cross-build" -j2
run cmake --install "$D/cross-build" --prefix "$D/cross-prefix"
[ ! -e "$D/cross-prefix/bin/ppq" ] || fail "a cross build installed ppq"
run cmake -S examples/consumer -B "$D/consumer-cross-find" -DCMAKE_TOOLCHAIN_FILE="$TC" -DPICOPARQUET_BOARD=microbit \
    -DCMAKE_PREFIX_PATH="$D/cross-prefix"
run cmake --build "$D/consumer-cross-find"
arm-none-eabi-nm "$D/consumer-cross-find/consumer" | grep -q ' T ppq_writer_close$' || fail "cross consumer: no ppq_writer_close"
if cmake -S examples/consumer -B "$D/consumer-host-cross" -DCMAKE_PREFIX_PATH="$D/cross-prefix" >"$D/host-cross.log" 2>&1 ||
   ! grep -q "version: $V (32bit)" "$D/host-cross.log"; then
    fail "a host find_package did not refuse the 32-bit package"
fi
echo "install-test: find_package/cmake-install for microbit: a firmware project links it; a host project refuses it (32bit)"

first=""
for c in $consumers; do
    how=${c%%:*}; exe=${c#*:}; exe=${exe%%:*}; ppq=${c##*:}/bin/ppq
    out=$("$exe" "$exe.parquet") || fail "$exe"
    case $out in "picoparquet $V: wrote a "*"-byte Parquet file of 3 rows") ;; *) fail "$exe printed '$out'" ;; esac
    tools/check_version.sh "$ppq" "$exe.parquet" >/dev/null || fail "$ppq inspect $exe.parquet: created_by"
    "$ppq" inspect "$exe.parquet" | grep -q '^rows: 3$' || fail "$ppq inspect $exe.parquet: not 3 rows"
    if [ -z "$first" ]; then first=$exe.parquet; else cmp -s "$first" "$exe.parquet" || fail "$exe.parquet differs from $first"; fi
    echo "install-test: $how: $out; read back by ${ppq#"$D"/}"
done

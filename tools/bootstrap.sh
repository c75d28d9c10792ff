#!/bin/sh
# Install what the build and checks need, only when missing (idempotent, a
# tenth of a second when all is there).  Debian packages via apt-get, as root
# or through sudo; where it cannot install, one line on stdout names the
# command to run and the status is 1.  Progress goes to stderr.
#   tools/bootstrap.sh [-q]     (-q: nothing printed when nothing is missing)
set -eu
quiet=0
[ "${1:-}" = -q ] && quiet=1

need=""
have() { command -v "$1" >/dev/null 2>&1; }
have gcc || need="$need gcc"
have make || need="$need make"
have clang || need="$need clang"
have lcov || need="$need lcov"
have python3 || need="$need python3"
# the tooling scripts (size, stack, bench-mcu) read project.yml
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import yaml' 2>/dev/null || need="$need python3 python3-yaml"
have arm-none-eabi-gcc || need="$need gcc-arm-none-eabi"
[ -f /usr/lib/arm-none-eabi/newlib/thumb/v6-m/nofp/libc_nano.a ] || need="$need libnewlib-arm-none-eabi"
have qemu-system-arm || need="$need qemu-system-arm"
# the big-endian check (make check-bigendian): an s390x cross compiler, its
# static C library, and qemu-user's qemu-s390x to run what it builds
have s390x-linux-gnu-gcc || need="$need gcc-s390x-linux-gnu"
[ -f /usr/s390x-linux-gnu/lib/libc.a ] || need="$need libc6-dev-s390x-cross"
have qemu-s390x || need="$need qemu-user"
# libzstd for the host-only ZSTD differential test and bench; the zstd CLI for
# tools/zstd/gen_zstd_golden.py
[ -f /usr/include/zstd.h ] || need="$need libzstd-dev"
have zstd || need="$need zstd"
have node || need="$need nodejs"
have npm || need="$need npm"
# reference codecs for the host-only differential tests and benches of
# SNAPPY and LZ4 (never linked into the library), and the lz4 tool
[ -f /usr/include/snappy-c.h ] || need="$need libsnappy-dev"
[ -f /usr/include/lz4.h ] || need="$need liblz4-dev"
[ -f /usr/include/zlib.h ] || need="$need zlib1g-dev"
# libbrotli for the BROTLI differential test, bench and dictionary generator
[ -f /usr/include/brotli/decode.h ] || need="$need libbrotli-dev"
have brotli || need="$need brotli" # (cli_test: its streams through ppq decompress brotli)
have lz4 || need="$need lz4"
# the charts in docs/charts (make report): gnuplot without X (its svg terminal)
have gnuplot || need="$need gnuplot-nox"
# the CMake build and install checks (make cmake-check, make install-test)
have cmake || need="$need cmake"
have pkg-config || need="$need pkg-config"
# libFuzzer runtime for clang
clang_ver=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
if [ -n "${clang_ver:-}" ]; then
    if ! ls /usr/lib/llvm-"$clang_ver"/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
        need="$need libclang-rt-$clang_ver-dev"
    fi
else
    need="$need libclang-rt-14-dev"
fi

if [ -n "$need" ]; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        have sudo || { echo "bootstrap: missing tools; run as root: apt-get install -y --no-install-recommends$need"; exit 1; }
        SUDO=sudo
    fi
    have apt-get || { echo "bootstrap: missing tools (Debian package names):$need; install them, then rerun"; exit 1; }
    echo "bootstrap: installing$need" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! { $SUDO apt-get update -qq &&
           # shellcheck disable=SC2086
           $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null; } >&2; then
        echo "bootstrap: installing failed; run: ${SUDO:+sudo }apt-get install -y --no-install-recommends$need"
        exit 1
    fi
fi
[ $quiet = 1 ] && [ -z "$need" ] || echo "bootstrap: ok" >&2

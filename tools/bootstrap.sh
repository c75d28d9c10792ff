#!/bin/sh
# Install what the build and checks need, only when missing (idempotent).
# Debian packages via apt-get; run as root or with sudo available.
set -eu

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
# libzstd for the host-only ZSTD differential test and bench; the zstd CLI for
# tools/zstd/gen_zstd_golden.py
[ -f /usr/include/zstd.h ] || need="$need libzstd-dev"
have zstd || need="$need zstd"
have node || need="$need nodejs"
have npm || need="$need npm"
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
    echo "bootstrap: installing$need"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
echo "bootstrap: ok"

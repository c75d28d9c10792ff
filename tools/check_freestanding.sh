#!/bin/sh
# Fail when the library archive needs any symbol outside the allow-list:
# the proof that picoparquet uses no heap, no stdio, no libc beyond mem*.
set -eu
lib=${1:?usage: check_freestanding.sh LIB.a}
NM=${NM:-nm}
# x86-64 hosts add libgcc's CPU model (the RLE packer asks it whether the
# CPU has AVX2: __cpu_model, __cpu_indicator_init) and the GOT that reaches it.
allowed='^(__cpu_model|__cpu_indicator_init|_GLOBAL_OFFSET_TABLE_|memcpy|memmove|memset|memcmp|__aeabi_.*|__gnu_.*|__udivdi3|__umoddi3|__divdi3|__moddi3|__ashldi3|__ashrdi3|__lshrdi3|__muldi3|__clzsi2|__clzdi2|__ctzsi2|__ctzdi2|__popcountsi2|__popcountdi2|__bswapsi2|__bswapdi2|__udivmoddi4)$'
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Needed from outside = undefined in some member and defined in none.
$NM -g --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sort -u >"$tmp"
undefined=$($NM -u "$lib" | awk 'NF >= 2 && $1 == "U" { print $2 }' | sort -u | comm -23 - "$tmp")
bad=$(printf '%s\n' "$undefined" | grep -Ev "$allowed" | grep -v '^$' || true)
echo "external symbols of $lib: $(printf '%s ' $undefined)"
if [ -n "$bad" ]; then
    echo "check-freestanding: FAIL, not allowed: $(printf '%s ' $bad)"
    exit 1
fi
echo "check-freestanding: ok"

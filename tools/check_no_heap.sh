#!/bin/sh
# A linked board image must not contain the heap: no malloc/free/_sbrk.
set -eu
elf=${1:?usage: check_no_heap.sh IMAGE.elf}
heap=$(arm-none-eabi-nm "$elf" | awk '{ print $NF }' |
    grep -E '^(_?malloc|_?free|_?calloc|_?realloc|_sbrk|_sbrk_r|_malloc_r|_free_r|_calloc_r|_realloc_r)$' || true)
if [ -n "$heap" ]; then
    echo "check_no_heap: FAIL, $elf contains: $(printf '%s ' $heap)"
    exit 1
fi
echo "check_no_heap: $elf has no heap symbols"

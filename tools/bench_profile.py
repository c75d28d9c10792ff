#!/usr/bin/env python3
"""Per-function guest instruction counts from tools/qemu/insn_count.c's
profile=FILE output (a block's address and the instructions it ran while
counting), mapped to the firmware's symbols: where a bench's instructions go.

usage: bench_profile.py FIRMWARE.elf PROFILE [TOP]
"""
import bisect
import collections
import subprocess
import sys


def main():
    elf, prof = sys.argv[1], sys.argv[2]
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    syms = []
    out = subprocess.run(["arm-none-eabi-nm", "-n", elf], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16) & ~1, parts[2]))
    syms.sort()
    addrs = [a for a, _ in syms]
    totals = collections.Counter()
    with open(prof) as f:
        for line in f:
            pc, n = line.split()
            i = bisect.bisect_right(addrs, int(pc, 16)) - 1
            totals[syms[i][1] if i >= 0 else "?"] += int(n)
    everything = sum(totals.values())
    for name, n in totals.most_common(top):
        print(f"{n:12d} {100 * n / everything:5.1f}% {name}")
    print(f"{everything:12d} total")


if __name__ == "__main__":
    main()

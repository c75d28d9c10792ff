#!/usr/bin/env python3
"""Print the structure of zstd frames (RFC 8878): frame header fields, and
per block its type and, for compressed blocks, the literals type and stream
count, the sequence count and the three FSE table modes.  A test helper to
see what a golden frame exercises; reads the file named on the command line."""
import sys

LIT = ["raw", "rle", "huffman", "treeless"]
MODE = ["predef", "rle", "fse", "repeat"]


def info(data):
    out, p = [], 0
    while p < len(data):
        magic = int.from_bytes(data[p:p + 4], "little")
        if magic & 0xFFFFFFF0 == 0x184D2A50:
            n = int.from_bytes(data[p + 4:p + 8], "little")
            out.append(f"skippable({n})")
            p += 8 + n
            continue
        assert magic == 0xFD2FB528, hex(magic)
        fhd = data[p + 4]
        single, did, fcsf, chk = fhd >> 5 & 1, fhd & 3, fhd >> 6, fhd >> 2 & 1
        q = p + 5 + (0 if single else 1) + [0, 1, 2, 4][did] + ([single, 2, 4, 8][fcsf])
        desc = f"frame(single={single} fcs={'yes' if fcsf or single else 'no'} did={did} checksum={chk}"
        desc += "" if single else f" wlog={10 + (data[p + 5] >> 3)}"
        desc += ")"
        blocks = []
        while True:
            bh = int.from_bytes(data[q:q + 3], "little")
            last, bt, bs = bh & 1, bh >> 1 & 3, bh >> 3
            q += 3
            if bt == 0:
                blocks.append(f"raw{bs}")
                q += bs
            elif bt == 1:
                blocks.append(f"rle{bs}")
                q += 1
            else:
                b0 = data[q]
                lt, sf = b0 & 3, b0 >> 2 & 3
                if lt < 2:
                    hl = {0: 1, 2: 1, 1: 2, 3: 3}[sf]
                    v = int.from_bytes(data[q:q + hl], "little")
                    regen = v >> 3 if hl == 1 else v >> 4
                    lsize = hl + (regen if lt == 0 else 1)
                    streams = 1
                else:
                    hl = {0: 3, 1: 3, 2: 4, 3: 5}[sf]
                    v = int.from_bytes(data[q:q + hl], "little")
                    bits = {3: 10, 4: 14, 5: 18}[hl]
                    regen = v >> 4 & ((1 << bits) - 1)
                    csize = v >> (4 + bits)
                    lsize = hl + csize
                    streams = 1 if sf == 0 else 4
                s = q + lsize
                ns = data[s]
                if ns < 128:
                    s += 1
                elif ns < 255:
                    ns = ((ns - 128) << 8) + data[s + 1]
                    s += 2
                else:
                    ns = data[s + 1] + (data[s + 2] << 8) + 0x7F00
                    s += 3
                modes = ""
                if ns:
                    m = data[s]
                    modes = " " + "/".join(MODE[m >> k & 3] for k in (6, 4, 2))
                blocks.append(f"cmp{bs}[lit={LIT[lt]}x{streams}:{regen} seq={ns}{modes}]")
                q += bs
            if last:
                break
        if chk:
            q += 4
        out.append(desc + " " + " ".join(blocks))
        p = q
    return out


if __name__ == "__main__":
    for line in info(open(sys.argv[1], "rb").read()):
        print(line)

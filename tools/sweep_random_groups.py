#!/usr/bin/env python3
"""Sum `sweep --random ... --verbose` runs and group their AUTO chunks over 1.05x.

usage: tools/sweep_random_groups.py [--top N] RUN.log ...   (RUN.err beside each RUN.log)

Each RUN.log is a run's stdout (its "writer_sweep_random" JSON line, a JSON
line per failing case), RUN.err its stderr (the over lines, CRASH lines,
sanitizer reports).  Prints the totals, every failure that is not an AUTO
ratio (with the command that reruns its case), crashes, and the over lines
whose best fixed encoding every reader reads (not BYTE_STREAM_SPLIT of
INT32, INT64 or FIXED_LEN_BYTE_ARRAY, not DELTA_BYTE_ARRAY of
FIXED_LEN_BYTE_ARRAY) grouped by (layout, sizing, codec, type, shape, best
encoding): count, chunks whose best is 256 bytes or more, the worst ratio
and the command that reruns its case.
"""
import collections
import json
import re
import sys

UNREAD = {("INT32", "BYTE_STREAM_SPLIT"), ("INT64", "BYTE_STREAM_SPLIT"), ("FLBA", "BYTE_STREAM_SPLIT"),
          ("FLBA", "DELTA_BYTE_ARRAY")}
OVER = re.compile(r"^over random seed=(\d+) case=(\d+) column (\S+) \((\S+) (\S+)\) (.*?): AUTO (\d+) bytes "
                  r"\((\S*)\), (\S+) (\d+): ([\d.]+)x(?: \(AUTO's file [\d.]+x the smallest fixed file\))?; (.*)$")
SWEEP = "build/host/sweep"


def rerun(seed, case):
    return "%s --random 1 --seed %s --only %s --verbose" % (SWEEP, seed, case)


def main(argv):
    top = 15
    if len(argv) > 2 and argv[1] == "--top":
        top = int(argv[2])
        argv = argv[2:]
    totals = collections.Counter()
    worst = {}
    failures, crashes, sanitizer = [], [], []
    groups = {}
    over = unread = 0
    for log in argv[1:]:
        for line in open(log, errors="replace"):
            if line.startswith('{"bench"'):
                for key, val in json.loads(line).items():
                    if isinstance(val, float):
                        worst[key] = max(worst.get(key, 0.0), val)
                    elif isinstance(val, int) and key != "seed":
                        totals[key] += val
            elif line.startswith('{"seed"'):
                j = json.loads(line)
                for f in j["failures"]:
                    if not f["kind"].startswith("auto_ratio"):
                        failures.append((f["kind"], f["first"], rerun(j["seed"], j["case"])))
        err = log[:-4] + ".err" if log.endswith(".log") else log + ".err"
        try:
            lines = open(err, errors="replace")
        except OSError:
            continue
        for line in lines:
            if "CRASH" in line:
                crashes.append(line.strip())
            if "ERROR: AddressSanitizer" in line or "runtime error" in line:
                sanitizer.append("%s: %s" % (err, line.strip()[:300]))
            m = OVER.match(line)
            if not m:
                continue
            seed, case, col, shape, typ, where, auto, _, best, best_bytes, ratio, desc = m.groups()
            over += 1
            if (typ, best) in UNREAD:
                unread += 1
                continue
            opts = dict(x.split("=", 1) for x in desc.split() if "=" in x)
            key = ("compact" if opts.get("compact") == "1" else "pages", opts["sizing"], opts["codec"], typ, shape,
                   best)
            g = groups.setdefault(key, [0, 0, 0.0, ""])
            g[0] += 1
            g[1] += int(best_bytes) >= 256
            if float(ratio) > g[2]:
                g[2] = float(ratio)
                g[3] = "%s %s: AUTO %s vs %s; %s" % (col, where, auto, best_bytes, rerun(seed, case))
    print("totals:", json.dumps(dict(totals)))
    print("worst:", json.dumps(worst))
    print("over lines: %d, best readable %d, best not readable %d" % (over, over - unread, unread))
    print("failures but the AUTO ratios: %d" % len(failures))
    for kind, n in collections.Counter(f[0] for f in failures).most_common():
        first = next(f for f in failures if f[0] == kind)
        print("  %-28s %6d  e.g. %s (%s)" % (kind, n, first[2], first[1][:160]))
    print("crashes: %d %s" % (len(crashes), crashes[:5]))
    print("sanitizer reports: %d %s" % (len(sanitizer), sanitizer[:5]))
    print("readable over groups: %d (layout sizing codec type shape best: chunks, best >= 256 B, worst)" % len(groups))
    for key, (n, big, w, ex) in sorted(groups.items(), key=lambda kv: (-kv[1][0], -kv[1][2]))[:top]:
        print("  %-7s %-9s %-12s %-10s %-11s %-22s %5d %5d %7.3fx  %s" % (key + (n, big, w, ex)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

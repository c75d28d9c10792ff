#!/usr/bin/env python3
"""Run the bench-mcu firmware of one board under QEMU with the instruction
counting plugin and print JSON lines: instructions per value for each
measurement, plus the geomean over bit widths 1..32 per kernel.

usage: bench_mcu.py BOARD MACHINE ELF PLUGIN [--check]

With --check, the unpack geomeans are held to project.yml's budgets
(bench_mcu.insn_per_value): a maximum, and a minimum gain over the
portable kernel on the same board; and the writer lines to issue 12's
bars (bench_mcu.writer): instructions and bytes per row, and the share of
the hand-written CSV line's instructions (a budget's name may be a
pattern, e.g. mcu_writer_logger_seed*).
"""
import fnmatch
import json
import math
import os
import subprocess
import sys
import tempfile

import yaml


def symbol(elf, name):
    out = subprocess.run(["arm-none-eabi-nm", elf], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == name:
            return int(parts[0], 16)
    sys.exit(f"bench_mcu: no symbol {name} in {elf}")


def main():
    board, machine, elf, plugin = sys.argv[1:5]
    start, stop = symbol(elf, "bench_mark_start"), symbol(elf, "bench_mark_stop")
    with tempfile.TemporaryDirectory() as tmp:
        counts_path = os.path.join(tmp, "counts")
        cmd = ["qemu-system-arm", "-M", machine, "-nographic", "-monitor", "none", "-serial", "none",
               "-semihosting-config", "enable=on,target=native", "-kernel", elf,
               "-plugin", f"{plugin},start={start:#x},stop={stop:#x},out={counts_path}"]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            sys.exit(f"bench_mcu: {board} firmware failed (exit {run.returncode})")
        with open(counts_path) as f:
            counts = [int(x) for x in f.read().split()]
    output = run.stdout + run.stderr  # QEMU sends semihosting console output to stderr
    for line in output.splitlines():
        if line.startswith("# "):  # the firmware's notes (e.g. the options it chose)
            print(f"bench_mcu: {board}: {line[2:]}", file=sys.stderr)
    labels = [line.split()[1:] for line in output.splitlines() if line.startswith("M ")]
    if len(labels) != len(counts):
        sys.exit(f"bench_mcu: {len(labels)} labels but {len(counts)} counts")
    overhead = counts[0]
    per_kernel = {}
    # the writer and CSV benches: a bench's regions summed into one line per row
    rowwise = {}
    for (bench, kernel, width, n), count in zip(labels[1:], counts[1:]):
        if bench.startswith(("writer_", "csv_")):
            r = rowwise.setdefault(bench, {"api": kernel, "rows": 0, "instructions": 0})
            r["rows"] += int(n)
            r["instructions"] += count - overhead
    sizes, least = {}, {}
    for line in output.splitlines():
        if line.startswith("B "):
            _, name, nbytes, nrows, groups = line.split()
            sizes[name] = (int(nbytes), int(nrows), int(groups))
        if line.startswith("R "):  # a writer bench's smallest row group but the last
            _, name, rows = line.split()
            least[name] = int(rows)
    rows_out = {}
    for line in output.splitlines():
        if line.startswith("F "):  # rows a file takes without a footer spill (issue 27)
            _, name, nrows, groups, nbytes, estimate, full = line.split()
            rows_out["mcu_writer_" + name] = {"bench": "mcu_writer_" + name, "board": board,
                                              "rows_per_file": int(nrows), "row_groups": int(groups),
                                              "bytes": int(nbytes), "file_rows_estimate": int(estimate),
                                              "full": full == "1"}
            print(json.dumps(rows_out["mcu_writer_" + name]))
    for bench, r in rowwise.items():
        line = {"bench": "mcu_" + bench, "board": board, "api": r["api"], "rows": r["rows"],
                "insn_per_row": round(r["instructions"] / r["rows"], 1)}
        if bench in sizes:
            line["bytes_per_row"] = round(sizes[bench][0] / sizes[bench][1], 2)
            if bench.startswith("writer_"):
                line["row_groups"] = sizes[bench][2]
        if least.get(bench, 0) > 0:  # (0: no row group ended before the last)
            line["min_rows_per_row_group"] = least[bench]
        rows_out[line["bench"]] = line
        print(json.dumps(line))
    for (bench, kernel, width, n), count in zip(labels[1:], counts[1:]):
        if bench.startswith(("writer_", "csv_")):
            continue
        width, n = int(width), int(n)
        ipv = (count - overhead) / n
        print(json.dumps({"bench": "mcu_" + bench, "board": board, "kernel": kernel, "bit_width": width,
                          "values": n, "instructions": count - overhead, "insn_per_value": round(ipv, 3)}))
        if bench == "unpack32":
            per_kernel.setdefault(kernel, []).append(ipv)
    for line in output.splitlines():
        if line.startswith("S "):
            _, name, used = line.split()
            print(json.dumps({"bench": "mcu_stack_painted", "board": board, "call": name, "bytes": int(used)}))
    geomean = {}
    for kernel, ipvs in per_kernel.items():
        geomean[kernel] = math.exp(sum(math.log(x) for x in ipvs) / len(ipvs))
        print(json.dumps({"bench": "mcu_unpack32_geomean", "board": board, "kernel": kernel,
                          "bit_widths": "1-32", "insn_per_value": round(geomean[kernel], 3)}))
    if "--check" in sys.argv:
        budgets = yaml.safe_load(open("project.yml"))["bench_mcu"]["insn_per_value"]
        bad = []
        for kernel, geo in geomean.items():
            for arch, budget in budgets.items():
                if kernel.endswith(arch):
                    gain = geomean["generic"] / geo
                    if geo > budget["max"] or gain < budget["min_gain_vs_generic"]:
                        bad.append(f"{kernel}: {geo:.3f} insn/value (max {budget['max']}), "
                                   f"{gain:.2f}x fewer than generic (min {budget['min_gain_vs_generic']})")
        writer = yaml.safe_load(open("project.yml"))["bench_mcu"].get("writer", {}).get(board, {})
        csv = rows_out.get("mcu_csv_by_hand", {}).get("insn_per_row")
        # (a budget's name may be a pattern: mcu_writer_logger_seed* holds every seed's line)
        checks = [(name, bars) for pattern, bars in writer.items()
                  for name in sorted(fnmatch.filter(rows_out, pattern))]
        for name, bars in checks:
            line = rows_out[name]
            if "min_rows_per_file" in bars and line["rows_per_file"] < bars["min_rows_per_file"]:
                bad.append(f"{name}: {line['rows_per_file']} rows a file (min {bars['min_rows_per_file']})")
            if "max_insn_per_row" in bars and line["insn_per_row"] > bars["max_insn_per_row"]:
                bad.append(f"{name}: {line['insn_per_row']} insn/row (max {bars['max_insn_per_row']})")
            if "max_bytes_per_row" in bars and line.get("bytes_per_row", 0) > bars["max_bytes_per_row"]:
                bad.append(f"{name}: {line['bytes_per_row']} bytes/row (max {bars['max_bytes_per_row']})")
            if "min_rows_per_row_group" in bars and line.get("min_rows_per_row_group", 0) < bars["min_rows_per_row_group"]:
                bad.append(f"{name}: smallest row group {line.get('min_rows_per_row_group')} rows "
                           f"(min {bars['min_rows_per_row_group']})")
            if "max_share_of_csv_by_hand" in bars and csv and line["insn_per_row"] > bars["max_share_of_csv_by_hand"] * csv:
                bad.append(f"{name}: {line['insn_per_row']} insn/row, over {bars['max_share_of_csv_by_hand']} of "
                           f"the hand-written CSV line's {csv}")
        if bad:
            sys.exit(f"bench_mcu: {board} over budget: " + "; ".join(bad))
        print(f"bench_mcu: {board} within budget")


if __name__ == "__main__":
    main()

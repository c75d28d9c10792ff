#!/usr/bin/env python3
"""Charts of the benches' JSON lines (issue 31): `make report` draws them,
`make report-check` checks that each chart was drawn from the JSON it says.

usage: report.py draw  [--bench DIR] [--mcu FILE] [--size FILE] [--out DIR]
       report.py check [--bench DIR] [--mcu FILE] [--size FILE] [--out DIR] [--strict]

For each chart NAME, `draw` picks the JSON lines the chart needs out of the
benches' output (the sources: `make bench`'s files in DIR, `make
bench-mcu-writer`'s lines in --mcu, `make size`'s in --size) and writes, in
--out (docs/charts):
  NAME.json  those lines, verbatim, in the sources' order (the chart's input)
  NAME.dat   the table gnuplot plots, made from NAME.json alone; its first
             lines name the sources and the SHA-256 of NAME.json
  NAME.svg   gnuplot's drawing of NAME.dat; a comment after the XML
             declaration records the SHA-256 of NAME.json and of NAME.dat

`check` (no benches, no gnuplot; a fraction of a second) fails when a
chart's files disagree: NAME.dat is not what NAME.json makes, or NAME.svg
records other hashes than NAME.json's and NAME.dat's.  Then, for each chart
whose sources are all present (a bench was run here), it compares the lines
they give with NAME.json: a difference means the chart is older than the
JSON (`make report` redraws it); a note, or a failure with --strict.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys

MARK = "ppq-report"


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def read_lines(path):
    """The JSON object lines of a file (anything else, e.g. a table, skipped)."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append((line, json.loads(line)))
                except json.JSONDecodeError:
                    pass
    return out


def num(x):
    return "NaN" if x is None else repr(float(x)) if not float(x).is_integer() else str(int(x))


def label(s):
    return '"' + s.replace('"', "'") + '"'


# ---------------------------------------------------------------- the charts
# Each chart: its sources (a key of the paths table and a predicate on a
# line), a table made from the selected lines, and a gnuplot script that
# plots it ('DAT' stands for the data file, 'SVG' for the drawing).

def ok(o):
    return "error" not in o


def host_writer_table(objs):
    def find(pred):
        return next((o for o in objs if pred(o)), None)
    groups = [
        ("demo table\\n(counting sink)", find(lambda o: o["bench"] == "writer" and o.get("sink") == "discard"),
         find(lambda o: o["bench"] == "writer_anchor" and o.get("table") == "demo" and "codec" not in o), None),
        ("sensor table\\n(into a file)", find(lambda o: o["bench"] == "writer_sensor"),
         find(lambda o: o["bench"] == "writer_anchor" and o.get("table") == "sensor" and "codec" not in o), None),
        ("sensor table,\\nSNAPPY", find(lambda o: o["bench"] == "writer_sensor_snappy"),
         find(lambda o: o["bench"] == "writer_anchor" and o.get("codec") == "snappy" and o.get("writer") == "duckdb"), None),
        ("sensor table,\\nZSTD", find(lambda o: o["bench"] == "writer_sensor_zstd"), None,
         find(lambda o: o["bench"] == "writer_anchor" and o.get("codec") == "zstd" and o.get("writer") == "polars")),
    ]
    rows = ["# group  ppq_Mrows_s duckdb_Mrows_s polars_Mrows_s  ppq_B_row duckdb_B_row polars_B_row"]
    for name, ours, duck, polars in groups:
        if ours is None:
            continue
        mr = [None if o is None else o["rows_per_s"] / 1e6 for o in (ours, duck, polars)]
        bpr = [None if o is None else o["bytes_per_row"] for o in (ours, duck, polars)]
        rows.append(" ".join([label(name)] + [num(None if v is None else round(v, 3)) for v in mr] + [num(v) for v in bpr]))
    return rows


# The clustered bars every chart draws.
HISTOGRAMS = """set datafile missing 'NaN'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
"""

HOST_WRITER_PLOT = """
set terminal svg size 1000,440 dynamic font 'sans,12' background '#ffffff'
set output 'SVG'
""" + HISTOGRAMS + """set key top right
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
set multiplot layout 1,2 title "The writer on the host (make bench): picoparquet beside DuckDB (1 thread) and polars"
set bmargin 4
set title 'million rows/s (higher is better)'
plot 'DAT' using 2:xtic(1) title 'picoparquet' lc rgb '#1f77b4', '' using 3 title 'DuckDB' lc rgb '#ff7f0e', \\
     '' using 4 title 'polars' lc rgb '#2ca02c', \\
     for [i=2:4] '' using ($0+(i-3)*0.25):i:(sprintf('%.1f', column(i))) with labels offset 0,0.6 font ',10' notitle
unset key
set title 'bytes/row of the file (lower is better)'
plot 'DAT' using 5:xtic(1) lc rgb '#1f77b4', '' using 6 lc rgb '#ff7f0e', '' using 7 lc rgb '#2ca02c', \\
     for [i=5:7] '' using ($0+(i-6)*0.25):i:(sprintf('%.1f', column(i))) with labels offset 0,0.6 font ',10' notitle
unset multiplot
"""

SCAN_NAMES = {
    "quantized_10m.parquet": "picoparquet's",
    "duckdb_quantized_10m.parquet": "DuckDB's",
    "quantized_10m_snappy.parquet": "picoparquet's\\nSNAPPY",
    "quantized_10m_zstd.parquet": "picoparquet's\\nZSTD",
    "duckdb_quantized_snappy.parquet": "DuckDB's\\nSNAPPY",
    "polars_quantized_zstd.parquet": "polars'\\nZSTD",
}


def host_scan_table(objs):
    files = []
    for o in objs:
        if o["file"] not in files:
            files.append(o["file"])
    rows = ["# file  picoparquet_Mrows_s polars_Mrows_s duckdb_Mrows_s"]
    for f in files:
        by = {o["reader"]: o["rows_per_s"] / 1e6 for o in objs if o["file"] == f}
        base = os.path.basename(f)
        rows.append(" ".join([label(SCAN_NAMES.get(base, base))] +
                             [num(None if r not in by else round(by[r], 3)) for r in ("picoparquet", "polars", "duckdb")]))
    return rows


HOST_SCAN_PLOT = """
set terminal svg size 900,400 dynamic font 'sans,12' background '#ffffff'
set output 'SVG'
""" + HISTOGRAMS + """set key top right
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
set title "The reader on the host (make bench): a full scan of the sensor table as each writer wrote it, million rows/s (higher is better)"
set bmargin 4
plot 'DAT' using 2:xtic(1) title 'picoparquet (1 thread)' lc rgb '#1f77b4', '' using 3 title 'polars (default threads)' lc rgb '#2ca02c', \\
     '' using 4 title 'DuckDB (1 thread)' lc rgb '#ff7f0e', \\
     for [i=2:4] '' using ($0+(i-3)*0.25):i:(sprintf('%.0f', column(i))) with labels offset 0,0.6 font ',10' notitle
"""

BOARDS = [("mps2-an386", "M4F (mps2-an386)", "mcu_writer_logger"), ("microbit", "M0 (microbit)", "mcu_writer_budget")]


def mcu_writer_table(objs):
    rows = ["# board  writer_insn_row csv_by_hand_insn_row csv_snprintf_insn_row  writer_B_row csv_by_hand_B_row csv_snprintf_B_row"]
    for board, name, writer in BOARDS:
        line = {o["bench"]: o for o in objs if o["board"] == board}
        if writer not in line:
            continue
        picked = [line.get(b) for b in (writer, "mcu_csv_by_hand", "mcu_csv_snprintf")]
        rows.append(" ".join([label(name)] + [num(None if o is None else o["insn_per_row"]) for o in picked] +
                             [num(None if o is None else o.get("bytes_per_row")) for o in picked]))
    return rows


MCU_WRITER_PLOT = """
set terminal svg size 900,420 dynamic font 'sans,12' background '#ffffff'
set output 'SVG'
""" + HISTOGRAMS + """set key top left
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
set multiplot layout 1,2 title "The sensor row on Cortex-M (make bench-mcu-writer, QEMU): the writer beside a CSV line of it"
set title 'guest instructions/row (lower is better)'
plot 'DAT' using 2:xtic(1) title 'picoparquet' lc rgb '#1f77b4', '' using 3 title 'CSV by hand' lc rgb '#9467bd', \\
     '' using 4 title 'CSV, snprintf' lc rgb '#8c564b', \\
     for [i=2:4] '' using ($0+(i-3)*0.25):i:(sprintf('%.0f', column(i))) with labels offset 0,0.6 font ',10' notitle
unset key
set yrange [0:55]
set title 'bytes/row (lower is better)'
plot 'DAT' using 5:xtic(1) lc rgb '#1f77b4', '' using 6 lc rgb '#9467bd', '' using 7 lc rgb '#8c564b', \\
     for [i=5:7] '' using ($0+(i-6)*0.25):i:(sprintf('%.1f', column(i))) with labels offset 0,0.6 font ',10' notitle
unset multiplot
"""


def size_table(objs):
    profiles = []
    for o in objs:
        if o["size_profile"] not in profiles:
            profiles.append(o["size_profile"])
    rows = ["# profile  m0_flash_KiB m4_flash_KiB m0_budget_KiB m4_budget_KiB"]
    for p in profiles:
        by = {o["core"]: o for o in objs if o["size_profile"] == p}
        flash = [None if c not in by else round(by[c]["flash"] / 1024, 3) for c in ("m0", "m4")]
        budget = [None if c not in by or by[c]["budget"] is None else round(by[c]["budget"] / 1024, 3) for c in ("m0", "m4")]
        rows.append(" ".join([label(p)] + [num(v) for v in flash + budget]))
    return rows


SIZE_PLOT = """
set terminal svg size 1100,480 dynamic font 'sans,12' background '#ffffff'
set output 'SVG'
""" + HISTOGRAMS + """set key top left
set grid ytics
set logscale y 2
set yrange [0.5:256]
set ytics ('0.5' 0.5, '1' 1, '2' 2, '4' 4, '8' 8, '16' 16, '32' 32, '64' 64, '128' 128, '256' 256)
set xtics rotate by -40 left
set bmargin 7
set title "Flash per size profile (make size, -Os), KiB, log scale; a line: the profile's budget (project.yml)"
plot 'DAT' using 2:xtic(1) title 'Cortex-M0' lc rgb '#1f77b4', '' using 3 title 'Cortex-M4F' lc rgb '#ff7f0e', \\
     '' using ($0-0.32):4:(0.3):(0) with vectors nohead lw 3 lc rgb '#d62728' title 'budget (M0)', \\
     '' using ($0+0.02):5:(0.3):(0) with vectors nohead lw 3 lc rgb '#7f0000' title 'budget (M4F)'
"""

CHARTS = [
    ("host_writer", [("bench:writer.json", lambda o: o["bench"] == "writer" and o.get("sink") == "discard"),
                     ("bench:writer_anchor.json", lambda o: o["bench"] == "writer_anchor"),
                     ("bench:sensor.json", lambda o: o["bench"] == "writer_sensor"),
                     ("bench:sensor_anchor.json", lambda o: o["bench"] == "writer_anchor"),
                     ("bench:codecs.json", lambda o: o["bench"] in ("writer_sensor_snappy", "writer_sensor_zstd")),
                     ("bench:codecs_anchor.json", lambda o: o["bench"] == "writer_anchor")],
     host_writer_table, HOST_WRITER_PLOT),
    ("host_scan", [("bench:scan.json", lambda o: o["bench"] == "scan"),
                   ("bench:scan_codecs.json", lambda o: o["bench"] == "scan")],
     host_scan_table, HOST_SCAN_PLOT),
    ("mcu_writer", [("mcu", lambda o: "insn_per_row" in o and
                     (o.get("board"), o["bench"]) in [(b[0], n) for b in BOARDS
                                                      for n in (b[2], "mcu_csv_by_hand", "mcu_csv_snprintf")])],
     mcu_writer_table, MCU_WRITER_PLOT),
    ("size", [("size", lambda o: "size_profile" in o and "flash" in o)], size_table, SIZE_PLOT),
]


def source_path(key, args):
    if key.startswith("bench:"):
        return os.path.join(args.bench, key[len("bench:"):])
    return {"mcu": args.mcu, "size": args.size}[key]


def source_name(key):
    """The source as the .dat names it (the default paths, so the .dat does not depend on the machine)."""
    if key.startswith("bench:"):
        return "make bench: build/bench/" + key[len("bench:"):]
    return {"mcu": "make bench-mcu-writer", "size": "make size"}[key]


def select(sources, args):
    """The chart's lines from its sources, or None when a source is missing."""
    lines = []
    for key, pred in sources:
        path = source_path(key, args)
        if not os.path.exists(path):
            return None
        lines += [text for text, obj in read_lines(path) if ok(obj) and pred(obj)]
    return lines


def make_dat(name, sources, table, json_text):
    objs = [json.loads(line) for line in json_text.splitlines() if line.strip()]
    head = [f"# {MARK}: {name}: drawn by tools/report.py (make report) from {name}.json",
            f"# json-sha256 {sha256(json_text)}",
            "# sources: " + "; ".join(dict.fromkeys(source_name(k) for k, _ in sources))]
    return "\n".join(head + table(objs)) + "\n"


def svg_mark(name, json_text, dat_text):
    return f"<!-- {MARK}: {name} json-sha256 {sha256(json_text)} dat-sha256 {sha256(dat_text)} -->"


def draw(args):
    os.makedirs(args.out, exist_ok=True)
    for name, sources, table, plot in CHARTS:
        lines = select(sources, args)
        if lines is None:
            sys.exit(f"report: {name}: a source is missing: " +
                     ", ".join(source_path(k, args) for k, _ in sources if not os.path.exists(source_path(k, args))))
        if not lines:
            sys.exit(f"report: {name}: its sources hold none of the lines it draws")
        json_text = "\n".join(lines) + "\n"
        dat_text = make_dat(name, sources, table, json_text)
        base = os.path.join(args.out, name)
        with open(base + ".json", "w") as f:
            f.write(json_text)
        with open(base + ".dat", "w") as f:
            f.write(dat_text)
        script = plot.replace("'SVG'", f"'{base}.svg.tmp'").replace("'DAT'", f"'{base}.dat'")
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
        with open(base + ".svg.tmp") as f:
            svg = f.read()
        os.remove(base + ".svg.tmp")
        first, rest = svg.split("\n", 1)
        if not first.startswith("<?xml"):
            sys.exit(f"report: {name}: gnuplot's SVG does not open with an XML declaration")
        with open(base + ".svg", "w") as f:
            f.write(first + "\n" + svg_mark(name, json_text, dat_text) + "\n" + rest)
        print(f"report: {base}.svg from {len(lines)} JSON lines (json-sha256 {sha256(json_text)[:12]})")


def check(args):
    bad, stale = [], []
    for name, sources, table, _ in CHARTS:
        base = os.path.join(args.out, name)
        try:
            json_text = open(base + ".json").read()
            dat_text = open(base + ".dat").read()
            svg = open(base + ".svg").read()
        except OSError as e:
            bad.append(f"{name}: {e.strerror}: {e.filename} (make report draws it)")
            continue
        if make_dat(name, sources, table, json_text) != dat_text:
            bad.append(f"{name}.dat is not the table {name}.json makes")
        if svg_mark(name, json_text, dat_text) not in svg.split("\n", 2)[1]:
            bad.append(f"{name}.svg was not drawn from this {name}.json and {name}.dat (its hashes differ)")
        lines = select(sources, args)
        if lines is not None and "\n".join(lines) + "\n" != json_text:
            stale.append(f"{name}: " + ", ".join(dict.fromkeys(source_path(k, args) for k, _ in sources)))
    known = {c[0] for c in CHARTS}
    for f in sorted(os.listdir(args.out)) if os.path.isdir(args.out) else []:
        if f.endswith(".svg") and f[:-4] not in known:
            bad.append(f"{f}: no chart of that name in tools/report.py")
    for s in stale:
        print(f"report-check: {'' if args.strict else 'note: '}the chart is older than its JSON: {s} "
              "(make report redraws it)", file=sys.stderr)
    for b in bad:
        print(f"report-check: {b}", file=sys.stderr)
    if bad or (stale and args.strict):
        sys.exit(1)
    print(f"report-check: {len(CHARTS)} charts, each drawn from the JSON lines it records"
          + (f"; {len(stale)} older than the JSON in build/" if stale else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["draw", "check"])
    ap.add_argument("--bench", default="build/bench")
    ap.add_argument("--mcu", default="build/report/mcu_writer.json")
    ap.add_argument("--size", default="build/report/size.json")
    ap.add_argument("--out", default="docs/charts")
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    draw(args) if args.mode == "draw" else check(args)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Worst-case stack of every public entry point, from GCC's
-fcallgraph-info=su call graphs (.ci files), summed along the call graph.

Recursion, a dynamic stack frame, or an indirect call with no rule in
project.yml fails the check, as does an entry point over its budget.
Prints one JSON object per entry point, then a summary.

usage: stack_report.py BUILD_DIR [project.yml]
"""
import json
import os
import re
import sys

import yaml

NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
BYTES = re.compile(r"\\n(\d+) bytes \(([a-z,]+)\)")


def load_graph(build_dir):
    frames, qualifiers, edges, public = {}, {}, {}, set()
    for root, _, files in os.walk(build_dir):
        for name in files:
            if not name.endswith(".ci"):
                continue
            with open(os.path.join(root, name)) as f:
                text = f.read()
            for title, label in NODE.findall(text):
                m = BYTES.search(label)
                if m:
                    frames[title] = int(m.group(1))
                    qualifiers[title] = m.group(2)
                    if ":" not in title:
                        public.add(title)
            for src, dst in EDGE.findall(text):
                edges.setdefault(src, []).append(dst)
    return frames, qualifiers, edges, public


def main():
    build_dir = sys.argv[1]
    cfg = yaml.safe_load(open(sys.argv[2] if len(sys.argv) > 2 else "project.yml"))["stack"]
    frames, qualifiers, edges, public = load_graph(build_dir)
    indirect = {k: re.compile(v) for k, v in cfg.get("indirect_calls", {}).items()}
    callback_frame = cfg.get("callback_frame", 0)
    libc = cfg.get("libc_frames", {})
    errors = []

    def callees(fn):
        for dst in edges.get(fn, []):
            if dst == "__indirect_call":
                if fn in cfg.get("callbacks", []):
                    yield None  # the application's callback
                elif fn in indirect:
                    yield from sorted(t for t in frames if indirect[fn].fullmatch(t.split(":")[-1]))
                else:
                    errors.append(f"{fn}: indirect call with no rule in project.yml")
            else:
                yield dst

    memo = {}

    def worst(fn, path):
        if fn is None:
            return callback_frame, ["<callback>"]
        if fn in path:
            errors.append("recursion: " + " -> ".join(path + [fn]))
            return 0, []
        if fn in memo:
            return memo[fn]
        if fn not in frames:
            if fn in libc:
                return libc[fn], [fn]
            if fn.startswith("__aeabi_") or fn.startswith("__gnu_"):
                return cfg.get("libgcc_frame", 0), [fn]  # soft-float and division helpers
            errors.append(f"{path[-1] if path else '?'} calls {fn}: no stack information")
            return 0, []
        if "dynamic" in qualifiers[fn]:
            errors.append(f"{fn}: dynamic stack frame ({qualifiers[fn]})")
        best, best_chain = 0, []
        for callee in callees(fn):
            used, chain = worst(callee, path + [fn])
            if used > best:
                best, best_chain = used, chain
        memo[fn] = (frames[fn] + best, [fn.split(":")[-1]] + best_chain)
        return memo[fn]

    budgets = cfg["budgets"]
    over = 0
    results = []
    for fn in sorted(public):
        if not fn.startswith("ppq_"):
            continue
        used, chain = worst(fn, [])
        kind = next((k for k, prefixes in (("writer", ("ppq_writer",)), ("recover", ("ppq_recover",)),
                                           ("reader", ("ppq_reader", "ppq_column_reader")))
                     if fn.startswith(prefixes)), "codec")
        ok = used <= budgets[kind]
        over += not ok
        results.append(used)
        print(json.dumps({"stack": fn, "bytes": used, "budget": budgets[kind], "ok": ok,
                          "deepest": " > ".join(chain)}))
    for e in sorted(set(errors)):
        print("stack: ERROR " + e)
    print(f"stack: {len(results)} entry points, worst {max(results) if results else 0} bytes "
          f"(budgets: codec {budgets['codec']}, writer {budgets['writer']}, recover {budgets['recover']}, "
          f"reader {budgets['reader']}); "
          f"{over} over budget, {len(set(errors))} errors")
    sys.exit(1 if over or errors else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Flash and RAM of each size profile (project.yml: size) for each core:
links the profile's entry points out of the -Os archive (or, for a
profile with `config: NAME`, the archive built with that configuration,
build/size-CORE-NAME) with --gc-sections and reads the sections.  Prints JSON lines and a table;
exits non-zero when a profile exceeds its budget.

usage: size_report.py [project.yml]   (run from the repository root)
"""
import json
import subprocess
import sys

import yaml


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def defined_symbols(archive):
    out = run(["arm-none-eabi-nm", "-g", "--defined-only", archive])
    return sorted({line.split()[-1] for line in out.splitlines() if len(line.split()) == 3 and
                   line.split()[1] in "TD" and line.split()[-1].startswith("ppq_")})


def sections(elf):
    sizes = {".text": 0, ".rodata": 0, ".data": 0, ".bss": 0}
    for line in run(["arm-none-eabi-size", "-A", elf]).splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in sizes:
            sizes[parts[0]] += int(parts[1])
    return sizes


def main():
    cfg = yaml.safe_load(open(sys.argv[1] if len(sys.argv) > 1 else "project.yml"))["size"]
    failed = 0
    rows = []
    for core, core_cfg in cfg["cores"].items():
        for profile, prof in cfg["profiles"].items():
            archive = f"build/size-{core}" + (f"-{prof['config']}" if "config" in prof else "") + "/libpicoparquet.a"
            symbols = defined_symbols(archive)
            if "entries_prefix" in prof:  # every public symbol with one of these prefixes
                entries = [e for e in symbols if e.startswith(tuple(prof["entries_prefix"]))]
            else:
                entries = symbols if prof["entries"] == "all" else prof["entries"]
            missing = [e for e in entries if e not in symbols]
            if missing:
                print(f"size: {profile}: not in the archive: {' '.join(missing)}")
                failed += 1
                continue
            elf = f"build/size-{core}/{profile}.elf"
            cmd = ["arm-none-eabi-gcc"] + core_cfg["flags"].split() + [
                "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs", "-Wl,--gc-sections",
                "-Wl,-e,0", "-o", elf] + [f"-Wl,--undefined={e}" for e in entries] + [archive]
            run(cmd)
            s = sections(elf)
            flash = s[".text"] + s[".rodata"] + s[".data"]
            budget = prof.get("budget", {}).get(core)
            ok = budget is None or flash <= budget
            failed += not ok
            rows.append((profile, core, s, flash, budget, ok))
            print(json.dumps({"size_profile": profile, "core": core, "text": s[".text"], "rodata": s[".rodata"],
                              "data": s[".data"], "bss": s[".bss"], "flash": flash, "budget": budget, "ok": ok}))
    print(f"{'profile':<15} {'core':<4} {'.text':>7} {'.rodata':>8} {'.data':>6} {'.bss':>6} {'flash':>7} {'budget':>7}")
    for profile, core, s, flash, budget, ok in rows:
        print(f"{profile:<15} {core:<4} {s['.text']:>7} {s['.rodata']:>8} {s['.data']:>6} {s['.bss']:>6} "
              f"{flash:>7} {budget if budget else '-':>7}{'' if ok else '  OVER'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

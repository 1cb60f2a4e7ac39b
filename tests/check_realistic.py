#!/usr/bin/env python3
"""check_realistic.py RESULTS NAME: fragload's realistic mode did its work
in a guest (guest/scenarios/realistic.sh): the walk of the host's kernel
tree saw at least MIN_WALKED entries, the build started, and the host's
compiler, run in the guest, wrote at least one ELF file (an object, or a
program such as kbuild's fixdep, the first thing a kernel build compiles).
Prints 'PASS|FAIL NAME.CHECK[: why]' lines."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

MIN_WALKED = 1000

results, name = sys.argv[1:3]
ev = next((e for e in far.events(results) if e.get("event") == "realistic"), None)
if ev is None:
    print(f"FAIL {name}.reported: no realistic event in {results}")
    sys.exit(0)
out = ev.get("output", "")
walk = re.search(r"walk: (\d+) entries in (\d+) rounds", out)
build = re.search(r"build: (\d+) rounds started", out)
elf = int(ev.get("elf", "0") or 0)


def say(check, ok, why):
    print(f"PASS {name}.{check}" if ok else f"FAIL {name}.{check}: {why}")


say("walk", walk is not None and int(walk.group(1)) >= MIN_WALKED,
    f"fragload said '{out}' (at least {MIN_WALKED} entries expected)")
say("build-started", build is not None and int(build.group(1)) >= 1,
    f"fragload said '{out}'")
say("build-compiled", elf >= 1,
    f"{elf} ELF files written; the end of the build's log: '{ev.get('log', '')}'")

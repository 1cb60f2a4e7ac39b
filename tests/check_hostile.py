#!/usr/bin/env python3
"""check_hostile.py RESULTS CONSOLE EXPECTED NAME: assertions on a hostile boot.

EXPECTED is the file tests/45-hostile.sh wrote: first line the policy the
kernel must run; then, for each garbage page_grouping= the boot carried, in
order, the value as the kernel must name it and the policy it must keep,
tab-separated. Prints 'PASS|FAIL NAME.check[: why]' lines."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

results, console, expected, name = sys.argv[1:5]
evs = far.events(results)


def say(check, ok, why=""):
    print(f"PASS {name}.{check}" if ok else f"FAIL {name}.{check}: {why}")


# Boot parameters: one clear message per garbage value, naming it and the
# policy kept; the policy the boot asked for (or the default) runs.
with open(expected) as f:
    want_policy = f.readline().strip()
    want = [tuple(line.rstrip("\n").split("\t")) for line in f if line.strip("\n")]
with open(console, errors="replace") as f:
    text = f.read()
got = re.findall(r"page_grouping=(.*?): unknown policy \(valid: none, mobility, fragavoid\), "
                 r"keeping (\S+)", text)
say("bootparam.messages", got == want,
    f"expected {len(want)} messages {want[:3]}..., console has {len(got)}: "
    + next((f"#{i}: want {w}, got {g}" for i, (w, g) in enumerate(zip(want, got)) if w != g),
           "(a count mismatch)"))
start = next((e for e in evs if e.get("event") == "start"), {})
say("bootparam.policy", start.get("policy") == want_policy,
    f"expected {want_policy} to run, /proc/sys/vm/page_grouping says {start.get('policy')}")
init = next((e for e in evs if e.get("event") == "init"), None)
say("bootparam.not-passed-to-init", init is not None and "page_grouping" not in init["argv"] + init["env"],
    f"init's argv or environment carries page_grouping: {init}")

# Every attempt: refused (or allowed) as expected, and nothing changed.
pokes = [e for e in evs if e.get("event") == "poke"]
say("pokes-reported", len(pokes) >= 60, f"only {len(pokes)} attempts reported")
for e in pokes:
    r = e["result"]
    ok = r.get("ok") == (1 if e["expect"] == "allowed" else 0) and e["same"] == 1
    say(e["case"], ok, f"expected {e['expect']}, got {r} (state unchanged: {bool(e['same'])})")

modes = [e for e in evs if e.get("event") == "mode"]
say("modes-reported", len(modes) >= 10, f"only {len(modes)} file modes reported")
for e in modes:
    say(f"mode.{e['file'].removeprefix('/sys/kernel/debug/')}", int(e["mode"], 8) & 0o077 == 0,
        f"mode {e['mode']} gives group or others access")

mp = next((e for e in evs if e.get("event") == "modparams"), None)
if mp is None:
    say("modparams", False, "not reported")
else:
    say("modparams.none-exposed", mp["params"] == "0",
        f"highalloc has {mp['params']} parameters: each needs its own bad-input cases")
    say("modparams.junk-changes-nothing",
        mp["loaded"] == "1" and mp["settings"] == "9 16 100 1 user" and int(mp["logged"]) >= 4,
        f"load with junk parameters: loaded={mp['loaded']}, settings '{mp['settings']}', "
        f"{mp['logged']} 'unknown parameter' messages")

#!/usr/bin/env python3
"""check_highalloc.py RESULTS POLICY NAME: assertions on a modtest boot.
Prints 'PASS|FAIL NAME.check[: why]' lines."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

results, policy, name = sys.argv[1:4]
evs = far.events(results)
snaps = far.snapshots(evs)


def say(check, ok, why=""):
    print(f"PASS {name}.{check}" if ok else f"FAIL {name}.{check}: {why}")


bad = [e for e in evs if e.get("event") == "badinput"]
say("badinput-cases", len(bad) >= 52, f"only {len(bad)} of 52 bad-input cases reported")
for e in bad:
    label = f"badinput.{e['file']}={e['value'] or 'empty'}".replace(" ", "_")
    say(label, e["refused"] == 1 and e["unchanged"] == 1,
        f"refused={e['refused']} unchanged={e['unchanged']}")

runs = {}
for tag in ("fresh", "fragmented"):
    files = snaps.get(tag, {})
    res = files.get("/sys/kernel/debug/highalloc/results")
    lines = files.get("/sys/kernel/debug/highalloc/attempts")
    if res is None or lines is None:
        say(f"{tag}.reported", False, "no results reported")
        continue
    r = far.highalloc_results(res)
    rows = [ln.split() for ln in lines.splitlines() if ln and not ln.startswith("#")]
    runs[tag] = r
    say(f"{tag}.counts-add-up",
        r["success"] + r["failed"] == r["attempts"] == len(rows)
        and sum(r["zones"].values()) == r["success"]
        and sum(int(x[2]) for x in rows) == r["success"],
        f"{r} vs {len(rows)} attempt lines")

if "fresh" in runs:
    r = runs["fresh"]
    say("fresh.order10-succeeds", r["success"] == r["attempts"] == 8,
        f"{r['success']} of {r['attempts']} order-10 attempts on a fresh guest")
if "fragmented" in runs and policy == "none":
    r = runs["fragmented"]
    say("fragmented.order10-fails", r["failed"] > 0,
        f"no failure at order 10 on a guest fragmented on purpose ({r})")

fp = next((e for e in evs if e.get("event") == "freepages"), None)
if fp is None:
    say("no-page-lost", False, "no free-page counts reported")
else:
    # Lost means fewer free pages than before; more is what else was freed.
    for when in ("released", "unloaded"):
        lost = (fp["before"] - fp[when]) / fp["before"]
        say(f"no-page-lost.{when}", lost <= 0.01,
            f"free pages {fp['before']} before, {fp[when]} {when} ({lost:.1%} fewer)")

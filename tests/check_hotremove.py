#!/usr/bin/env python3
"""check_hotremove.py RESULTS POLICY NAME: what a hotremove guest reported
holds together. Prints 'PASS|FAIL NAME.check[: why]'."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402
import hotremove_report as hr  # noqa: E402

results, policy, name = sys.argv[1:4]
evs = far.events(results)
r = hr.summarize(results)
checks = []


def check(what, ok, why):
    checks.append((what, ok, why))


layout = sorted(r["layout"])
tried = sorted(r["blocks"])
check("every-block", layout and tried == layout,
      f"blocks present {layout}, blocks with an outcome {tried}")
dimms = {b["dimm"] for b in r["layout"].values() if b["dimm"] != "boot"}
check("dimms-present", len(dimms) == r["dimms"][1] and dimms,
      f"{r['dimms'][1]} DIMMs planned, blocks of DIMMs {sorted(dimms)} seen")
bad = [b for b in r["failures"] if not b.get("error")]
check("failures-say-why", not bad, f"failed without an error: {bad}")
busy = [b for b in r["failures"] if "busy" in b.get("error", "") and not b.get("because")]
check("busy-names-page", not busy,
      f"busy without the kernel's dump of the unmovable page: {[b['block'] for b in busy]}")
asked = {e["id"] for e in evs if e.get("event") == "device_del"}
gone = {f"dimm{s}" for s in r["removed_slots"]}
check("removal", gone == asked,
      f"asked to unplug {sorted(asked)}, removed {sorted(gone)}")
unmounts = [e for e in evs if e.get("event") == "unmount"]
check("unmounted", unmounts and all(e.get("result") == "ok" for e in unmounts),
      f"the work disk unmounted before offlining: {unmounts or 'no unmount event'}")
online_failed = [e for e in evs if e.get("event") == "online"]
check("online-back", not online_failed, f"blocks that did not come back online: {online_failed}")
# Lazy frees (RCU, writeback, slab) go on after the load, so free memory
# may come back higher than measured then; lower by more than 1% is a loss.
expect, got = r["free_expected"], r["free_end"]
check("no-page-lost", expect > 0 and got >= expect * 0.99,
      f"free pages after everything went back online {got}, expected at least 99% of {expect}")
# fragavoid keeps non-movable pages out of ZONE_NORMAL (the DIMMs) while the
# zone below can hold them (0007, 0009). Bulk allocations (vmalloc's pages,
# kernel stacks among them) still take the first zone above its watermark,
# and in this small guest they put a few FALLBACK blocks in ZONE_NORMAL, so
# the check is that most non-movable pageblocks sit below: fewer than half
# in ZONE_NORMAL (seen: 5 to 13 of about 30; stock placement, which prefers
# ZONE_NORMAL, left 11 to 20 there).
if policy == "fragavoid":
    rest = far.snapshots(evs).get("rest", {})
    blocks = far.pagetypeinfo(rest.get("/proc/pagetypeinfo", "")).get("blocks", {})
    placed = {k[1]: sum(n for t, n in v.items() if t not in ("Movable", "Isolate"))
              for k, v in blocks.items()}
    normal, total = placed.get("Normal", 0), sum(placed.values())
    check("packed-low", "Normal" in placed and total > 0 and normal * 2 < total,
          f"non-movable pageblocks per zone after the load: {placed or 'no snapshot'}")
for what, ok, why in checks:
    print(f"PASS {name}.{what}" if ok else f"FAIL {name}.{what}: {why}")

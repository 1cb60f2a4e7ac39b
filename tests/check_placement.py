#!/usr/bin/env python3
"""check_placement.py RESULTS POLICY NAME: the placement invariants, checked on
every snapshot a guest reported. Prints 'PASS|FAIL|SKIP NAME.check[: why]'."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

results, policy, name = sys.argv[1:4]
snaps = far.snapshots(far.events(results))
out = {}


def verdict(check, ok, why):
    # A check fails if it fails on any snapshot.
    if not ok or check not in out:
        out[check] = (ok, why)


if not snaps:
    print(f"FAIL {name}.snapshots: no snapshot reported")
    sys.exit(0)
for tag, files in snaps.items():
    if "/proc/pagetypeinfo" not in files:
        continue  # not a snapshot of the tables (a test's output)
    pti = far.pagetypeinfo(files["/proc/pagetypeinfo"])
    zi = far.zoneinfo(files["/proc/zoneinfo"])
    per_block = far.pageblock_pages(files["/proc/pagetypeinfo"])
    if "Fallback" not in pti["types"]:
        out["reserve"] = (None, "this kernel has no MIGRATE_FALLBACK (series without the reserve)")
    else:
        total = 0
        for key, blocks in pti["blocks"].items():
            fb, z = blocks.get("Fallback", 0), zi.get(key, {})
            total += fb
            where = f"{tag} {key[0]}/{key[1]}"
            verdict("reserve-count", z.get("fallback") == fb * per_block,
                    f"{where}: zoneinfo says {z.get('fallback')} pages, pagetypeinfo {fb} blocks")
            if policy == "fragavoid":
                target = z.get("fallback_target", 0) // per_block
                verdict("reserve-bound", fb <= target + 1,
                        f"{where}: {fb} FALLBACK blocks, target {target}")
            else:
                verdict("reserve-unused", fb == 0, f"{where}: {fb} FALLBACK blocks under {policy}")
        blocks = files.get("/sys/kernel/debug/page_grouping/blocks")
        if blocks is not None:
            counted = {}
            for line in blocks.splitlines():
                node, zone, _, mt, _ = line.split()
                counted[(int(node), zone)] = counted.get((int(node), zone), 0) + (mt == "Fallback")
            for key, z in zi.items():
                if key in counted:
                    verdict("reserve-recount", counted[key] * per_block == z.get("fallback"),
                            f"{tag} {key}: {counted[key]} Fallback lines in the block map, "
                            f"zoneinfo says {z.get('fallback')} pages")
        if policy == "fragavoid" and tag != "boot":
            verdict("reserve-used", total > 0, f"{tag}: no FALLBACK block after a workload")
    vm = dict(line.split() for line in files["/proc/vmstat"].splitlines() if " " in line)
    if "pgalloc_mt_unmovable" not in vm:
        out["stats"] = (None, "this kernel has no CONFIG_ALLOCSTATS counters")
    else:
        for mt in ("unmovable", "movable", "reclaimable"):
            n = {k: int(vm[f"{k}_mt_{mt}"]) for k in ("pgalloc", "pgfallback", "pgfallback_claim", "pgfallback_steal")}
            # under none every request is MOVABLE; otherwise the kernel
            # allocates unmovable and movable pages from the first boot on
            if policy == "none":
                verdict("stats", (n["pgalloc"] > 0) == (mt == "movable"),
                        f"{tag}: {n['pgalloc']} {mt} allocations counted under none")
            elif mt != "reclaimable":
                verdict("stats", n["pgalloc"] > 0, f"{tag}: no {mt} allocation counted")
            verdict("stats", n["pgfallback_claim"] + n["pgfallback_steal"] <= n["pgfallback"] <= n["pgalloc"],
                    f"{tag}: {mt} counters do not nest: {n}")
            if policy == "none":
                verdict("stats", n["pgfallback"] == 0, f"{tag}: {n['pgfallback']} {mt} fallbacks under none")
    if policy == "none":
        for key, blocks in pti["blocks"].items():
            others = {t: n for t, n in blocks.items() if t != "Movable" and n}
            verdict("one-type", not others, f"{tag} {key}: blocks of other types {others}")
        for (n, z, t), counts in pti["free"].items():
            verdict("one-type", t == "Movable" or not any(counts),
                    f"{tag} {n}/{z}: free pages on the {t} lists")

for check, (ok, why) in sorted(out.items()):
    if ok is None:
        print(f"SKIP {name}.{check}: {why}")
    elif ok:
        print(f"PASS {name}.{check}")
    else:
        print(f"FAIL {name}.{check}: {why}")

#!/usr/bin/env python3
"""report.py OUTDIR POLICY...: print the tables of `make run` from
OUTDIR/POLICY.results and write OUTDIR/run.json."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fa_results as far  # noqa: E402

HUGE_ORDER = 9
TAGS = ["before", "loaded", "after"]


def mib(pages):
    return pages * 4096 / (1 << 20)


def main():
    outdir, policies = sys.argv[1], sys.argv[2:]
    summary = {}
    for pol in policies:
        evs = far.events(os.path.join(outdir, pol + ".results"))
        start = next((e for e in evs if e.get("event") == "start"), {})
        snaps = far.snapshots(evs)
        print(f"\n=== policy {pol}: kernel {start.get('kernel', '?')}, "
              f"grouping reported by the kernel: {start.get('policy', '?')}")
        summary[pol] = {"kernel": start.get("kernel"), "snapshots": {}}
        for tag in TAGS:
            files = snaps.get(tag)
            if not files:
                continue
            print(f"--- /proc/buddyinfo ({tag})")
            print(files["/proc/buddyinfo"].rstrip())
            pti = far.pagetypeinfo(files["/proc/pagetypeinfo"])
            print(f"--- /proc/pagetypeinfo ({tag}): free pages per type; blocks per type")
            types = sorted({t for (_, _, t) in pti["free"]})
            print("    %-14s" % "zone" + "".join("%12s" % t for t in types))
            for (node, zone) in sorted(pti["blocks"]):
                row = []
                for t in types:
                    counts = pti["free"].get((node, zone, t), [])
                    row.append(sum(c << i for i, c in enumerate(counts)))
                print("    %-14s" % f"{node}/{zone} free" + "".join("%12d" % r for r in row))
                print("    %-14s" % f"{node}/{zone} blocks" +
                      "".join("%12s" % pti["blocks"][(node, zone)].get(t, "-") for t in types))
            total, usable = far.free_summary(far.buddyinfo(files["/proc/buddyinfo"]), HUGE_ORDER)
            summary[pol]["snapshots"][tag] = {
                "free_pages": total, "free_pages_order_ge_9": usable,
                "blocks": {f"{n}/{z}": b for (n, z), b in pti["blocks"].items()},
            }
    print("\n=== summary: free memory and the part of it in blocks of order >= %d" % HUGE_ORDER)
    print("%-10s %-8s %10s %14s %8s" % ("policy", "when", "free MiB", "order>=9 MiB", "share"))
    for pol, s in summary.items():
        for tag, v in s["snapshots"].items():
            t, u = v["free_pages"], v["free_pages_order_ge_9"]
            print("%-10s %-8s %10.1f %14.1f %7.1f%%" % (pol, tag, mib(t), mib(u),
                                                     100.0 * u / t if t else 0))
    with open(os.path.join(outdir, "run.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
    print(f"\nwritten: {os.path.join(outdir, 'run.json')}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""report.py OUTDIR [--markdown FILE --command CMD]: the tables of `make run`.

Reads OUTDIR/POLICY-rN.results (one highalloc boot each), prints the seed's
table for every phase with the policies side by side (mean and spread over
the repeats), the fragmentation metrics, and writes OUTDIR/results.json and
PNG pictures. With --markdown, also writes docs/RESULTS.md-style text."""
import argparse
import glob
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fa_results as far  # noqa: E402

POLICIES = ["none", "mobility", "fragavoid"]
PHASES = [("load", "under load"), ("load-order10", "under load, seed's order-10 run"),
          ("rest", "at rest"), ("rest-order10", "at rest, seed's order-10 run")]
HA = "/sys/kernel/debug/highalloc/"
PINNERS = "/tmp/page_owner-pinners"
BLOCKS = "/sys/kernel/debug/page_grouping/blocks"
PAGE_KB = 4  # x86_64, the only guest


def spread(values, fmt="{:.1f}"):
    if not values:
        return "-"
    if len(values) == 1:
        return fmt.format(values[0])
    return (fmt + " ({}..{})").format(statistics.mean(values), fmt.format(min(values)),
                                      fmt.format(max(values)))


def metrics(files, per_block_order=9):
    """Fragmentation metrics of one snapshot."""
    bi = far.buddyinfo(files["/proc/buddyinfo"])
    total, usable = far.free_summary(bi, per_block_order)
    pti_text = files["/proc/pagetypeinfo"]
    pti = far.pagetypeinfo(pti_text)
    vm = dict(line.split() for line in files["/proc/vmstat"].splitlines() if " " in line)
    mixed = 0
    m = re.search(r"Number of mixed blocks\s+(.*?)\n((?:Node.*\n?)+)", pti_text)
    if m:
        for line in m[2].splitlines():
            mixed += sum(int(x) for x in line.split()[4:])
    fill = None
    if BLOCKS in files:
        pinned = far.pinners(files[PINNERS])["pinned"] if PINNERS in files else None
        fill = far.block_fill(files[BLOCKS], far.pageblock_pages(pti_text), pinned)
    blocks = {}
    for per_zone in pti["blocks"].values():
        for t, n in per_zone.items():
            blocks[t] = blocks.get(t, 0) + n
    return {
        "free_mib": total * 4 / 1024,
        "free_in_order9_pct": 100.0 * usable / total if total else 0.0,
        "unusable_index_9": 1 - usable / total if total else 0.0,
        "mixed_blocks": mixed if m else None,
        "fallback_blocks": blocks.get("Fallback", 0),
        "unmovable_blocks": blocks.get("Unmovable", 0),
        "fallbacks": sum(int(v) for k, v in vm.items() if re.match(r"pgfallback_mt_", k)),
        "steals": sum(int(v) for k, v in vm.items() if re.match(r"pgfallback_steal_mt_", k)),
        "fill": fill,
    }


def load_runs(outdir):
    runs = {}
    for path in sorted(glob.glob(os.path.join(outdir, "*-r*.results"))):
        pol, rep = re.match(r"(.*)-r(\d+)\.results$", os.path.basename(path)).groups()
        evs = far.events(path)
        snaps = far.snapshots(evs)
        run = {"repeat": int(rep), "phases": {}, "metrics": {}, "path": path,
               "start": next((e for e in evs if e.get("event") == "start"), {}),
               "plan": next((e for e in evs if e.get("event") == "plan"), {})}
        for tag, _ in PHASES:
            files = snaps.get(tag, {})
            if HA + "results" in files:
                r = far.highalloc_results(files[HA + "results"])
                r["attempt_lines"] = [ln.split() for ln in files[HA + "attempts"].splitlines()
                                      if ln and not ln.startswith("#")]
                run["phases"][tag] = r
        for tag in ("before", "loaded-end", "rest", "after"):
            if tag in snaps:
                run["metrics"][tag] = metrics(snaps[tag])
        run["pinners"] = far.pinners(snaps.get("rest", {}).get(PINNERS, ""))
        run["pinners_boot"] = far.pinners(snaps.get("before", {}).get(PINNERS, ""))
        run["samples"] = far.samples(evs)
        # The targets are relative to what free memory could hold: the
        # attempts, or the blocks within reach of the allocator when the
        # attempts began (free and file pages above the min watermark and
        # the lowmem reserve; fa_results.within_reach), whichever is fewer.
        for tag, snap in (("load", "loaded"), ("rest", "rest")):
            phase = run["phases"].get(tag)
            if phase and "/proc/zoneinfo" in snaps.get(snap, {}):
                top = "Normal" if phase.get("class") == "kernel" else "Movable"
                reach = far.within_reach(snaps[snap]["/proc/zoneinfo"], phase["order"], top)
                phase["could_hold"] = min(phase["attempts"], reach)
                free = run["pinners"]["pinned_free"]
                if tag == "rest" and free is not None:
                    ppb = far.pageblock_pages(snaps[snap].get("/proc/pagetypeinfo", ""))
                    ceiling = far.outside_pinned(reach, free, phase["order"], ppb)
                    if ceiling is not None:
                        phase["outside_pinned"] = min(phase["attempts"], ceiling)
        runs.setdefault(pol, []).append(run)
    return runs


def seed_table(runs, tag, title, out):
    pols = [p for p in POLICIES if p in runs]
    rows = []
    have = [r["phases"][tag] for p in pols for r in runs[p] if tag in r["phases"]]
    if not have:
        return
    zones = sorted({z for r in have for z in r["zones"]})
    order = have[0]["order"]
    cls = have[0].get("class", "?")
    out.append(f"\n{title}: order {order}, allocation type {cls}")
    out.append("%-24s" % "" + "".join("%22s" % p for p in pols))

    def row(label, fn, fmt="{:.0f}"):
        cells = []
        for p in pols:
            vals = [fn(r["phases"][tag]) for r in runs[p] if tag in r["phases"]]
            cells.append(spread(vals, fmt))
        out.append("%-24s" % label + "".join("%22s" % c for c in cells))
        rows.append(label)

    row("Attempted allocations:", lambda r: r["attempts"])
    row("Success allocs:", lambda r: r["success"])
    row("Failed allocs:", lambda r: r["failed"])
    for z in zones:
        row(f"{z} zone allocs:", lambda r, z=z: r["zones"].get(z, 0))
    row("% Success:", lambda r: 100.0 * r["success"] / r["attempts"] if r["attempts"] else 0, "{:.1f}")
    if all("could_hold" in r["phases"][tag] for p in pols for r in runs[p] if tag in r["phases"]):
        row("free memory could hold:", lambda r: r["could_hold"])
        row("% of that:", lambda r: 100.0 * r["success"] / max(r["could_hold"], 1), "{:.1f}")
    # The ceiling without moving kernel memory: what the blocks that hold
    # no unmovable or reclaimable page could hold (page_owner boots only)
    if all("outside_pinned" in r["phases"][tag] for p in pols for r in runs[p] if tag in r["phases"]):
        row("outside pinned blocks:", lambda r: r["outside_pinned"])
        row("% of that:", lambda r: 100.0 * r["success"] / max(r["outside_pinned"], 1), "{:.1f}")
    # When in the run the failures came: late ones under load may only
    # mean that the earlier successes hold the memory the load leaves
    for q in range(4):
        row(f"% success, quarter {q + 1}:", lambda r, q=q: quarter_success(r, q), "{:.1f}")
    row("median latency (ms):", lambda r: r["latency_ns"]["median"] / 1e6, "{:.2f}")
    row("p99 latency (ms):", lambda r: r["latency_ns"]["p99"] / 1e6, "{:.1f}")


def quarter_success(phase, q):
    """% of the attempts in quarter q (0..3) of a run that succeeded"""
    ok = [int(a[2]) for a in phase["attempt_lines"]]
    part = ok[q * len(ok) // 4:(q + 1) * len(ok) // 4]
    return 100.0 * sum(part) / len(part) if part else 0.0


def metric_table(runs, out):
    pols = [p for p in POLICIES if p in runs]
    out.append("\nFragmentation metrics (mean, and spread over repeats)")
    out.append("%-46s" % "" + "".join("%28s" % p for p in pols))
    for tag, label in (("loaded-end", "end of load"), ("after", "at rest, end")):
        for key, name, fmt in (
                ("free_mib", "free MiB", "{:.0f}"),
                ("free_in_order9_pct", "free in blocks >= order 9 (%)", "{:.1f}"),
                ("mixed_blocks", "mixed blocks (page_owner)", "{:.0f}"),
                ("fallback_blocks", "FALLBACK blocks", "{:.0f}"),
                ("unmovable_blocks", "UNMOVABLE blocks", "{:.0f}"),
                ("fallbacks", "fallbacks (vmstat)", "{:.0f}"),
                ("steals", "steals: blocks left mixed", "{:.0f}")):
            cells = []
            for p in pols:
                vals = [r["metrics"][tag][key] for r in runs[p]
                        if tag in r["metrics"] and r["metrics"][tag][key] is not None]
                cells.append(spread(vals, fmt))
            out.append("%-46s" % f"{name}, {label}" + "".join("%28s" % c for c in cells))


def fill_table(runs, out, tag="rest"):
    """At rest, before the attempts: the wholly free blocks, which the
    at-rest attempts at a block's order can take, and the nearly free ones,
    per block type, that a few pages keep from being whole (the
    page_grouping/blocks map)."""
    pols = [p for p in POLICIES if any(r["metrics"].get(tag, {}).get("fill")
                                       for r in runs.get(p, []))]
    if not pols:
        return
    fills = {p: [r["metrics"][tag]["fill"] for r in runs[p]
                 if r["metrics"].get(tag, {}).get("fill")] for p in pols}
    types = sorted({t for p in pols for f in fills[p] for t in f["nearly"]})
    out.append(f"\nAt rest, before the attempts: pageblocks wholly free, and nearly free"
               f" (1 to {far.NEARLY_FREE_USED} pages in use) per block type"
               " (page_grouping/blocks map; mean, and spread over repeats)")
    out.append("%-46s" % "" + "".join("%28s" % p for p in pols))
    rows = [("wholly free blocks", lambda f: f["whole"], "{:.0f}"),
            ("nearly free blocks", lambda f: sum(f["nearly"].values()), "{:.0f}")]
    rows += [(f"  of them {t}", lambda f, t=t: f["nearly"].get(t, 0), "{:.0f}") for t in types]
    rows.append(("free MiB inside the nearly free",
                 lambda f: f["nearly_free"] * PAGE_KB / 1024, "{:.0f}"))
    # Where page_owner named the blocks with a page that cannot move: the
    # nearly free blocks without one hold movable pages only, which the
    # attempts' compaction can move out
    if all(f.get("nearly_pinned") is not None for p in pols for f in fills[p]):
        rows.append(("nearly free, holding a non-movable page",
                     lambda f: sum(f["nearly_pinned"].values()), "{:.0f}"))
        rows += [(f"  of those {t}", lambda f, t=t: f["nearly_pinned"].get(t, 0), "{:.0f}")
                 for t in types]
    for name, fn, fmt in rows:
        out.append("%-46s" % name + "".join("%28s" % spread([fn(f) for f in fills[p]], fmt)
                                            for p in pols))


def pinner_table(runs, out, top=8):
    """What pins blocks at rest, before the attempts (the pages that are not
    movable, and the movable pages of non-movable blocks):
    page_owner's allocation sites (guest/lib.sh fa_pinners), first repeat,
    the largest @top and every one in a MOVABLE block; and how many blocks
    the boot had pinned, before the load."""
    pols = [p for p in POLICIES if runs.get(p) and (runs[p][0]["pinners"]["rows"] or
                                                   runs[p][0]["pinners"]["pinned_blocks"])]
    if not pols:
        return
    out.append("\nAt rest, before the attempts: the pages that pin pageblocks (not movable,"
               " or in a block that is not MOVABLE; page_owner, first repeat)")
    for p in pols:
        pin = runs[p][0]["pinners"]
        held = "" if pin["pinned_blocks"] is None else \
            f" {pin['pinned_blocks']} blocks hold an unmovable or reclaimable page;"
        if pin.get("pinned_free") is not None:
            held += f" {pin['pinned_free'] * PAGE_KB // 1024} MiB free inside them;"
        boot = runs[p][0]["pinners_boot"]
        if boot["pinned_blocks"] is not None and boot["pinned_free"] is not None:
            held += (f" before the load, {boot['pinned_blocks']} blocks with"
                     f" {boot['pinned_free'] * PAGE_KB // 1024} MiB free inside;")
        if not pin["rows"]:
            out.append(f"  {p}:{held} every block is MOVABLE")
            continue
        out.append(f"  {p}:{held} pages, blocks touched, page type, block type,"
                   " allocation site:")
        # A page of a MOVABLE block that cannot move costs a whole block,
        # however few its pages: those rows are shown past the largest
        shown = pin["rows"][:top] + [r for r in pin["rows"][top:]
                                     if r["block_type"] == "Movable"]
        for r in shown:
            out.append("    %6d %5d  %-12s %-12s %s" % (r["pages"], r["blocks"], r["page_type"],
                                                        r["block_type"], r["site"]))


def nearly_held_table(runs, out, top=12):
    """At rest, before the attempts: per allocation site, the nearly free
    blocks in which it alone has a page that cannot move (page_owner, guest/
    pinners.awk): the blocks that placing its pages elsewhere would have left
    for compaction to empty; and those it shares with other sites. Mean over
    the repeats; the @top sites that alone hold the most."""
    pols = [p for p in POLICIES if runs.get(p) and
            all(r["pinners"].get("nearly_held") is not None for r in runs[p])]
    if not pols:
        return

    def mean(p, fn):
        return statistics.mean(fn(r["pinners"]) for r in runs[p])
    keys = {k for p in pols for r in runs[p] for k in r["pinners"]["nearly_held"]}
    held = {(p, k): [mean(p, lambda pin, k=k, i=i: pin["nearly_held"].get(k, [0, 0])[i])
                     for i in (0, 1)] for p in pols for k in keys}
    keys = sorted(keys, key=lambda k: (-max(held[p, k][0] for p in pols),
                                       -max(held[p, k][1] for p in pols), k))
    out.append("\nAt rest, before the attempts: the nearly free blocks that a page which cannot"
               " move keeps from being emptied, per page type and allocation site: the blocks"
               " it alone holds, of those it has a page in (page_owner; mean over repeats)")
    out.append("%-46s" % "" + "".join("%20s" % p for p in pols))
    out.append("%-46s" % "nearly free, holding a non-movable page" +
               "".join("%20.1f" % mean(p, lambda pin: pin["nearly_pinned"]) for p in pols))
    out.append("%-46s" % "  held by two sites or more" +
               "".join("%20.1f" % mean(p, lambda pin: pin["nearly_pinned"] -
                                       sum(a for a, _ in pin["nearly_held"].values()))
                       for p in pols))
    for k in keys[:top]:
        out.append("%-46s" % f"  {k}"[:46] +
                   "".join("%20s" % ("%.1f of %.1f" % tuple(held[p, k])) for p in pols))


SAMPLED = (("free", "free"), ("file", "file LRU"), ("anon", "anon"), ("slab", "slab"))


def sample_table(runs, out, tag="load"):
    """Per boot, while the attempts under load ran (guest/lib.sh
    fa_sampler): the success rate beside the memory they competed with
    (mean of the samples, MiB), the free blocks of order >= 9, and what
    compaction did in the run (the counters' growth), with the blocks that
    fragavoid's last pass took by isolating them (isolate_block_success)."""
    rows = [(p, r) for p in POLICIES for r in runs.get(p, [])
            if tag in r["phases"] and len(r["samples"].get(tag, [])) >= 2]
    if not rows:
        return
    out.append(f"\nDuring the attempts {dict(PHASES)[tag]}, per boot: % of what free memory could hold,"
               " mean MiB over the samples (one a second), compaction in the run")
    out.append("%-14s %7s" % ("boot", "% hold") + "".join("%9s" % n for _, n in SAMPLED) +
               "%9s %8s %8s %10s %9s" % ("free>=o9", "stalls", "success", "migrated", "isolated"))
    for p, r in rows:
        sm, ph = r["samples"][tag], r["phases"][tag]
        pct = 100.0 * ph["success"] / ph["could_hold"] if ph.get("could_hold") else 0.0
        cells = "".join("%9.0f" % (statistics.mean(s[k] for s in sm) / 1024) for k, _ in SAMPLED)
        grew = [sm[-1].get(k, 0) - sm[0].get(k, 0) for k in
                ("compact_stall", "compact_success", "pgmigrate_success", "isolate_block_success")]
        out.append("%-14s %7.1f" % (f"{p} r{r['repeat']}", pct) + cells +
                   "%9.0f %8d %8d %10d %9d" % (statistics.mean(s["blocks9"] for s in sm), *grew))


def memory_picture(runs, outdir, plt, tag="load"):
    """One panel per boot: the memory the attempts competed with over time,
    and what the successes held"""
    rows = [(p, [r for r in runs.get(p, [])
                 if tag in r["phases"] and len(r["samples"].get(tag, [])) >= 2]) for p in POLICIES]
    rows = [(p, rs) for p, rs in rows if rs]
    if not rows:
        return []
    cols = max(len(rs) for _, rs in rows)
    fig, axes = plt.subplots(len(rows), cols, figsize=(4.2 * cols, 2.8 * len(rows)),
                             squeeze=False, sharey=True)
    for ax in axes.flat:
        ax.set_visible(False)
    for i, (p, rs) in enumerate(rows):
        for j, r in enumerate(rs):
            memory_panel(axes[i][j], p, r, tag)
    axes[0][0].set_ylabel("MiB")
    axes[0][0].legend(fontsize=6)
    fig.suptitle(f"Memory during the attempts {dict(PHASES)[tag]}", fontsize=9)
    fig.tight_layout()
    name = f"memory-{tag}.png"
    fig.savefig(os.path.join(outdir, name), dpi=90)
    plt.close(fig)
    return [name]


def memory_panel(ax, policy, run, tag):
    sm, ph = run["samples"][tag], run["phases"][tag]
    block_mib = (4 << ph["order"]) / 1024
    t = [s["t"] for s in sm]
    for key, name in SAMPLED:
        ax.plot(t, [s[key] / 1024 for s in sm], label=name, lw=1)
    ax.plot(t, [s["blocks9"] * (4 << 9) / 1024 for s in sm], label="free, order >= 9", lw=1)
    held, acc, xs = [], 0, []
    for a in ph["attempt_lines"]:
        acc += int(a[2])
        xs.append(int(a[1]) / 1000)
        held.append(acc * block_mib)
    ax.plot(xs, held, label="held by successes", lw=1.5, color="black")
    ax.set_visible(True)
    ax.set_title(f"{policy} r{run['repeat']}", fontsize=9)
    ax.grid(alpha=0.3)
    ax.set_xlabel("seconds into the run", fontsize=8)


def pictures(runs, outdir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    made = []
    for tag, title in PHASES:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        drawn = False
        for p in POLICIES:
            for r in runs.get(p, []):
                ph = r["phases"].get(tag)
                if not ph or not ph["attempt_lines"]:
                    continue
                t = [int(x[1]) / 1000 for x in ph["attempt_lines"]]
                ok, acc = [], 0
                for x in ph["attempt_lines"]:
                    acc += int(x[2])
                    ok.append(100.0 * acc / len(ph["attempt_lines"]))
                ax.plot(t, ok, label=f"{p} r{r['repeat']}")
                drawn = True
        if not drawn:
            plt.close(fig)
            continue
        ax.set_xlabel("seconds into the run")
        ax.set_ylabel("successes, % of attempts")
        ax.set_title(f"High-order allocations {title}")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        name = f"success-{tag}.png"
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, name), dpi=90)
        plt.close(fig)
        made.append(name)
    return made + memory_picture(runs, outdir, plt) + block_map(runs, outdir, plt)


TYPE_COLOURS = {"Unmovable": (0.80, 0.10, 0.10), "Reclaimable": (0.95, 0.55, 0.05),
                "Movable": (0.10, 0.55, 0.20), "Fallback": (0.50, 0.20, 0.70),
                "HighAtomic": (0.10, 0.30, 0.85), "CMA": (0.3, 0.7, 0.9),
                "Isolate": (0.4, 0.4, 0.4)}


def block_map(runs, outdir, plt):
    """One picture per policy: every pageblock of the first repeat, before
    the load, at its end and at rest; colour = type, lighter = more free."""
    made = []
    tags = [("before", "before the load"), ("loaded-end", "end of load"), ("after", "at rest")]
    for p in POLICIES:
        if p not in runs:
            continue
        snaps = far.snapshots(far.events(runs[p][0]["path"]))
        panels = [(t, label, snaps.get(t, {}).get(BLOCKS))
                  for t, label in tags]
        panels = [x for x in panels if x[2]]
        if not panels:
            continue
        fig, axes = plt.subplots(1, len(panels), figsize=(4 * len(panels), 4.4))
        axes = axes if len(panels) > 1 else [axes]
        for ax, (_, label, text) in zip(axes, panels):
            cells = []
            for line in text.splitlines():
                _, _, _, mt, free = line.split()
                r, g, b = TYPE_COLOURS.get(mt, (0, 0, 0))
                f = min(int(free) / 512.0, 1.0)
                cells.append((r + (1 - r) * f * 0.85, g + (1 - g) * f * 0.85, b + (1 - b) * f * 0.85))
            width = max(1, int(len(cells) ** 0.5 + 0.999))
            grid = [cells[i:i + width] for i in range(0, len(cells), width)]
            grid[-1] += [(1, 1, 1)] * (width - len(grid[-1]))
            ax.imshow(grid, interpolation="nearest")
            ax.set_title(label, fontsize=9)
            ax.set_xticks([])
            ax.set_yticks([])
        fig.suptitle(f"{p}: pageblocks in address order (red unmovable, orange reclaimable, "
                     f"green movable, purple fallback; pale = free)", fontsize=8)
        name = f"blocks-{p}.png"
        fig.savefig(os.path.join(outdir, name), dpi=90)
        plt.close(fig)
        made.append(name)
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--markdown")
    ap.add_argument("--command", default="make run")
    args = ap.parse_args()
    runs = load_runs(args.outdir)
    if not runs:
        sys.exit(f"report: no results in {args.outdir}")
    out = []
    first = next(iter(runs.values()))[0]
    repeats = max(len(v) for v in runs.values())
    plan = first["plan"]
    out.append(f"kernel {first['start'].get('kernel', '?')}, guest {int(plan.get('mem_kb', 0)) // 1024} MiB, "
               f"{repeats} repeat(s) per policy; cells: mean (min..max)")
    for tag, title in PHASES:
        seed_table(runs, tag, f"High-order allocations {title}", out)
    metric_table(runs, out)
    sample_table(runs, out)
    fill_table(runs, out)
    pinner_table(runs, out)
    nearly_held_table(runs, out)
    pics = pictures(runs, args.outdir)
    text = "\n".join(out)
    print(text)
    slim = {p: [{k: v for k, v in r.items()} for r in rs] for p, rs in runs.items()}
    for rs in slim.values():
        for r in rs:
            for ph in r["phases"].values():
                ph.pop("attempt_lines", None)
    with open(os.path.join(args.outdir, "results.json"), "w") as f:
        json.dump(slim, f, indent=1, sort_keys=True)
    print(f"\nwritten: {args.outdir}/results.json" +
          "".join(f", {args.outdir}/{p}" for p in pics))
    if args.markdown:
        write_markdown(args, text, pics)


def write_markdown(args, text, pics):
    import shutil
    import subprocess
    docdir = os.path.dirname(os.path.abspath(args.markdown))
    for p in pics:
        shutil.copy(os.path.join(args.outdir, p), os.path.join(docdir, p))
    base = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "linux-source-6.12"],
                          capture_output=True, text=True).stdout.strip()
    cpu = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    # sections other generators keep here (make soak): carried over whole
    try:
        old = open(args.markdown).read()
        kept = [m.group(0) for m in re.finditer(r"<!-- (\w+):begin -->.*?<!-- \1:end -->\n?", old, re.S)]
    except FileNotFoundError:
        kept = []
    with open(args.markdown, "w") as f:
        f.write("# Results\n\nGenerated by `make results` (the hot-remove section by "
                "`make results EXPERIMENTS=hotremove` too, the speed-parity section by "
                "`make bench`); each section names the command that made it. "
                "Do not edit by hand.\n\n")
        f.write(f"- kernel: linux-source-6.12 {base} with the series in patches/\n")
        f.write(f"- machine: {cpu} cores, QEMU TCG guest (`-accel tcg -cpu max`)\n\n")
        f.write("## High-order allocation success, per placement policy\n\n")
        f.write(f"- command: `{args.command}`\n")
        f.write(far.series_line() + "\n")
        f.write("```\n" + text + "\n```\n\n")
        for p in pics:
            f.write(f"![{p}]({p})\n\n")
        for section in kept:
            f.write(section.rstrip("\n") + "\n\n")


if __name__ == "__main__":
    main()

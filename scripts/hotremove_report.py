#!/usr/bin/python3
"""hotremove_report.py DIR [--markdown FILE --command CMD]: the hot-remove
experiment's table (DIR holds NAME-rN.results of guest/scenarios/hotremove.sh),
a JSON summary and a picture of which memory blocks could go. With
--markdown, its section of FILE (between <!-- hotremove:begin/end -->
markers, which report.py keeps) is replaced, or added before the other
kept sections."""
import argparse
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fa_results as far  # noqa: E402

ORDER = ["none", "mobility", "fragavoid", "movable"]
TITLES = {"movable": "movable (ref.)"}


def summarize(path):
    evs = far.events(path)
    blocks = [e for e in evs if e.get("event") == "block"]
    layout = {e["block"]: e for e in evs if e.get("event") == "layout"}
    fp = next((e for e in evs if e.get("event") == "footprint"), {})
    plan = next((e for e in evs if e.get("event") == "plan"), {})
    end = next((e for e in evs if e.get("event") == "end"), {})
    dimms = [e for e in evs if e.get("event") == "dimm"]
    boot = [b for b in blocks if b["dimm"] == "boot"]
    dimm_blocks = [b for b in blocks if b["dimm"] != "boot"]
    ok = [b for b in blocks if b["result"] == "offline"]
    removed = [d for d in dimms if d["result"] == "removed"]
    block_kb = int(plan.get("block_kb", 131072))
    present = len(layout)
    # The ideal offlines every block but those the unmovable footprint
    # fills, or, if more, those the firmware's layout pins (memory holes,
    # a block across a zone border: -EINVAL), where the footprint's boot
    # allocations (kernel image, memory map) sit anyway.
    pinned = sum(1 for b in blocks if "Invalid argument" in b.get("error", ""))
    ideal = present - max(int(fp.get("blocks", 0)), pinned)
    # No page lost: free memory after everything went back online, against
    # free memory after the load, less the removed DIMMs' pages plus their
    # memory maps (64 bytes a page, allocated from boot memory)
    removed_slots = sorted(str(d["slot"]) for d in removed)
    removed_pages = sum(1 for b in dimm_blocks if b["dimm"] in removed_slots) * (block_kb // 4)
    memmap_pages = removed_pages * 64 // 4096
    expect = int(fp.get("free_after_load", 0)) - removed_pages + memmap_pages
    return {
        "path": path,
        "online": plan.get("online", "?"),
        "present": present,
        "boot": (sum(1 for b in boot if b["result"] == "offline"), len(boot)),
        "dimm_blocks": (sum(1 for b in dimm_blocks if b["result"] == "offline"), len(dimm_blocks)),
        "dimms": (len(removed), int(plan.get("dimms", 0))),
        "offlined": len(ok),
        "ideal": ideal,
        "footprint_mib": int(fp.get("kb", 0)) // 1024,
        "free_end": int(end.get("free_pages", 0)),
        "free_expected": expect,
        "removed_slots": removed_slots,
        "blocks": {b["block"]: b for b in blocks},
        "layout": layout,
        "failures": [b for b in blocks if b["result"] != "offline"],
    }


def load(outdir):
    runs = {}
    for path in sorted(glob.glob(os.path.join(outdir, "*-r*.results"))):
        name = re.match(r"(.*)-r(\d+)\.results$", os.path.basename(path)).group(1)
        runs.setdefault(name, []).append(summarize(path))
    return {n: runs[n] for n in ORDER if n in runs}


def cell(vals, fmt="{:.0f}"):
    if not vals:
        return "-"
    mean = sum(vals) / len(vals)
    if len(vals) == 1 or min(vals) == max(vals):
        return fmt.format(mean)
    return f"{fmt.format(mean)} ({fmt.format(min(vals))}..{fmt.format(max(vals))})"


def frac(pairs):
    got = cell([p[0] for p in pairs])
    return f"{got} / {pairs[0][1]}"


def table(runs):
    names = list(runs)
    w = 24
    out = ["Memory hot-remove after the load: blocks offlined (highest address first) "
           "and DIMMs removed",
           f"{'':34}" + "".join(f"{TITLES.get(n, n):>{w}}" for n in names)]

    def row(label, fn):
        out.append(f"{label:34}" + "".join(f"{fn(runs[n]):>{w}}" for n in names))

    row("DIMMs onlined as", lambda rs: rs[0]["online"].replace("online_", "zone "))
    row("boot memory blocks offlined", lambda rs: frac([r["boot"] for r in rs]))
    row("DIMM blocks offlined", lambda rs: frac([r["dimm_blocks"] for r in rs]))
    row("DIMMs removed", lambda rs: frac([r["dimms"] for r in rs]))
    row("unmovable footprint (MiB)", lambda rs: cell([r["footprint_mib"] for r in rs]))
    row("blocks present", lambda rs: cell([r["present"] for r in rs]))
    row("ideal: blocks it leaves free", lambda rs: cell([r["ideal"] for r in rs]))
    row("offlined / ideal (%)",
        lambda rs: cell([100.0 * r["offlined"] / max(r["ideal"], 1) for r in rs], "{:.1f}"))
    row("DIMMs removed (%)",
        lambda rs: cell([100.0 * r["dimms"][0] / max(r["dimms"][1], 1) for r in rs], "{:.1f}"))
    row("free pages back (% of expected)",
        lambda rs: cell([100.0 * r["free_end"] / max(r["free_expected"], 1) for r in rs], "{:.1f}"))
    out.append("")
    out.append("Blocks that could not be offlined (first repeat): block (where): the kernel's "
               "error; the first unmovable page: why it was dumped, its flags, and page_owner's "
               "migratetype, gfp mask and caller")
    for n in names:
        out.append(f"  {TITLES.get(n, n)}:")
        fails = runs[n][0]["failures"]
        if not fails:
            out.append("    none")
        for b in fails:
            where = "boot" if b["dimm"] == "boot" else f"dimm{b['dimm']}"
            page = "; ".join(x for x in (b.get("because"), b.get("flags") and f"flags {b['flags']}",
                                         b.get("mt") and f"{b['mt']}", b.get("gfp"),
                                         b.get("caller") and f"from {b['caller']}",
                                         b.get("task") and f"by {b['task']}") if x)
            out.append(f"    block {b['block']} ({where}, {b.get('zones', '?')}): "
                       f"{b.get('error', b['result'])}" + (f"; {page}" if page else ""))
    return "\n".join(out)


def picture(runs, outdir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Patch
    except ImportError:
        print("hotremove_report: no matplotlib, no picture", file=sys.stderr)
        return None
    colours = {"removed": "#3b7dd8", "offline": "#5cb85c", "failed": "#d9534f",
               "layout": "#999999"}
    names = list(runs)
    fig, ax = plt.subplots(figsize=(10, 0.6 + 0.5 * len(names)))
    for y, n in enumerate(names):
        r = runs[n][0]
        for x, blk in enumerate(sorted(r["layout"])):
            b = r["blocks"].get(blk, {"result": "failed", "dimm": "?"})
            if b["dimm"] in r["removed_slots"]:
                c = colours["removed"]
            elif b["result"] == "offline":
                c = colours["offline"]
            elif "Invalid argument" in b.get("error", ""):
                c = colours["layout"]
            else:
                c = colours["failed"]
            ax.add_patch(plt.Rectangle((x, y), 0.9, 0.8, color=c))
    r0 = runs[names[0]][0]
    ticks = sorted(r0["layout"])
    ax.set_xlim(0, len(ticks))
    ax.set_ylim(0, len(names))
    ax.set_xticks([i + 0.45 for i in range(len(ticks))])
    ax.set_xticklabels([("b" if r0["layout"][t]["dimm"] == "boot" else "d") + str(t) for t in ticks],
                       fontsize=7)
    ax.set_yticks([i + 0.4 for i in range(len(names))])
    ax.set_yticklabels([TITLES.get(n, n) for n in names])
    ax.set_xlabel("memory block (b: boot memory, d: DIMM), lowest address left")
    ax.legend(handles=[Patch(color=colours["removed"], label="offlined, DIMM removed"),
                       Patch(color=colours["offline"], label="offlined"),
                       Patch(color=colours["failed"], label="failed"),
                       Patch(color=colours["layout"], label="holes or zone border")],
              loc="upper center", bbox_to_anchor=(0.5, -0.35), ncol=4, fontsize=8)
    fig.tight_layout()
    name = "hotremove-blocks.png"
    fig.savefig(os.path.join(outdir, name), dpi=110)
    plt.close(fig)
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--markdown")
    ap.add_argument("--command", default="make run EXPERIMENTS=hotremove")
    args = ap.parse_args()
    runs = load(args.outdir)
    if not runs:
        sys.exit(f"hotremove_report: no results in {args.outdir}")
    text = table(runs)
    print(text)
    pic = picture(runs, args.outdir)
    slim = {n: [{k: v for k, v in r.items() if k not in ("blocks", "layout")} for r in rs]
            for n, rs in runs.items()}
    with open(os.path.join(args.outdir, "hotremove.json"), "w") as f:
        json.dump(slim, f, indent=1, sort_keys=True)
    print(f"\nwritten: {args.outdir}/hotremove.json" + (f", {args.outdir}/{pic}" if pic else ""))
    if args.markdown:
        write_markdown(args, text, pic)


def write_markdown(args, text, pic):
    import shutil
    docdir = os.path.dirname(os.path.abspath(args.markdown))
    section = ("<!-- hotremove:begin -->\n"
               "## Memory hot-remove, per placement policy\n\n"
               f"- command: `{args.command}`\n"
               + far.series_line() + "\n"
               "Each guest boots with hot-pluggable DIMMs, runs fragload, stops it, drops "
               "caches, unmounts the work disk and shrinks the slab caches, then offlines "
               "every memory block, highest address first, "
               "and unplugs each DIMM whose blocks all went (`guest/scenarios/hotremove.sh`). "
               "The ideal offlines every block but those the unmovable footprint "
               "(memory neither free nor on an LRU list) fills or, if more, those the "
               "firmware's layout pins (memory holes, a block across a zone border).\n\n"
               "```\n" + text + "\n```\n\n")
    if pic:
        shutil.copy(os.path.join(args.outdir, pic), os.path.join(docdir, pic))
        section += f"![{pic}]({pic})\n\n"
    section += "<!-- hotremove:end -->\n"
    doc = open(args.markdown).read() if os.path.exists(args.markdown) else ""
    old = re.search(r"<!-- hotremove:begin -->.*?<!-- hotremove:end -->\n?", doc, re.S)
    if old:
        doc = doc[:old.start()] + section + doc[old.end():]
    else:
        # After report.py's text, before the sections other commands keep
        mark = re.search(r"<!-- \w+:begin -->", doc)
        at = mark.start() if mark else len(doc)
        doc = doc[:at] + section + "\n" + doc[at:]
    with open(args.markdown, "w") as f:
        f.write(doc)


if __name__ == "__main__":
    main()

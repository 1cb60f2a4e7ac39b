#!/usr/bin/env python3
"""report.py OUTDIR [--markdown FILE --command CMD]: the tables of `make bench`.

Reads OUTDIR/NAME-rN.results (one bench boot each; NAME is a policy, or
POLICY-realtime, or fragavoid-nostats), and prints, per measure, the seed's
diff-aim9 tables (mobility against fragavoid and against none: medians over
the repeats, difference and %), a summary of ratios with the spread of the
repeats, the allocator's ns per operation per order and the cache job's
user and system time. Writes OUTDIR/bench.json; with --markdown, replaces
the section between the bench markers of FILE (appending it if missing)."""
import argparse
import glob
import json
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
POLICIES = ["none", "mobility", "fragavoid"]
TESTS = [  # fa-bench test, description (AIM9's where it has one)
    ("creat-clo", "File Creations and Closes/second"),
    ("page_test", "System Allocations & Pages/second"),
    ("brk_test", "System Memory Allocations/second"),
    ("jmp_test", "Non-local gotos/second"),
    ("signal_test", "Signal Traps/second"),
    ("exec_test", "Program Loads/second"),
    ("fork_test", "Task Creations/second"),
    ("link_test", "Link/Unlink Pairs/second"),
    ("page_fault1", "Anonymous page faults/second, 1 process"),
    ("page_fault2", "Anonymous page faults/second, 2 processes"),
    ("cache", "Cache-heavy jobs/second"),
]
TARGET = 0.99


def load(outdir):
    """{name: [per-repeat {row: ops_per_s}, ...]}, and the raw events."""
    runs, raw = {}, {}
    for path in sorted(glob.glob(os.path.join(outdir, "*-r*.results"))):
        m = re.match(r"(.*)-r(\d+)\.results$", os.path.basename(path))
        if not m:
            continue
        name, rep = m[1], int(m[2])
        evs = far.events(path)
        rows, cache, ab, tests, vm = {}, [], {}, {}, {}
        for e in evs:
            if e.get("event") == "allocbench_vmstat":
                vm[e["class"]] = {k: v for k, v in e.items() if k.startswith("pg")}
            if e.get("event") == "bench":
                tests.setdefault(e["test"], e)
                if e["test"] == "cache":
                    cache.append(e)
                else:
                    rows[e["test"]] = e["ops_per_s"]
            elif e.get("event") == "allocbench" and e["allocs"] > e["failed"]:
                key = f"order{e['order']}-{e['class']}"
                ab[key] = e
                rows[key] = 1e9 / max(1, e["alloc_ns"] + e["free_ns"])
        if cache:
            rows["cache"] = len(cache) * 1e9 / sum(c["ns"] for c in cache)
        kernel = next((e.get("kernel") for e in evs if e.get("event") == "start"), "?")
        runs.setdefault(name, []).append(rows)
        raw.setdefault(name, []).append({"repeat": rep, "kernel": kernel, "rows": rows,
                                         "cache": cache, "allocbench": ab,
                                         "tests": tests, "vmstat": vm})
    return runs, raw


def row_names(runs):
    names = [t for t, _ in TESTS]
    ab = set()
    for reps in runs.values():
        for r in reps:
            ab |= {k for k in r if k.startswith("order")}

    def abkey(k):
        o, c = k[5:].split("-", 1)
        return (c != "kernel", c, int(o))
    return names + sorted(ab, key=abkey)


def describe(row):
    for t, d in TESTS:
        if t == row:
            return d
    o, c = row[5:].split("-", 1)
    return f"alloc_pages+__free_pages order {o}, {c}, /second"


def stats(values):
    if not values:
        return None
    med = statistics.median(values)
    return {"median": med, "min": min(values), "max": max(values), "n": len(values),
            "spread_pct": 100.0 * (max(values) - min(values)) / med if med else 0.0,
            "values": values}


def summarise(runs, names):
    return {name: {row: stats([r[row] for r in reps if row in r]) for row in names}
            for name, reps in runs.items()}


def diff_table(summ, names, base, other, title, out):
    """The seed's diff-aim9 layout: medians, difference and %."""
    if base not in summ or other not in summ:
        return
    w = max(14, len(base), len(other))
    out.append(title)
    out.append(f"{'':18}{base:>{w}} {other:>{w}}")
    out.append(f"{'':18}{'-' * w} {'-' * w}")
    for i, row in enumerate(names, 1):
        a, b = summ[base].get(row), summ[other].get(row)
        if not a or not b:
            continue
        a, b = a["median"], b["median"]
        d = b - a
        pct = 100.0 * d / a if a else 0.0
        out.append(f"{i:2} {row:15}{a:{w}.2f} {b:{w}.2f} {d:12.2f} {pct:6.2f}% {describe(row)}")
    out.append("")


def significant(s, b):
    """Every repeat of s below every repeat of b, with 2 or more of each."""
    return s["n"] >= 2 and b["n"] >= 2 and s["max"] < b["min"]


def ratio_table(summ, names, base, others, title, out):
    """Ratios to base, with each side's spread over the repeats."""
    present = [o for o in others if o in summ]
    if base not in summ or not present:
        return {}
    ratios = {}
    out.append(title)
    head = f"{'test':22}{base + ' ops/s':>16} {'spread':>7}"
    for o in present:
        head += f" {o + '/' + base:>20} {'spread':>7}"
    out.append(head)
    for row in names:
        b = summ[base].get(row)
        if not b:
            continue
        line = f"{row:22}{b['median']:16.2f} {b['spread_pct']:6.2f}%"
        for o in present:
            s = summ[o].get(row)
            if not s:
                line += f" {'-':>20} {'-':>7}"
                continue
            r = s["median"] / b["median"] if b["median"] else 0.0
            ratios.setdefault(o, {})[row] = r
            # below target: "<" when every repeat is below every repeat
            # of the base, "?" when they overlap or are too few (noise)
            mark = "" if r >= TARGET else " <" if significant(s, b) else " ?"
            line += f" {r:18.4f}{mark:2} {s['spread_pct']:6.2f}%"
        out.append(line)
    below = [f"{o}:{row}" for o, rows in ratios.items() for row, r in rows.items()
             if r < TARGET and significant(summ[o][row], summ[base][row])]
    noise = [f"{o}:{row}" for o, rows in ratios.items() for row, r in rows.items()
             if r < TARGET and f"{o}:{row}" not in below]
    out.append(f"rows below {TARGET} of {base}, every repeat below every repeat of {base} "
               "(marked <): " + (", ".join(below) if below else "none"))
    out.append(f"rows below {TARGET} of {base} by the median only, the repeats overlapping "
               "or too few to tell (marked ?): " + (", ".join(noise) if noise else "none"))
    out.append("")
    return ratios


def ns_table(raw, name_of, out, title):
    """allocbench: median ns per alloc and per free, per order and class."""
    present = [(label, n) for label, n in name_of if n in raw]
    if not present:
        return
    keys = set()
    for _, n in present:
        for rep in raw[n]:
            keys |= set(rep["allocbench"])
    if not keys:
        return
    out.append(title)
    head = f"{'order':>5} {'class':8}"
    for label, _ in present:
        head += f" {label + ' alloc':>16} {'free':>6}"
    out.append(head)
    for k in sorted(keys, key=lambda k: (k.split("-")[1] != "kernel", k.split("-")[1], int(k[5:].split("-")[0]))):
        o, c = k[5:].split("-", 1)
        line = f"{o:>5} {c:8}"
        for _, n in present:
            a = [rep["allocbench"][k]["alloc_ns"] for rep in raw[n] if k in rep["allocbench"]]
            f = [rep["allocbench"][k]["free_ns"] for rep in raw[n] if k in rep["allocbench"]]
            line += f" {statistics.median(a) if a else 0:16.0f} {statistics.median(f) if f else 0:6.0f}"
        out.append(line)
    out.append("")


def aim9_table(raw, name, out):
    """One variant, as AIM9 prints a kernel's run (medians over the boots)."""
    if name not in raw:
        return
    out.append(f"{name}: fa-bench, median of {len(raw[name])} boot(s)")
    out.append("-" * 100)
    out.append(" Test        Test        Elapsed  Iteration    Iteration          Operation")
    out.append("Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)")
    out.append("-" * 100)
    for i, (t, desc) in enumerate(TESTS, 1):
        es = [rep["tests"][t] for rep in raw[name] if t in rep["tests"]]
        if not es:
            continue
        ns = statistics.median(e["ns"] for e in es)
        loops = es[0]["loops"]
        rate = statistics.median(e["ops_per_s"] for e in es)
        out.append(f"{i:6} {t:15} {ns / 1e9:10.2f} {loops:10} {loops * 1e9 / ns:12.5f} "
                   f"{rate:16.2f} {desc}")
    out.append("")


def vmstat_table(raw, name_of, out, title):
    """allocbench: buddy allocations and fallbacks of one run, per class."""
    present = [(label, n) for label, n in name_of
               if n in raw and any(rep["vmstat"] for rep in raw[n])]
    if not present:
        return
    out.append(title)
    out.append(f"{'':10}{'class':8} {'pgalloc_mt':>12} {'pgfallback_mt':>14}  (own type; medians)")
    for label, n in present:
        for cls in ("kernel", "movable"):
            mt = "unmovable" if cls == "kernel" else "movable"
            a = [rep["vmstat"][cls].get(f"pgalloc_mt_{mt}", 0) for rep in raw[n] if cls in rep["vmstat"]]
            f = [rep["vmstat"][cls].get(f"pgfallback_mt_{mt}", 0) for rep in raw[n] if cls in rep["vmstat"]]
            if a:
                out.append(f"{label:10}{cls:8} {statistics.median(a):12.0f} {statistics.median(f):14.0f}")
    out.append("")


def cache_table(raw, names, out, title):
    present = [n for n in names if n in raw and any(rep["cache"] for rep in raw[n])]
    if not present:
        return
    out.append(title)
    out.append(f"{'':22}{'runs':>5} {'guest s':>9} {'user s':>9} {'sys s':>8}   (median per run)")
    for n in present:
        cs = [c for rep in raw[n] for c in rep["cache"]]
        med = lambda k, cs=cs: statistics.median(c[k] for c in cs)  # noqa: E731
        out.append(f"{n:22}{len(cs):5} {med('ns') / 1e9:9.3f} {med('user_us') / 1e6:9.3f} "
                   f"{med('sys_us') / 1e6:8.3f}")
    out.append("")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--markdown")
    ap.add_argument("--command", default="make bench")
    args = ap.parse_args()
    runs, raw = load(args.outdir)
    if not runs:
        sys.exit(f"report.py: no *-rN.results in {args.outdir}")
    names = row_names(runs)
    summ = summarise(runs, names)
    kernel = next(iter(raw.values()))[0]["kernel"]
    nrep = {n: len(v) for n, v in runs.items()}
    out = [f"kernel {kernel}; boots per variant: "
           + ", ".join(f"{n} {k}" for n, k in sorted(nrep.items()))
           + "; medians over the boots, spread = (max-min)/median", ""]
    ratios = {}
    for mode, sfx, what in (("icount", "", "icount (guest time = guest instructions; primary)"),
                            ("realtime", "-realtime", "real time (secondary; shared host, noisy)")):
        base = "mobility" + sfx
        if not any(p + sfx in summ for p in POLICIES):
            continue
        out.append(f"=== {what} ===")
        out.append("")
        for p in POLICIES:
            aim9_table(raw, p + sfx, out)
        for other in ("fragavoid", "none"):
            diff_table(summ, names, base, other + sfx,
                       f"Difference in performance operations report (diff-aim9 format), {mode}",
                       out)
        ratios[mode] = ratio_table(summ, names, base, ["none" + sfx, "fragavoid" + sfx],
                                   f"Ratios to mobility, {mode}", out)
        ns_table(raw, [(p, p + sfx) for p in POLICIES], out,
                 f"allocbench: median ns per alloc_pages() and per __free_pages(), {mode}")
        if mode == "icount":
            vmstat_table(raw, [(p, p + sfx) for p in POLICIES], out,
                         "allocbench: its runs' buddy allocations and fallbacks, "
                         "from /proc/vmstat (ALLOCSTATS)")
        cache_table(raw, [p + sfx for p in POLICIES], out,
                    f"Cache job (fa-bench --test cache), {mode}")
    if "fragavoid-nostats" in summ:
        out.append("=== the statistics' cost: fragavoid with and without CONFIG_ALLOCSTATS, icount ===")
        out.append("")
        diff_table(summ, names, "fragavoid-nostats", "fragavoid",
                   "Difference in performance operations report (diff-aim9 format), icount", out)
        r = ratio_table(summ, names, "fragavoid-nostats", ["fragavoid"],
                        "Ratio with statistics to without (cost = 1 - ratio; target: the cost "
                        "over all rows < 0.5%)", out)
        ratios["stats"] = r
        costs = {row: 100.0 * (1 - v) for row, v in r.get("fragavoid", {}).items()}
        if costs:
            worst = max(costs, key=costs.get)
            # one number for the option: the geometric mean of the ratios;
            # a single row moves by up to 1% either way with the compiler's
            # register allocation around the counters (docs/DESIGN.md)
            overall = 100.0 * (1 - math.exp(statistics.mean(math.log(v) for v in r["fragavoid"].values())))
            out.append(f"cost over all rows (geometric mean of the ratios): {overall:.2f}%; "
                       f"largest cost: {costs[worst]:.2f}% ({worst}); "
                       f"median cost over rows: {statistics.median(costs.values()):.2f}%")
            ratios["stats_cost_pct"] = overall
            out.append("")
    text = "\n".join(out)
    print(text)
    with open(os.path.join(args.outdir, "bench.json"), "w") as f:
        json.dump({"kernel": kernel, "target": TARGET, "summary": summ, "ratios": ratios,
                   "runs": raw}, f, indent=1, sort_keys=True)
    if args.markdown:
        write_markdown(args, text)


def write_markdown(args, text):
    section = (f"{BEGIN}\n## Speed parity (make bench)\n\n"
               "Generated by `make bench`; do not edit by hand.\n\n"
               f"- command: `{args.command}`\n"
               + far.series_line() +
               "- guest programs: `fa-bench` (the seed's AIM9 rows as fixed loops, page "
               "faults, a cache job), module `allocbench` (ns per alloc/free per order); "
               "see `guest/fa-bench.c`, `modules/allocbench/`\n"
               "- icount: QEMU `-icount shift=0,sleep=off`, so one guest ns is one guest "
               "instruction and the \"ops/second\" are ops per 10^9 guest instructions; "
               "TCG models no CPU cache, so the cache job can only show instruction "
               "counts, not cache effects; guests boot with `norandmaps` (a fixed "
               "address space layout, so that fork copies the same page tables in "
               "every boot)\n\n"
               "```\n" + text + "\n```\n" + END + "\n")
    try:
        with open(args.markdown) as f:
            old = f.read()
    except FileNotFoundError:
        old = ""
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + section + old[old.index(END) + len(END) + 1:]
    else:
        new = old.rstrip("\n") + ("\n\n" if old else "") + section
    with open(args.markdown, "w") as f:
        f.write(new)


if __name__ == "__main__":
    main()

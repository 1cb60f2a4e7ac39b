#!/usr/bin/env python3
"""check_bench.py RESULTS NAME: assertions on a benchtest boot (no timing
targets: only that every number is there and well formed).
Prints 'PASS|FAIL NAME.check[: why]' lines."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

TESTS = ["creat-clo", "page_test", "brk_test", "jmp_test", "signal_test", "exec_test",
         "fork_test", "link_test", "page_fault1", "page_fault2", "cache"]
MAX_ORDER = 10

results, name = sys.argv[1:3]
evs = far.events(results)


def say(check, ok, why=""):
    print(f"PASS {name}.{check}" if ok else f"FAIL {name}.{check}: {why}")


bad = [e for e in evs if e.get("event") == "badinput"]
say("allocbench.badinput-cases", len(bad) >= 17, f"only {len(bad)} bad-input cases reported")
for e in bad:
    label = f"allocbench.badinput.{e['file']}={e['value'] or 'empty'}".replace(" ", "_")
    say(label, e["refused"] == 1 and e["unchanged"] == 1,
        f"refused={e['refused']} unchanged={e['unchanged']}")

bench = [e for e in evs if e.get("event") == "bench"]
for t in TESTS:
    rows = [e for e in bench if e.get("test") == t]
    if not rows:
        say(f"fa-bench.{t}", False, "not reported")
        continue
    why = []
    for e in rows:
        ops, ns, rate = e.get("ops"), e.get("ns"), e.get("ops_per_s")
        if not all(isinstance(v, (int, float)) for v in (ops, ns, rate, e.get("loops"),
                                                          e.get("user_us"), e.get("sys_us"))):
            why.append(f"missing or non-numeric field in {e}")
            continue
        if ops <= 0 or ns <= 0 or e["loops"] <= 0 or rate <= 0 or not math.isfinite(rate):
            why.append(f"non-positive ops, ns, loops or rate: {e}")
        elif abs(rate - ops * 1e9 / ns) > 0.01 * rate + 0.01:
            why.append(f"ops_per_s {rate} != ops*1e9/ns {ops * 1e9 / ns}")
        if e["user_us"] < 0 or e["sys_us"] < 0:
            why.append(f"negative CPU time: {e}")
    say(f"fa-bench.{t}", not why, "; ".join(why))

ab = [e for e in evs if e.get("event") == "allocbench"]
plan = next((e for e in evs if e.get("event") == "plan"), {})
# the timed allocations only: the warm-up pass is not counted
count = int(plan.get("count", 0))
for cls in ("kernel", "movable"):
    rows = {e["order"]: e for e in ab if e.get("class") == cls}
    missing = [o for o in range(MAX_ORDER + 1) if o not in rows]
    say(f"allocbench.{cls}.orders", not missing, f"orders not reported: {missing}")
    why = [f"order {o}: {e}" for o, e in rows.items()
           if e["allocs"] != count or e["failed"] != 0 or e["alloc_ns"] <= 0 or e["free_ns"] <= 0]
    say(f"allocbench.{cls}.numbers", rows and not why,
        f"not {count} timed allocations, failed ones in a fresh guest, or zero times: " + "; ".join(why[:3]))

fp = [e for e in evs if e.get("event") == "freepages"]
if not fp:
    say("allocbench.no-pages-lost", False, "free pages before/after not reported")
else:
    lost = fp[-1]["before"] - fp[-1]["after"]
    # a page cache or slab page may stay; a leaked order-10 block would not fit
    say("allocbench.no-pages-lost", lost < 256,
        f"{lost} fewer free pages after the bench than before")

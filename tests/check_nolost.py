#!/usr/bin/env python3
"""check_nolost.py RESULTS NAME: no page lost. After each workload and its
cleanup the guest reported (fa_nolost) the free pages and the baseline taken
at rest before any workload (fa_baseline); they must be within 1%, plus
what the stack depot grew by (page_owner and KASAN keep a stack for every
allocation, in pools that are never freed). More free pages than the
baseline is fine (something else was freed). The free lists
and the FALLBACK recount at the same moments are checked by
tests/30-guest.sh's t_guest_checks. Prints 'PASS|FAIL NAME.nolost.TAG[: why]'."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

results, name = sys.argv[1:3]
evs = far.events(results)
marks = [e for e in evs if e.get("event") == "nolost"]
if not any(e.get("event") == "baseline" for e in evs) or not marks:
    print(f"FAIL {name}.nolost: no baseline or no after-workload count reported")
depot0 = next((e.get("depot", 0) for e in evs if e.get("event") == "baseline"), 0)
for e in marks:
    base, free = e["baseline"], e["free"]
    depot = max(0, e.get("depot", 0) - depot0)
    lost = (base - depot - free) / base if base else 1
    verdict = "PASS" if base > 0 and lost <= 0.01 else "FAIL"
    why = "" if verdict == "PASS" else \
        f": {free} free pages after, {base} at the baseline, stack depot grew by {depot}" \
        f" ({lost:.2%} fewer; 1% allowed)"
    print(f"{verdict} {name}.nolost.{e['tag']}{why}")

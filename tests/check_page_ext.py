#!/usr/bin/env python3
"""check_page_ext.py RESULTS NAME: page_ext's tables (page_owner=on) do
not leave free tails in pageblocks they keep. alloc_pages_exact() would
take an order-10 pair of blocks for each 2.25 MiB table of a 128 MiB
section and free the last 1.75 MiB; alloc_page_ext() builds a table that
spans more than a pageblock without filling its last one with vmalloc()
instead, and any other table with alloc_pages_exact(). The mixed scenario
reports the boot log's total and the tables in /proc/vmallocinfo
(fa_page_ext). Prints 'PASS|FAIL NAME.page-ext-tables[: why]'."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

BLOCK = 2 << 20  # x86_64 pageblock: order 9

results, name = sys.argv[1:3]
name += ".page-ext-tables"
ev = next((e for e in far.events(results) if e.get("event") == "page_ext"), None)
if ev is None or int(ev.get("total", 0)) == 0:
    print(f"FAIL {name}: no page_ext total in the boot log (page_owner=on missing?)")
    sys.exit(0)
total, tables, vbytes = (int(ev.get(k, 0)) for k in ("total", "tables", "bytes"))
if tables == 0:
    print(f"FAIL {name}: none of the {total} bytes of page_ext is in vmalloc space"
          " (alloc_pages_exact() leaves their tails in the blocks they keep)")
    sys.exit(0)
table = vbytes // tables
strands = table > BLOCK and table % BLOCK != 0
if vbytes != total or not strands:
    print(f"FAIL {name}: {tables} tables of {table} bytes in vmalloc space,"
          f" {vbytes} of {total} bytes (want every table there, each over a"
          " pageblock and not a whole number of them)")
else:
    print(f"PASS {name}")

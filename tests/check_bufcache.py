#!/usr/bin/env python3
"""check_bufcache.py RESULTS POLICY NAME: where the buffer cache went. The
mixed scenario counts, from page_owner, the pages of the block-device page
cache (ext4's metadata, allocated through __getblk_slow()) per page type
(fa_buffer_cache). Under fragavoid none is movable and some are
reclaimable; under the other policies most are movable, as in stock 6.12
(a few callers ask for unmovable or reclaimable buffers on any policy:
ext4's superblock, for one).
Prints 'PASS|FAIL NAME.buffer-cache[: why]'."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import fa_results as far  # noqa: E402

results, policy, name = sys.argv[1:4]
counts = next((e for e in far.events(results) if e.get("event") == "buffer_cache"), None)
if counts is None:
    print(f"FAIL {name}.buffer-cache: no buffer_cache event (page_owner=on missing?)")
    sys.exit(0)
movable, reclaimable = int(counts.get("Movable", 0)), int(counts.get("Reclaimable", 0))
if policy == "fragavoid":
    ok, want = movable == 0 and reclaimable > 0, "none movable, some reclaimable"
else:
    ok, want = movable > reclaimable, "mostly movable"
why = "" if ok else f": {movable} movable and {reclaimable} reclaimable pages" \
    f" (want {want} under {policy})"
print(f"{'PASS' if ok else 'FAIL'} {name}.buffer-cache{why}")

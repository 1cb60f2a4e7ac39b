# shellcheck shell=bash
# Host side: bad make variables (and boot.sh options) stop before anything
# runs; guest programs reject bad options.

# t_rejects NAME EXPECT CMD...: CMD fails quickly and says EXPECT
t_rejects() {
	local name=$1 expect=$2 out rc
	shift 2
	out=$(timeout 20 "$@" 2>&1)
	rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && grep -q -- "$expect" <<<"$out"; then
		t_pass "$name"
	else
		t_fail "$name" "expected failure saying '$expect', got rc=$rc: $(tail -n 2 <<<"$out")"
	fi
}

cd "$FA_TOP" || exit 1
t_rejects host.make-bad-policy "expected one of: none mobility fragavoid" make -s run POLICIES="none bogus"
t_rejects host.make-empty-policies "POLICIES is empty" make -s run POLICIES=
t_rejects host.make-bad-mem "MEM=12x" make -s run MEM=12x
t_rejects host.make-huge-mem "from 256 to 16384" make -s boot MEM=999999
t_rejects host.make-bad-scenario "SCENARIO='nope'" make -s boot SCENARIO=nope
t_rejects host.make-bad-accel "ACCEL='xen'" make -s test ACCEL=xen
t_rejects host.make-zero-cpus "CPUS=0" make -s boot CPUS=0
t_rejects host.make-zero-repeats "REPEATS=0" make -s run REPEATS=0
t_rejects host.make-bad-experiment "EXPERIMENTS='bogus'" make -s run EXPERIMENTS="highalloc bogus"
t_rejects host.make-empty-experiments "EXPERIMENTS is empty" make -s run EXPERIMENTS=
t_rejects host.make-bad-dimms "expected COUNTxMiB" make -s run DIMMS=four
t_rejects host.make-zero-dimms "DIMMS (count)=0" make -s run DIMMS=0x256
t_rejects host.make-odd-dimm-size "multiple of 128 MiB" make -s run DIMMS=2x200
t_rejects host.make-small-hotremove-mem "HOTREMOVE_MEM=100" make -s run HOTREMOVE_MEM=100
t_rejects host.boot-bad-dimms "expected COUNTxMiB" scripts/boot.sh -D 4 -- smoke
t_rejects host.make-bad-soak-minutes "SOAK_MINUTES=1x" make -s soak SOAK_MINUTES=1x
t_rejects host.make-test-debug-bad-policy "expected one of: none mobility fragavoid" \
	make -s test-debug POLICIES=fragavoid,none
t_check host.make-good-vars "validate.sh refused good values" \
	scripts/validate.sh policies "none mobility" mem 1024 cpus 2 scenario smoke \
	experiments hotremove dimms 4x256 hotremove_mem 1024

# What free memory could hold (the measure of the highalloc targets): per
# zone, free and file LRU pages above the min watermark and the reserve
# that protects the zone from the allocation, in whole blocks.
t_check host.within-reach "fa_results.within_reach miscounts a two-zone node" \
	"$FA_PYTHON" -c 'import sys; sys.path.insert(0, "scripts"); import fa_results as far
zi = """Node 0, zone      DMA
  per-node stats
      nr_inactive_file 99999
  pages free     3840
        min      84
        protection: (0, 1973, 1973, 1973)
      nr_free_pages 3840
      nr_zone_inactive_file 0
      nr_zone_active_file 0
Node 0, zone    DMA32
  pages free     100000
        min      11179
        protection: (0, 0, 0, 0)
      nr_free_pages 100000
      nr_zone_inactive_file 30000
      nr_zone_active_file 2000
Node 0, zone   Normal
  pages free     0
Node 0, zone  Movable
  pages free     0
"""
# DMA: (3840 - 84 - 1973) >> 9 = 3; DMA32: (132000 - 11179) >> 9 = 235
assert far.within_reach(zi, 9, "Movable") == 238, far.within_reach(zi, 9, "Movable")
assert far.within_reach(zi, 10, "Normal") == 1 + 117
assert far.within_reach(zi, 9, "DMA") == (3840 - 84) >> 9'

t_check host.block-fill "fa_results.block_fill miscounts wholly and nearly free blocks" \
	"$FA_PYTHON" -c 'import sys; sys.path.insert(0, "scripts"); import fa_results as far
m = """0 DMA32 4096 Movable 512
0 DMA32 4608 Fallback 511
0 DMA32 5120 Fallback 448
0 DMA32 5632 Fallback 447
0 DMA32 6144 Reclaimable 500
0 DMA32 6656 Movable 0
node zone start_pfn type free_pages
"""
f = far.block_fill(m, 512)
# 448 free is 64 in use, still nearly free; 447 free is not
assert f == {"whole": 1, "nearly": {"Fallback": 2, "Reclaimable": 1},
             "nearly_free": 511 + 448 + 500, "nearly_pinned": None}, f
# pinned blocks are pfn / 512: 9 (4608, nearly free), 11 (5632, not nearly
# free) and 13 (6656, full) count for nothing but block 9
f = far.block_fill(m, 512, [9, 11, 13])
assert f["nearly_pinned"] == {"Fallback": 1}, f
assert far.block_fill(m, 512, [])["nearly_pinned"] == {}
# the table shows the pinned rows only when every boot named its blocks
import report
def table(*fills):
    out = []
    report.fill_table({"fragavoid": [{"metrics": {"rest": {"fill": x}}} for x in fills]}, out)
    return "\n".join(out)
assert "holding a non-movable page" in table(f) and "of those Fallback" in table(f), table(f)
assert "non-movable" not in table(f, far.block_fill(m, 512)), table(f, far.block_fill(m, 512))'

# guest/pinners.awk (run by busybox awk in the guest, on page_owner's
# records): pages summed per site in non-movable blocks and non-movable
# pages in movable blocks, the first frame
# outside the allocators, blocks with a non-movable page counted once, and
# the free pages inside them from the block map; a page whose every frame
# is the allocator's still counts, as site "-"
t_check host.pinners "guest/pinners.awk misreads page_owner records" \
	sh -c 'sum=$(mktemp) && printf "%s\n" "0 DMA32 4608 Fallback 100" "0 DMA32 5120 Fallback 7" \
	"0 DMA32 5632 Movable 300" "0 DMA32 6144 Movable 512" >"$sum.map" && printf "%s\n" \
"Page allocated via order 1, mask 0x52cd0(GFP_KERNEL), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1200 type Reclaimable Block 9 type Fallback Flags 0x0()" \
" post_alloc_hook+0x1/0x2" " get_page_from_freelist+0x1/0x2" " allocate_slab+0x1/0x2" \
" kmem_cache_alloc_lru_noprof+0x1/0x2" " alloc_buffer_head+0x1/0x2" " foo+0x1/0x2" "" \
"Page allocated via order 0, mask 0x52cd0(GFP_KERNEL), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1300 type Reclaimable Block 9 type Fallback Flags 0x0()" \
" alloc_buffer_head+0x1/0x2" "" \
"Page allocated via order 0, mask 0x140cca(GFP_HIGHUSER_MOVABLE), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1400 type Movable Block 10 type Fallback Flags 0x0()" \
" handle_mm_fault+0x1/0x2" "" \
"Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1600 type Unmovable Block 11 type Movable Flags 0x0()" \
" copy_process+0x1/0x2" "" \
"Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1a00 type Unmovable Block 13 type Movable Flags 0x0()" \
" post_alloc_hook+0x1/0x2" " get_page_from_freelist+0x1/0x2" "" |
		busybox awk -v sum="$sum" -v map="$sum.map" -v ppb=512 -f guest/pinners.awk | sort >"$sum.out" &&
		printf "%s\n" "1 1 Movable Fallback handle_mm_fault" \
			"1 1 Unmovable Movable -" \
			"1 1 Unmovable Movable copy_process" \
			"3 1 Reclaimable Fallback alloc_buffer_head" | diff - "$sum.out" &&
		grep -qx "blocks_with_nonmovable 3" "$sum" &&
		grep -qx "free_in_those_blocks 400" "$sum" &&
		[ "$(grep "^pinned_block " "$sum" | sort)" = "$(printf "%s\n" "pinned_block 11" "pinned_block 13" "pinned_block 9")" ]; rc=$?; rm -f "$sum" "$sum.out" "$sum.map"; exit $rc'
# guest/pinners.awk with -v nearly: per site, the nearly free blocks (the
# map's, 64 pages in use or fewer) in which it has a page that cannot move,
# and those in which it is the only one; a movable page holds no block, a
# block that is not nearly free or not in the map is not counted; without
# the map, no such line at all (not a count of none)
t_check host.pinners-nearly "guest/pinners.awk miscounts the nearly free blocks a site holds" \
	sh -c 'sum=$(mktemp) && printf "%s\n" "0 DMA32 10240 Fallback 500" "0 DMA32 10752 Fallback 480" \
	"0 DMA32 11264 Fallback 100" "0 DMA32 11776 Movable 510" >"$sum.map" && rec() {
		printf "%s\n" "Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 (sh), ts 1 ns" \
			"PFN $1 type $2 Block $3 type $4 Flags 0x0()" " $5+0x1/0x2" ""
	} && { rec 0x2800 Unmovable 20 Fallback copy_process
		rec 0x2a00 Unmovable 21 Fallback copy_process
		rec 0x2a01 Reclaimable 21 Fallback __d_alloc
		rec 0x2c00 Unmovable 22 Fallback pipe_write
		rec 0x2e00 Movable 23 Movable handle_mm_fault
		rec 0x2e01 Reclaimable 23 Movable alloc_inode
		rec 0x3000 Unmovable 24 Fallback foo; } >"$sum.po" &&
		busybox awk -v sum="$sum.nomap" -v ppb=512 -v nearly=64 -f guest/pinners.awk \
			"$sum.po" >/dev/null && ! grep -q "^nearly_" "$sum.nomap" &&
		busybox awk -v sum="$sum" -v map="$sum.map" -v ppb=512 -v nearly=64 \
			-f guest/pinners.awk "$sum.po" >/dev/null &&
		grep "^nearly_" "$sum" | sort | diff - /dev/fd/3 3<<EOT; rc=$?; rm -f "$sum" "$sum".*; exit $rc
nearly_held 0 1 Reclaimable __d_alloc
nearly_held 1 1 Reclaimable alloc_inode
nearly_held 1 2 Unmovable copy_process
nearly_pinned 3
EOT'
# guest/lib.sh counts nearly free blocks as fa_results does
t_check host.nearly-free-used "guest/lib.sh FA_NEARLY_FREE_USED differs from fa_results.NEARLY_FREE_USED" \
	"$FA_PYTHON" -c 'import re, sys; sys.path.insert(0, "scripts"); import fa_results as far
v = re.search(r"^FA_NEARLY_FREE_USED=(\d+)$", open("guest/lib.sh").read(), re.M)
assert v and int(v.group(1)) == far.NEARLY_FREE_USED, v'
# guest/bufcache.awk (busybox awk in the guest): the buffer cache's pages
# per page type, a folio counted by its order, and the buffer_heads' slab
# pages allocated under __getblk_slow() and other page cache left out
t_check host.bufcache "guest/bufcache.awk misreads page_owner records" \
	sh -c 'printf "%s\n" \
"Page allocated via order 0, mask 0x48c50(GFP_NOFS|__GFP_NOFAIL|__GFP_RECLAIMABLE), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1200 type Reclaimable Block 9 type Reclaimable Flags 0x0()" \
" post_alloc_hook+0x1/0x2" " filemap_alloc_folio_noprof+0x1/0x2" " __filemap_get_folio+0x1/0x2" \
" __getblk_slow+0x1/0x2" " bdev_getblk+0x1/0x2" "" \
"Page allocated via order 2, mask 0x48c48(GFP_NOFS|__GFP_NOFAIL|__GFP_MOVABLE), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1300 type Movable Block 9 type Movable Flags 0x0()" \
" __filemap_get_folio+0x1/0x2" " __getblk_slow+0x1/0x2" "" \
"Page allocated via order 0, mask 0x52c50(GFP_NOFS|__GFP_RECLAIMABLE), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1400 type Reclaimable Block 10 type Reclaimable Flags 0x0()" \
" allocate_slab+0x1/0x2" " alloc_buffer_head+0x1/0x2" " __getblk_slow+0x1/0x2" "" \
"Page allocated via order 0, mask 0x140cca(GFP_HIGHUSER_MOVABLE), pid 1, tgid 1 (sh), ts 1 ns" \
"PFN 0x1500 type Movable Block 10 type Movable Flags 0x0()" \
" __filemap_get_folio+0x1/0x2" " ext4_write_begin+0x1/0x2" "" |
		busybox awk -f guest/bufcache.awk | tr " " "\n" | sed "/^\$/d" | paste -d " " - - | sort |
		diff - /dev/fd/3 3<<EOT
Movable 4
Reclaimable 1
EOT'

t_check host.pinners-parse "fa_results.pinners misreads the guest table" \
	"$FA_PYTHON" -c 'import sys; sys.path.insert(0, "scripts"); import fa_results as far
p = far.pinners("blocks_with_nonmovable 57\nfree_in_those_blocks 9000\n"
                "pages blocks page_type block_type first_frame\n"
                "1099 57 Reclaimable Fallback alloc_buffer_head\n")
assert p["pinned_blocks"] == 57 and p["pinned_free"] == 9000, p
assert p["rows"] == [{"pages": 1099, "blocks": 57, "page_type": "Reclaimable",
                      "block_type": "Fallback", "site": "alloc_buffer_head"}], p
assert p["pinned"] is None, p
assert far.pinners("") == {"pinned_blocks": None, "pinned": None, "pinned_free": None,
                           "rows": [], "nearly_pinned": None, "nearly_held": None}
# each pinned block listed: the list; one missing: None, not a short list
assert far.pinners("blocks_with_nonmovable 2\npinned_block 12\npinned_block 9\n"
                   )["pinned"] == [9, 12]
assert far.pinners("blocks_with_nonmovable 2\npinned_block 12\n")["pinned"] is None
# the nearly free blocks each site holds: none reported is not none held
assert far.pinners("")["nearly_held"] is None and far.pinners("")["nearly_pinned"] is None
n = far.pinners("nearly_pinned 3\nnearly_held 1 2 Unmovable copy_process\n"
                "nearly_held 0 1 Reclaimable __d_alloc\n")
assert n["nearly_pinned"] == 3 and n["rows"] == [], n
assert n["nearly_held"] == {"Unmovable copy_process": [1, 2], "Reclaimable __d_alloc": [0, 1]}, n
assert far.pinners("nearly_pinned 0\n")["nearly_held"] == {}
assert far.outside_pinned(942, 18428, 9, 512) == 907
assert far.outside_pinned(10, 18428, 9, 512) == 0
assert far.outside_pinned(942, 18428, 4, 512) is None'

# The at-rest pinners table says what the boot had pinned before the load,
# and past its largest rows, the small ones of MOVABLE blocks
t_check host.pinners-boot "report.py's pinners table lacks the blocks pinned before the load or a MOVABLE block's row" \
	"$FA_PYTHON" -c 'import sys; sys.path.insert(0, "scripts"); import fa_results as far, report
rest = far.pinners("blocks_with_nonmovable 76\nfree_in_those_blocks 26725\n"
                   "1 1 Unmovable Fallback copy_process\n")
boot = far.pinners("blocks_with_nonmovable 33\nfree_in_those_blocks 5632\n")
out = []
report.pinner_table({"fragavoid": [{"pinners": rest, "pinners_boot": boot}]}, out)
text = "\n".join(out)
assert "76 blocks hold" in text and "104 MiB free inside them" in text, text
assert "before the load, 33 blocks with 22 MiB free inside" in text, text
# past the largest rows, only those of MOVABLE blocks
rows = "".join("%d 1 Unmovable Fallback site%d\n" % (100 - i, i) for i in range(3))
rest = far.pinners(rows + "1 1 Unmovable Fallback small\n1 1 Reclaimable Movable stray\n")
out = []
report.pinner_table({"fragavoid": [{"pinners": rest, "pinners_boot": boot}]}, out, top=3)
text = "\n".join(out)
assert "site2" in text and "stray" in text and "small" not in text, text'

# The table of nearly free blocks per site: means over the repeats, the
# sites that alone hold the most first, and the blocks no one site holds
t_check host.nearly-held-table "report.py's table of nearly free blocks per site is wrong" \
	"$FA_PYTHON" -c 'import sys; sys.path.insert(0, "scripts"); import fa_results as far, report
a = far.pinners("nearly_pinned 4\nnearly_held 1 3 Unmovable copy_process\n"
                "nearly_held 2 2 Reclaimable alloc_inode\n")
b = far.pinners("nearly_pinned 2\nnearly_held 0 1 Unmovable copy_process\n"
                "nearly_held 0 2 Reclaimable alloc_inode\n")
old = far.pinners("blocks_with_nonmovable 2\n")
out = []
report.nearly_held_table({"fragavoid": [{"pinners": a}, {"pinners": b}],
                          "mobility": [{"pinners": old}]}, out)
text = "\n".join(out)
lines = [ln.split() for ln in out]
assert "mobility" not in text, text
assert ["held", "by", "two", "sites", "or", "more", "1.5"] in lines, text
rows = [ln for ln in lines if ln[0] in ("Unmovable", "Reclaimable")]
assert rows == [["Reclaimable", "alloc_inode", "1.0", "of", "2.0"],
                ["Unmovable", "copy_process", "0.5", "of", "2.0"]], text
out = []
report.nearly_held_table({"mobility": [{"pinners": old}]}, out)
assert out == [], out'

# guest/sample.awk (busybox awk in the guest, once a second during the
# attempts) and fa_results.samples: one event per sample, the memory in kB,
# free order-9 blocks counting an order-10 block twice, time from the first
t_check host.samples "guest/sample.awk or fa_results.samples misreads /proc" \
	sh -c 'd=$(mktemp -d) && echo "100.50 12.00" >"$d/uptime" &&
printf "%s\n" "MemFree:  1000 kB" "Active(file):  300 kB" "Inactive(file):  200 kB" \
	"AnonPages:  64 kB" "Slab:  50 kB" "KernelStack:  16 kB" "PageTables:  8 kB" >"$d/meminfo" &&
printf "%s\n" "Node 0, zone      DMA      0 0 0 0 0 0 0 0 1 1 3" \
	"Node 0, zone    DMA32      2 4 2 2 1 2 0 3 3 5 7" >"$d/buddyinfo" &&
printf "%s\n" "compact_stall 7" "compact_success 3" "pgmigrate_success 900" "isolate_block_success 4" \
	"pgscan_kswapd 10" "pgscan_direct 5" >"$d/vmstat" &&
for t in 100.50 102.75; do echo "$t 1" >"$d/uptime"
	busybox awk -v tag=load -f guest/sample.awk "$d/uptime" "$d/meminfo" "$d/buddyinfo" "$d/vmstat"
done >"$d/out" && "$0" -c "import sys; sys.path.insert(0, \"scripts\"); import fa_results as far
s = far.samples(far.events(sys.argv[1]))
assert list(s) == [\"load\"] and len(s[\"load\"]) == 2, s
a, b = s[\"load\"]
assert (a[\"t\"], b[\"t\"]) == (0, 2.25), s
assert (a[\"free\"], a[\"file\"], a[\"anon\"], a[\"slab\"], a[\"kernel\"]) == (1000, 500, 64, 50, 24), a
assert a[\"blocks9\"] == 1 + 2 * 3 + 5 + 2 * 7, a
assert (a[\"compact_stall\"], a[\"pgmigrate_success\"], a[\"pgscan\"], a[\"isolate_block_success\"]) == (7, 900, 15, 4), a" "$d/out"
rc=$?; rm -rf "$d"; exit $rc' "$FA_PYTHON"

g=$FA_BUILD/guest
t_rejects guest.fragload-negative "expected 1..86400" "$g/fragload" --seconds -1
t_rejects guest.fragload-junk "expected 0..256" "$g/fragload" --procs 4x
t_rejects guest.fragload-extra-arg "usage" "$g/fragload" stray
t_rejects guest.fragload-root-alone "go together" "$g/fragload" --root /
t_rejects guest.fragload-build-relative "expected an absolute path" "$g/fragload" --root / --build linux
t_rejects guest.fragload-build-in-mnt "under /mnt" "$g/fragload" --root / --build /mnt/linux
t_rejects guest.fragload-jobs-zero "expected 1..64" "$g/fragload" --jobs 0
t_rejects host.run-build-relative "expected an absolute path" scripts/run.sh -o "$T_OUT/run-bad" -a "fa.build=linux" none
t_rejects host.run-build-no-tree "no source tree there" scripts/run.sh -o "$T_OUT/run-bad" -a "fa.build=/nonexistent" none
t_rejects guest.fa-report-no-file "usage" "$g/fa-report"
t_check guest.fragload-help "--help failed" "$g/fragload" --help
t_rejects guest.fa-poke-bad-uid "expected 0..65535" "$g/fa-poke" --uid -1 /dev/null
t_rejects guest.fa-poke-bad-escape "malformed escape" "$g/fa-poke" --write 'a\q' /dev/null
t_rejects guest.fa-poke-two-files "usage" "$g/fa-poke" /dev/null /dev/null
t_check guest.fa-poke-help "--help failed" "$g/fa-poke" --help
printf 'a"b\\c\n\t\001' >"$T_OUT/esc"
t_check guest.fa-report-escapes "fa-report output does not round-trip through JSON" \
	"$FA_PYTHON" -c 'import json, subprocess, sys
raw = open(sys.argv[2], "rb").read().decode()
line = subprocess.check_output([sys.argv[1], "-t", "t", sys.argv[2]], text=True)
assert line.startswith("@@fa ") and json.loads(line[5:])["text"] == raw' "$g/fa-report" "$T_OUT/esc"
head -c $((1024 * 1024 + 1)) /dev/zero | tr '\0' x >"$T_OUT/big"
t_check guest.fa-report-truncates "fa-report passed a file over 1 MiB off as whole" \
	"$FA_PYTHON" -c 'import json, subprocess, sys
p = subprocess.run([sys.argv[1], sys.argv[2]], capture_output=True, text=True)
ev = json.loads(p.stdout[5:])
assert p.returncode == 1 and "truncated" in p.stderr, (p.returncode, p.stderr)
assert ev["truncated"] is True and len(ev["text"]) == 1 << 20, len(ev["text"])
p = subprocess.run([sys.argv[1], sys.argv[3]], capture_output=True, text=True)
assert p.returncode == 0 and "truncated" not in json.loads(p.stdout[5:]), p' "$g/fa-report" "$T_OUT/big" "$T_OUT/esc"

# khugepaged's verdicts: a THP fault that gets small pages stops the test
# (exit 1, no "Fail" step); under a stock policy that is a skip naming it,
# under fragavoid a failure; any other early exit names where and what it
# printed.
t_check host.kselftest-khugepaged "check_kselftest.py misjudges khugepaged's early exits" \
	"$FA_PYTHON" -c 'import json, subprocess, sys
def verdict(name, out):
    with open(sys.argv[2], "w") as f:
        for e in ({"event": "kselftest", "name": "khugepaged", "rc": 1, "seconds": 40, "limit": 300},
                  {"event": "file", "tag": "kselftest:khugepaged", "path": "out", "text": out}):
            f.write("@@fa " + json.dumps(e) + "\n")
    return subprocess.check_output([sys.executable, sys.argv[1], sys.argv[2], name, "khugepaged"],
                                   text=True)
thp = ("\nRun test: collapse_compound_extreme (khugepaged:anon)\n\rConstruct PTE page table full"
       " of different PTE-mapped compound pages  37/512...Failed to allocate huge page\n")
v = verdict("kselftest.mobility", thp)
assert v.startswith("SKIP kselftest.mobility.khugepaged: a THP fault") and "37/512" in v, v
v = verdict("kselftest.fragavoid", thp)
assert v.startswith("FAIL kselftest.fragavoid.khugepaged: 1 steps") and "37/512" in v, v
v = verdict("kselftest.mobility", "\nRun test: collapse_fork (madvise:anon)\nmremap+unmap: Cannot allocate memory\n")
assert v.startswith("FAIL kselftest.mobility.khugepaged") and "stopped in collapse_fork" in v \
    and "Cannot allocate memory" in v, v' tests/check_kselftest.py "$T_OUT/khugepaged.results"

# A console report that is only a stack dump (the OOM killer, an allocation
# failure) is quoted with the lines above it, which say what it was; a clean
# console passes.
printf '%s\n' '[   11.9] fragload invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0' \
	'[   11.9] CPU: 1 UID: 0 PID: 77 Comm: fragload' '[   12.0] Call Trace:' '[   12.0]  <TASK>' \
	>"$T_OUT/oom.console"
printf '[    0.0] Linux version 6.12\n' >"$T_OUT/clean.console"
# shellcheck disable=SC2016 # the inner script expands its own arguments
t_check host.console-quotes-headline "t_console does not quote what a bare Call Trace was" \
	bash -c '. "$1"; out=$(t_console c "$2"); grep -q "^FAIL c: kernel report in" <<<"$out" &&
		grep -q "^1-.*invoked oom-killer" <<<"$out" && grep -q "^3:.*Call Trace" <<<"$out" &&
		[ "$(t_console c "$3")" = "PASS c" ]' _ "$TESTS/lib.sh" "$T_OUT/oom.console" "$T_OUT/clean.console"

# guest/page_ext.awk (busybox awk in the guest): page_ext's tables in
# /proc/vmallocinfo, a guard page off each, their page arrays and other
# callers left out; and check_page_ext.py's verdicts on what it reports
t_check host.page-ext-awk "guest/page_ext.awk misreads /proc/vmallocinfo" \
	sh -c 'printf "%s\n" \
"0x01-0x02 2363392 init_section_page_ext+0x97/0x100 pages=576 vmalloc vpages N0=576" \
"0x02-0x03   12288 init_section_page_ext+0x97/0x100 pages=2 vmalloc N0=2" \
"0x03-0x04 2363392 alloc_page_ext+0x40/0x90 pages=576 vmalloc vpages N0=576" \
"0x04-0x05 2363392 alloc_large_system_hash+0x1/0x2 pages=576 vmalloc N0=576" |
		busybox awk -f guest/page_ext.awk | grep -qx "tables 2 bytes 4718592"'
t_check host.page-ext-check "check_page_ext.py misjudges where the tables are" \
	"$FA_PYTHON" -c 'import json, subprocess, sys
def verdict(total, tables, nbytes):
    with open(sys.argv[2], "w") as f:
        e = {"event": "page_ext", "total": str(total), "tables": str(tables), "bytes": str(nbytes)}
        f.write("@@fa " + json.dumps(e) + "\n")
    return subprocess.check_output([sys.executable, sys.argv[1], sys.argv[2], "g"], text=True)
t = 2359296
assert verdict(8 * t, 8, 8 * t) == "PASS g.page-ext-tables\n"
for v in (verdict(8 * t, 0, 0), verdict(8 * t, 7, 7 * t), verdict(0, 0, 0),
          verdict(8 << 21, 8, 8 << 21)):
    assert v.startswith("FAIL g.page-ext-tables: "), v' tests/check_page_ext.py "$T_OUT/page_ext.results"
# run.sh clears the boot files of the experiments it runs and no others:
# a hot-remove run (stopped at once here: no kernel in FA_BUILD) keeps the
# highalloc boots that the report of the last full run was made from
t_check host.run-clears-own-files "run.sh -e hotremove cleared another experiment's boot files, or not its own" \
	sh -c 'd=$(mktemp -d) && mkdir "$d/hotremove" &&
		touch "$d/fragavoid-r1.results" "$d/hotremove/mobility-r1.results" &&
		{ FA_BUILD="$d/build" scripts/run.sh -o "$d" -e hotremove mobility >/dev/null 2>&1; true; } &&
		[ -e "$d/fragavoid-r1.results" ] && [ ! -e "$d/hotremove/mobility-r1.results" ]; rc=$?
		rm -rf "$d"; exit "$rc"'

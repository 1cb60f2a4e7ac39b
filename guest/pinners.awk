# pinners.awk: page_owner's records (/sys/kernel/debug/page_owner) to the
# table of guest/lib.sh fa_pinners: "pages blocks page_type block_type site"
# for the allocated pages of blocks that are not MOVABLE and the non-movable
# pages of MOVABLE blocks, per page type, block type and first stack frame
# outside the allocators; and, to the
# file named by -v sum=FILE, "blocks_with_nonmovable N": the blocks that
# hold a page of any type but movable, "pinned_block N" for each of them
# (pfn / ppb, as page_owner's "Block N"), and with -v map=FILE (the
# /sys/kernel/debug/page_grouping/blocks map: node zone start_pfn type
# free_pages) and -v ppb=pages per block, "free_in_those_blocks N": their
# free pages, which no allocation of a whole block can use unless the
# non-movable pages move; with -v nearly=N as well, for each page type and
# site with a non-movable page in a nearly free block (N pages or fewer in
# use), "nearly_held ALONE HELD page_type site": the nearly free blocks in
# which that site's pages are the only ones that cannot move, and all those
# in which it has one; and "nearly_pinned N": the nearly free blocks with
# such a page. Busybox awk (no ^ operator).
/^Page allocated via order/ {
	n = 1
	for (i = $5 + 0; i > 0; i--)
		n *= 2
	frame = ""; pt = ""; next
}
/^PFN / { pt = $4; block = $6; bt = $8; next }
# The first frame that is not the allocator itself names the user
/^ / && pt != "" && frame == "" {
	f = $1; sub(/\+.*/, "", f)
	if (f !~ /^(get_page_from_freelist|__alloc_pages|alloc_pages|__alloc_frozen|__folio_alloc|folio_alloc|pagetable_alloc|__pte_alloc|pte_alloc_one|__pmd_alloc|__pud_alloc|vm_area_alloc_pages|__vmalloc|alloc_slab_page|allocate_slab|new_slab|___slab_alloc|__slab_alloc|kmem_cache_alloc|__kmem_cache_alloc|__kmalloc|___kmalloc|kmalloc|post_alloc_hook|prep_new_page|__get_free_pages|get_zeroed_page)/)
		frame = f
	next
}
/^$/ {
	if (pt != "" && pt != "Movable" && !(block in pinned)) {
		pinned[block] = 1
		npinned++
	}
	if (pt != "" && pt != "Movable") {
		k = pt " " (frame != "" ? frame : "-")
		if (!((k, block) in holds)) {
			holds[k, block] = 1
			nkeys[block]++
		}
	}
	# A record without a frame outside the allocators still counts, as "-"
	if (pt != "" && (bt != "Movable" || pt != "Movable")) {
		k = pt " " bt " " (frame != "" ? frame : "-")
		pages[k] += n
		if (!((k, block) in seen)) { seen[k, block] = 1; blocks[k]++ }
	}
	pt = ""; frame = ""
}
END {
	printf "blocks_with_nonmovable %d\n", npinned >sum
	if (map != "" && ppb > 0) {
		while ((getline line < map) > 0) {
			split(line, f, " ")
			if (int(f[3] / ppb) in pinned)
				stranded += f[5]
			if (f[5] < ppb && f[5] >= ppb - nearly)
				nearly_free[int(f[3] / ppb)] = 1
		}
		printf "free_in_those_blocks %d\n", stranded >sum
		if (nearly > 0)
			nearly_held()
	}
	for (b in pinned)
		printf "pinned_block %d\n", b >sum
	for (k in pages)
		printf "%d %d %s\n", pages[k], blocks[k], k
}

# Per site, the nearly free blocks it holds, and those it alone holds: the
# blocks that placing that site's pages elsewhere would have left whole
function nearly_held(	kb, a, k, b, n) {
	for (b in nkeys)
		if (b in nearly_free)
			n++
	printf "nearly_pinned %d\n", n >sum
	for (kb in holds) {
		split(kb, a, SUBSEP)
		if (!(a[2] in nearly_free))
			continue
		held[a[1]]++
		if (nkeys[a[2]] == 1)
			alone[a[1]]++
	}
	for (k in held)
		printf "nearly_held %d %d %s\n", alone[k], held[k], k >sum
}

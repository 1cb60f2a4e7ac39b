# bufcache.awk: page_owner's records (/sys/kernel/debug/page_owner) to the
# pages of the buffer cache per page type, for guest/lib.sh fa_buffer_cache:
# " Movable 1200 Reclaimable 3" on one line. The buffer cache is the block
# device's page cache, allocated by __filemap_get_folio() on behalf of
# __getblk_slow(); the buffer_heads' slab pages, allocated under the same
# caller, are not counted. Busybox awk (no ^ operator).
/^Page allocated via order/ {
	n = 1
	for (i = $5 + 0; i > 0; i--)
		n *= 2
	pt = ""; folio = 0; next
}
/^PFN / { pt = $4; next }
/^ __filemap_get_folio\+/ { folio = 1; next }
/^ __getblk_slow\+/ && folio && pt != "" { pages[pt] += n; pt = "" }
END {
	for (t in pages)
		printf " %s %d", t, pages[t]
	print ""
}

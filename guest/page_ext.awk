# page_ext's tables in vmalloc space, from /proc/vmallocinfo: one line
# "tables N bytes B". Each area is one 4 KiB guard page larger than its
# table. vmalloc() puts the page array of a table above a page in an area
# of its own, with the same caller: a few pages against the table's
# hundreds, so areas under 64 KiB are not counted. The caller is
# alloc_page_ext() or, where the compiler inlined it, its only caller.
$3 ~ /^(alloc_page_ext|init_section_page_ext)\+/ && $2 - 4096 >= 65536 {
	n++
	bytes += $2 - 4096
}
END { printf "tables %d bytes %d\n", n, bytes }

#!/usr/bin/env bash
# Export the commits on top of "base" in build/linux back into patches/ as
# git format-patch files plus the series file, and record the tree as
# matching them (so `make tree` keeps it).
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$FA_SRC/.git" ] || die "export" "" "no kernel tree at $FA_SRC (make tree)"
[ -z "$(git -C "$FA_SRC" status --porcelain --untracked-files=no)" ] ||
	die "export" "" "$FA_SRC has uncommitted changes: commit them (git commit --amend, or a fixup) first"
untracked=$(git -C "$FA_SRC" status --porcelain | sed -n 's/^?? //p')
[ -z "$untracked" ] || warn "untracked files in $FA_SRC are not exported: $untracked"

rm -f "$FA_TOP"/patches/[0-9][0-9][0-9][0-9]-*.patch
# a fixed hash length, so that the files do not change with the size of the tree's object store
git -C "$FA_SRC" format-patch -q --no-signature --zero-commit -N --abbrev=9 \
	-o "$FA_TOP/patches" base..HEAD
{
	echo "# The fragavoid series, in order. Base: patches/BASE."
	(cd "$FA_TOP/patches" && ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null)
} >"$FA_TOP/patches/series"
echo "linux-source-6.12 $(fa_installed_version)" >"$FA_TOP/patches/BASE"

# The tree now is what the series describes: stamp it as such.
fa_series_stamp >"$FA_SRC/.git/fa-stamp"
git -C "$FA_SRC" rev-parse HEAD >"$FA_SRC/.git/fa-stamp.head"
info "exported $(grep -vc '^#' "$FA_TOP/patches/series") patches to patches/"

#!/usr/bin/env bash
# Extract Debian's linux-source-6.12 into build/linux and apply the series in
# patches/ as git commits on top of a "base" tag. A developer edits there and
# runs `make export-patches`. The tree is rebuilt only when the series or the
# installed source changed, and never over uncommitted or unexported work.
set -eu
. "$(dirname "$0")/lib.sh"

tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || die "kernel source" "" "$tarball missing: run 'make deps'"
installed=$(fa_installed_version)
base=$(fa_base_version)
stamp_file=$FA_SRC/.git/fa-stamp

want=$(fa_series_stamp)

if [ -d "$FA_SRC/.git" ]; then
	have=$(cat "$stamp_file" 2>/dev/null || true)
	if [ "$have" = "$want" ]; then
		info "kernel tree: up to date ($FA_SRC)"
		exit 0
	fi
	# Rebuild only a tree that holds nothing the patches/ directory lacks.
	if [ -n "$(git -C "$FA_SRC" status --porcelain --untracked-files=no)" ] ||
	   [ "$(git -C "$FA_SRC" rev-parse HEAD)" != "$(cat "$stamp_file.head" 2>/dev/null)" ]; then
		die "kernel tree" "" "$FA_SRC has work that is not in patches/ (uncommitted changes, or commits not exported). Run 'make export-patches' to keep it, or 'make tree-reset' to drop it."
	fi
	step "kernel tree: series or source changed, re-applying"
	rm -rf "$FA_SRC"
fi

if [ "$installed" != "$base" ]; then
	warn "installed linux-source-6.12 is $installed; the series was last rebased on $base"
fi

step "extracting $tarball ($installed)"
tmp=$FA_BUILD/extract.tmp
rm -rf "$tmp" && mkdir -p "$tmp"
run_logged "extract" "$FA_LOGS/extract.log" tar -C "$tmp" -xf "$tarball"
mv "$tmp/linux-source-6.12" "$FA_SRC" && rmdir "$tmp"

step "importing the tree into git (base commit)"
git_init() {
	cd "$FA_SRC"
	git init -q
	git config user.name "fragavoid developers"
	git config user.email "dev@fragavoid.invalid"
	git config core.autocrlf false
	git config gc.auto 0	# a repack of 80k files would steal the build's CPUs
	# Debian's tarball ignores everything at the top level ("/*"), which
	# would hide every new file a developer adds: drop that block.
	sed -i '/^# Debian packaging: ignore everything/,$d' .gitignore
	git add -A
	git commit -q -m "linux-source-6.12 $installed (Debian)" \
		-m "Debian's top-level '/*' rule removed from .gitignore."
	git tag base
}
run_logged "git import" "$FA_LOGS/git-import.log" git_init

n=0
total=$(grep -vc '^#\|^$' "$FA_TOP/patches/series" || true)
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	info "applying [$n/$total] $p"
	if ! git -C "$FA_SRC" am -q --keep-cr "$FA_TOP/patches/$p" >"$FA_LOGS/git-am.log" 2>&1; then
		git -C "$FA_SRC" am --abort >/dev/null 2>&1 || true
		die "apply series" "$FA_LOGS/git-am.log" \
			"patch $p does not apply to linux-source-6.12 $installed (series last rebased on $base). Rebase the series in $FA_SRC, then 'make export-patches'."
	fi
done <"$FA_TOP/patches/series"

echo "$want" >"$stamp_file"
git -C "$FA_SRC" rev-parse HEAD >"$stamp_file.head"
info "kernel tree ready: $FA_SRC ($n patches on base $installed)"

# fragavoid: Fragmentation Avoidance V19 on Linux 6.12, measured in QEMU.
# The two commands a newcomer needs are `make run` and `make test`; see
# README.md. Everything else here is a step they depend on.

SHELL := /bin/bash
POLICIES ?= none mobility fragavoid
POLICY   ?= fragavoid
SCENARIO ?= smoke
MEM      ?= 2048
CPUS     ?= 2
TIMEOUT  ?= 7200
REPEATS  ?= 1
ACCEL    ?= tcg
OUT      ?= out
ARGS     ?=
EXPERIMENTS   ?= highalloc hotremove
HOTREMOVE_MEM ?= 1024
DIMMS         ?= 4x256
SOAK_MINUTES  ?= 30
export ACCEL

# Check every variable before anything long runs.
ifneq ($(filter run results test test-debug soak boot bench,$(or $(MAKECMDGOALS),all)),)
FA_BAD := $(shell scripts/validate.sh policies "$(POLICIES)" policy "$(POLICY)" \
	scenario "$(SCENARIO)" mem "$(MEM)" cpus "$(CPUS)" timeout "$(TIMEOUT)" \
	accel "$(ACCEL)" repeats "$(REPEATS)" experiments "$(EXPERIMENTS)" \
	hotremove_mem "$(HOTREMOVE_MEM)" dimms "$(DIMMS)" minutes "$(SOAK_MINUTES)" >&2 || echo bad)
ifneq ($(FA_BAD),)
$(error invalid make variables (see above); nothing was built or run)
endif
endif

all: kernel initramfs

deps:
	@scripts/deps.sh

tree: deps
	@scripts/tree.sh

kernel: tree
	@scripts/build-kernel.sh

modules: kernel
	@scripts/build-modules.sh

initramfs: kernel modules
	@scripts/build-initramfs.sh

# The kernel's mm and memory-hotplug selftests, static, as an initramfs
# archive appended to the guest's (build/initramfs-kselftest.cpio.gz)
selftests: initramfs
	@scripts/build-selftests.sh

# One boot: make boot SCENARIO=smoke POLICY=none [MEM=1024] [ARGS="..."]
# (with fa.build=TREE in ARGS, this machine's root is shared for
# fragload's realistic mode)
boot: all
	@scripts/boot.sh -m $(MEM) -c $(CPUS) -t $(TIMEOUT) $(if $(findstring fa.build=,$(ARGS)),-r) \
		-o $(CURDIR)/build/logs/boot-$(SCENARIO)-$(POLICY) \
		-- $(SCENARIO) page_grouping=$(POLICY) $(ARGS)

# The main job: the experiments, side by side for each placement policy.
RUN_ARGS = -m $(MEM) -c $(CPUS) -t $(TIMEOUT) -n $(REPEATS) -o $(OUT) -a "$(ARGS)" \
	-e "$(EXPERIMENTS)" -H $(HOTREMOVE_MEM) -D $(DIMMS) $(POLICIES)
run: all
	@scripts/run.sh $(RUN_ARGS)

# The same, and docs/RESULTS.md regenerated from it: each experiment's
# section (EXPERIMENTS=hotremove regenerates only that one).
results: all
	@FA_MARKDOWN=$(CURDIR)/docs/RESULTS.md \
	FA_COMMAND="make results EXPERIMENTS='$(EXPERIMENTS)' REPEATS=$(REPEATS) MEM=$(MEM) HOTREMOVE_MEM=$(HOTREMOVE_MEM) DIMMS=$(DIMMS) POLICIES='$(POLICIES)'$(if $(ARGS), ARGS='$(ARGS)')" \
		scripts/run.sh $(RUN_ARGS)

# Speed parity: the seed's AIM9 rows, page faults, a cache job and the
# allocator per order, per policy (interleaved), as diff-aim9 tables and
# ratios: icount (primary), real time (first round only), and the
# statistics' cost (a second kernel without CONFIG_ALLOCSTATS). Regenerates the bench section of
# docs/RESULTS.md. Defaults here: REPEATS=3, MEM=1024.
BENCH_REPEATS = $(if $(filter file,$(origin REPEATS)),3,$(REPEATS))
BENCH_MEM = $(if $(filter file,$(origin MEM)),1024,$(MEM))
bench: all kernel-nostats
	@bench/run.sh -m $(BENCH_MEM) -c $(CPUS) -t $(TIMEOUT) -n $(BENCH_REPEATS) \
		-o $(OUT)/bench -a "$(ARGS)" -s -r 1 -M $(CURDIR)/docs/RESULTS.md \
		-C "make bench REPEATS=$(BENCH_REPEATS) MEM=$(BENCH_MEM) POLICIES='$(POLICIES)'$(if $(ARGS), ARGS='$(ARGS)')" \
		$(POLICIES)

# The kernel without CONFIG_ALLOCSTATS, for make bench (build/obj-nostats).
kernel-nostats: tree
	@FA_OBJ=$(CURDIR)/build/obj-nostats scripts/build-kernel.sh $(CURDIR)/kernel/nostats.config

# The whole suite; ends with one line "N passed, N failed".
test: all selftests
	@tests/run.sh

# The debug kernel (kernel/debug.config: KASAN, lockdep, DEBUG_VM, ...) runs
# fragload and the highalloc scenario per policy; no report on the console.
# Not in make test (its cold build alone is too long for CI); run it before
# resolving any issue that touches the series.
test-debug: tree
	@scripts/test-debug.sh $(POLICIES)

# fragload for SOAK_MINUTES of guest time per policy (default 30; not in
# CI): no report on the console, no page lost; result in docs/SOAK.md and
# docs/RESULTS.md
soak: all
	@scripts/soak.sh -m $(MEM) -c $(CPUS) -n $(SOAK_MINUTES) $(POLICIES)

export-patches:
	@scripts/export-patches.sh

timings:
	@scripts/timings.sh

check-series: tree
	@scripts/check-series.sh

check-patches: tree
	@scripts/check-patches.sh

# Drop the working kernel tree (and any unexported work in it).
tree-reset:
	rm -rf build/linux

clean:
	rm -rf build/obj build/obj-nostats build/obj-debug build/guest build/initramfs* build/selftests \
		build/modules-debug build/modsrc-debug build/logs $(OUT)

.PHONY: all deps tree kernel kernel-nostats modules initramfs selftests boot run results bench test \
	test-debug soak export-patches \
	check-patches check-series timings tree-reset clean

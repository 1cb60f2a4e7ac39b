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
export ACCEL

# Check every variable before anything long runs.
ifneq ($(filter run results test boot,$(or $(MAKECMDGOALS),all)),)
FA_BAD := $(shell scripts/validate.sh policies "$(POLICIES)" policy "$(POLICY)" \
	scenario "$(SCENARIO)" mem "$(MEM)" cpus "$(CPUS)" timeout "$(TIMEOUT)" \
	accel "$(ACCEL)" repeats "$(REPEATS)" experiments "$(EXPERIMENTS)" \
	hotremove_mem "$(HOTREMOVE_MEM)" dimms "$(DIMMS)" >&2 || echo bad)
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

# One boot: make boot SCENARIO=smoke POLICY=none [MEM=1024] [ARGS="..."]
boot: all
	@scripts/boot.sh -m $(MEM) -c $(CPUS) -t $(TIMEOUT) -o $(CURDIR)/build/logs/boot-$(SCENARIO)-$(POLICY) \
		-- $(SCENARIO) page_grouping=$(POLICY) $(ARGS)

# The main job: the experiments, side by side for each placement policy.
RUN_ARGS = -m $(MEM) -c $(CPUS) -t $(TIMEOUT) -n $(REPEATS) -o $(OUT) -a "$(ARGS)" \
	-e "$(EXPERIMENTS)" -H $(HOTREMOVE_MEM) -D $(DIMMS) $(POLICIES)
run: all
	@scripts/run.sh $(RUN_ARGS)

# The same, and docs/RESULTS.md regenerated from it.
results: all
	@FA_MARKDOWN=$(CURDIR)/docs/RESULTS.md \
	FA_COMMAND="make results REPEATS=$(REPEATS) MEM=$(MEM) HOTREMOVE_MEM=$(HOTREMOVE_MEM) DIMMS=$(DIMMS) POLICIES='$(POLICIES)'$(if $(ARGS), ARGS='$(ARGS)')" \
		scripts/run.sh $(RUN_ARGS)

# The whole suite; ends with one line "N passed, N failed".
test: all
	@tests/run.sh

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
	rm -rf build/obj build/guest build/initramfs* build/logs $(OUT)

.PHONY: all deps tree kernel modules initramfs boot run results test export-patches \
	check-patches check-series timings tree-reset clean

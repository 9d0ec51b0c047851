# TouchSweep — two commands: `make demo` and `make test`. Both install what is missing first (so does `make bench`).
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
ZMQ_HEADER ?= /usr/include/zmq.h
SCENARIOS := $(sort $(wildcard configs/scenarios/seeds/*.yaml))

.PHONY: all deps build-deps bench-deps build release dist install install-files demo seeds test lint format bench clean

all: build

# Debian/Ubuntu packages beyond Swift's own prerequisites, each installed only when missing, with one apt-get
# update per make run. The build needs:
#   libzmq3-dev           ZeroMQ
#   zlib1g-dev            zlib's crc32 for the journal (one of Swift's own prerequisites; checked anyway)
#   python3               scripts/guarded-swift-build (Swift's prerequisites bring it on Debian; checked anyway)
# and the test suite also:
#   python3-venv          deploy/tests/validate-k8s.sh makes a venv (.build-venv) and pip-installs
#                         kubernetes-validate (not a Debian package) when kubectl is there
#   docker-compose, python3-jsonschema, python3-yaml
#                         deploy/tests/validate-compose.sh: the Compose Specification schema and its validator
#   iproute2              `ip netns`, for the multi-host tests (which also need root, else they are skipped)
#   systemd               `systemd-analyze verify`, for the systemd unit tests
#   chromium              headless rendering of report.html (SweepHTMLReportTests.ChromiumRenderTests)
#   strace                kills `sweep submit` at a rename of its report swap, as issue 14 reproduced it
#                         (SweepCLITests.OutputDirectoryCLITests; skipped without it)
#   slurm-wlm, munge      a private single-node Slurm (deploy/slurm/local-cluster.sh) runs deploy/slurm's jobs for
#                         real (SweepCLITests.SlurmClusterTests; needs root, else skipped)
#   podman, debootstrap   builds deploy/docker/Dockerfile from base images made from Debian's mirror and runs the
#                         image (SweepCLITests.ContainerImageTests; needs root, else skipped)
#   prometheus            its promtool checks and unit-tests the monitoring overlay's alerts
#                         (deploy/tests/check-prometheus-rules.sh; the server it also installs is not started)
# and the benchmarks (`make bench`) also:
#   python3-venv          Benchmarks/dask/side-by-side.sh makes a venv (.build/bench-venv) and pip-installs Dask
#   valgrind              Benchmarks/instruction-counts.sh counts instructions with callgrind
# `make deps` (run by `make test`) installs the build's and the suite's lists, `bench-deps` (run by `make bench`)
# the build's and the benchmarks'; the build targets (and the Dockerfile's `make dist`) only the first. Not
# installed: kubectl (not a Debian package); the tests that need it are skipped, and `make test` lists every
# skipped test with its reason.
BUILD_CHECKS = [ -f "$(ZMQ_HEADER)" ] || missing="$$missing libzmq3-dev"; \
  [ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
  command -v python3 >/dev/null 2>&1 || missing="$$missing python3";
VENV_CHECK = python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv";
SUITE_CHECKS = $(VENV_CHECK) \
  command -v ip >/dev/null 2>&1 || [ -x /usr/sbin/ip ] || [ -x /sbin/ip ] || [ -x /usr/bin/ip ] || [ -x /bin/ip ] \
    || missing="$$missing iproute2"; \
  command -v systemd-analyze >/dev/null 2>&1 || [ -x /usr/bin/systemd-analyze ] || [ -x /bin/systemd-analyze ] \
    || missing="$$missing systemd"; \
  [ -f /usr/lib/python3/dist-packages/compose/config/compose_spec.json ] || missing="$$missing docker-compose"; \
  /usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$$missing python3-jsonschema"; \
  /usr/bin/python3 -c 'import yaml' >/dev/null 2>&1 || missing="$$missing python3-yaml"; \
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || command -v google-chrome >/dev/null 2>&1 || missing="$$missing chromium"; \
  [ -x /usr/bin/strace ] || missing="$$missing strace"; \
  [ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] && [ -x /usr/bin/sbatch ] || missing="$$missing slurm-wlm"; \
  [ -x /usr/sbin/munged ] || missing="$$missing munge"; \
  [ -x /usr/bin/podman ] || missing="$$missing podman"; \
  [ -x /usr/sbin/debootstrap ] || missing="$$missing debootstrap"; \
  [ -x /usr/bin/promtool ] || missing="$$missing prometheus";
BENCH_CHECKS = $(VENV_CHECK) \
  { command -v valgrind && command -v callgrind_annotate; } >/dev/null 2>&1 || missing="$$missing valgrind";
INSTALL_MISSING = if [ -n "$$missing" ]; then \
    echo "make: installing$$missing"; \
    $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
  fi
SWIFT_CHECK = command -v $(SWIFT) >/dev/null || { echo "make: swift is not on PATH; install Swift 6 first" >&2; exit 1; }

deps:
	@missing=""; $(BUILD_CHECKS) $(SUITE_CHECKS) $(INSTALL_MISSING)
	@$(SWIFT_CHECK)

build-deps:
	@missing=""; $(BUILD_CHECKS) $(INSTALL_MISSING)
	@$(SWIFT_CHECK)

bench-deps:
	@missing=""; $(BUILD_CHECKS) $(BENCH_CHECKS) $(INSTALL_MISSING)
	@$(SWIFT_CHECK)

# Every build goes through scripts/guarded-swift-build: an incremental `swift build` does not recompile a module
# whose imports' layouts changed two imports away (swiftlang/swift#89636; here: a stored property added to
# TouchEngine.Simulation made every `sweep submit` worker crash with a stale SweepNode). The script hashes the
# built modules' interfaces and recompiles, whole, every target built on one that changed.
BUILD := SWIFT=$(SWIFT) python3 scripts/guarded-swift-build

build: build-deps
	$(BUILD)

release: build-deps
	$(BUILD) -c release --product sweep

# The shippable binary: release build with the Swift runtime linked in, so it needs only libzmq5 and libc
# at run time. deploy/docker/Dockerfile builds the image with exactly this target, and `make test` runs it
# too, so a green CI means the image's build command works.
dist: build-deps
	$(BUILD) -c release --product sweep --static-swift-stdlib
	mkdir -p dist
	cp "$$($(SWIFT) build -c release --product sweep --static-swift-stdlib --show-bin-path)/sweep" dist/sweep
	@echo "dist/sweep: $$(du -h dist/sweep | cut -f1)"

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the release binary, its shell completions (bash, zsh, fish) and
# its man page, each generated by the binary itself from its command definitions. `install-files` does the
# copying alone, for a binary already built (SWEEP_BIN); the test suite runs it into a temporary DESTDIR.
PREFIX ?= /usr/local
SWEEP_BIN ?= .build/release/sweep
INSTALL_DIRS = bin share/man/man1 share/bash-completion/completions share/zsh/site-functions share/fish/vendor_completions.d

install: release install-files

install-files:
	@[ -x "$(SWEEP_BIN)" ] || { echo "make: $(SWEEP_BIN) is not built; run make install (or make release) first" >&2; exit 1; }
	for d in $(INSTALL_DIRS); do install -d "$(DESTDIR)$(PREFIX)/$$d"; done
	install -m 0755 "$(SWEEP_BIN)" "$(DESTDIR)$(PREFIX)/bin/sweep"
	"$(SWEEP_BIN)" generate-manual > "$(DESTDIR)$(PREFIX)/share/man/man1/sweep.1"
	"$(SWEEP_BIN)" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/sweep"
	"$(SWEEP_BIN)" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sweep"
	"$(SWEEP_BIN)" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sweep.fish"
	chmod 0644 "$(DESTDIR)$(PREFIX)/share/man/man1/sweep.1" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/sweep" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sweep" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sweep.fish"
	@echo "installed sweep, its man page and its bash, zsh and fish completions under $(DESTDIR)$(PREFIX)"

# The quickstart sweep: plan it, run it through a coordinator and local worker processes (one per core),
# write the CSV reports, then replay one example.
demo: release
	.build/release/sweep plan configs/quickstart.yaml --show 4
	.build/release/sweep submit configs/quickstart.yaml --output out/quickstart
	@echo
	@example=$$(sed -n '2p' out/quickstart/examples.csv | cut -d, -f1); \
	  if [ -n "$$example" ]; then \
	    echo "Replaying example $$example (sweep trace --replay out/quickstart $$example), first lines:"; \
	    .build/release/sweep trace --replay out/quickstart $$example | head -25; \
	  fi
	@minimal=$$(sed -n '2p' out/quickstart/minimal/index.csv | tr -d '\r' | awk -F, '{print $$NF}'); \
	  if [ -n "$$minimal" ]; then \
	    echo; echo "The sweep shrank its worst examples into out/quickstart/minimal/ (index.csv); the first, $$minimal:"; \
	    .build/release/sweep trace out/quickstart/$$minimal | head -12; \
	  fi
	@echo
	@echo "CSV reports: out/quickstart/summary.csv by_template.csv by_gesture.csv effects.csv causes.csv residuals.csv examples.csv (columns: docs/reports.md)"
	@echo "Gate a CI job on them: .build/release/sweep check out/quickstart --max dead_button=0.05 (docs/ci.md)"
	@echo "Report page: $(CURDIR)/out/quickstart/report.html"

# The seed articles' experiments as timelines.
seeds: release
	.build/release/sweep trace $(SCENARIOS)

# `dist` first: the deployment tests check what it builds is what deploy/docker/Dockerfile ships.
# Tests run in parallel, so a failure can scroll far up: after the run, the skipped tests are listed with their
# reasons (Swift Testing's `➜ Test … skipped: "…"` lines), and when the suite fails, its failures are repeated
# at the end (from .build/test-output.log, which keeps the whole output) — CI logs often show only the tail.
# The Swift sources as .swift-format has them (swift-format ships with the toolchain). `make format` rewrites them so.
FORMATTED = Package.swift Sources Tests Benchmarks
lint:
	@$(SWIFT) format lint --strict --parallel --recursive --configuration .swift-format $(FORMATTED) \
	  || { echo "make lint: the sources above are not formatted as .swift-format says; run make format"; exit 1; }

format:
	$(SWIFT) format format --in-place --parallel --recursive --configuration .swift-format $(FORMATTED)

test: deps dist lint
	$(BUILD) --build-tests
	@{ $(SWIFT) test --skip-build; echo $$? > .build/test-status; } 2>&1 | tee .build/test-output.log; \
	  status=$$(cat .build/test-status); \
	  grep -a -E '^[^ ]+ (Test|Suite) .* skipped(: ".*"|\.)$$' .build/test-output.log \
	    | sed -E 's/^[^ ]+ (Test|Suite) //' \
	    | awk '{ i = index($$0, " skipped"); name = substr($$0, 1, i - 1); reason = substr($$0, i + 8); \
	             sub(/^: /, "", reason); if (reason == ".") reason = "(no reason given)"; \
	             if (!(reason in names)) order[++n] = reason; names[reason] = names[reason] (names[reason] == "" ? "" : ", ") name; count++ } \
	           END { if (count) { printf "\nSkipped: %d (tests or suites), by reason:\n", count; \
	                 for (k = 1; k <= n; k++) printf "  %s\n    %s\n", order[k], names[order[k]] } }'; \
	  if [ "$$status" != 0 ]; then \
	    echo; echo "make test: the suite failed (exit $$status); its failures, from .build/test-output.log:"; \
	    grep -a -E '(✘ Test .*(recorded an issue|failed after))|^ *↳ |error: |: error|Fatal error|Test Case .* failed' .build/test-output.log \
	      | grep -a -v -E '^(✘ Test run with|↳ Testing Library Version|↳ Target Platform)' | head -80; \
	  fi; \
	  exit $$status

# Engine throughput on the quickstart mix and the golden scenarios, and sweep throughput on 1 and 2
# threads (release build), then the same mix's instructions per scenario by callgrind (engine and whole sweep:
# their ratio repeats exactly on a noisy machine; skipped with one line without valgrind), and what the model bands
# cost on the quickstart and seeds-sweep (a sweep with them ÷ without, goal ≤ 1.5; docs/parameters.md). Figures, not assertions. Also (issue 18 §3–§4): the coordinator's dispatch rate on
# empty units beside Dask's LocalCluster on no-op tasks (Dask pip-installed into .build/bench-venv when missing;
# skipped with one line when that fails), the cluster simulation (engine-bench --cluster-sim: the real coordinator
# state machine with up to thousands of simulated workers, docs/operations.md "Sizing"), and the coordinator's
# and a worker's memory.
bench: bench-deps
	$(BUILD) -c release --product engine-bench
	$(BUILD) -c release --product sweep
	.build/release/engine-bench --sweep configs/quickstart.yaml
	sh Benchmarks/instruction-counts.sh configs/quickstart.yaml
	.build/release/engine-bench --model-bands configs/quickstart.yaml
	.build/release/engine-bench --model-bands configs/seeds-sweep.yaml trees.perConfiguration=8
	.build/release/engine-bench configs/scenarios/golden
	@.build/release/engine-bench --dispatch 200000 > .build/bench-dispatch.log; status=$$?; cat .build/bench-dispatch.log; exit $$status
	sh Benchmarks/dask/side-by-side.sh "$$(sed -n 's/^dispatch, best of 3 rounds: \([0-9]*\) units.*/\1/p' .build/bench-dispatch.log)"
	.build/release/engine-bench --cluster-sim
	.build/release/engine-bench --coordinator-memory
	.build/release/engine-bench --worker-memory configs/quickstart.yaml
	.build/release/engine-bench --distributed configs/bench-distributed.yaml .build/release/sweep
	.build/release/engine-bench --report-split configs/seeds-sweep.yaml trees.perConfiguration=8
	python3 Benchmarks/end-to-end.py .build/release/sweep

clean:
	rm -rf .build dist

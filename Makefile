# TouchSweep — two commands: `make demo` and `make test`. Both install what is missing first.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
ZMQ_HEADER ?= /usr/include/zmq.h
SCENARIOS := $(sort $(wildcard configs/scenarios/seeds/*.yaml))

.PHONY: all deps build release demo test bench clean

all: build

# libzmq3-dev is needed from the distribution issue on; install it now so a fresh machine never breaks later.
deps:
	@if [ ! -f "$(ZMQ_HEADER)" ]; then \
	  echo "make: installing libzmq3-dev (zmq.h is missing)"; \
	  $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y libzmq3-dev; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "make: swift is not on PATH; install Swift 6 first" >&2; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product sweep

# Until sweeps exist: print the timeline of every seed scenario.
demo: release
	.build/release/sweep trace $(SCENARIOS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Engine throughput over the golden scenarios (release build). Figures, not assertions.
bench: deps
	$(SWIFT) build -c release --product engine-bench
	.build/release/engine-bench configs/scenarios/golden

clean:
	rm -rf .build

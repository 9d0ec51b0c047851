#!/bin/sh
# `make bench`: the engine's and the whole sweep's instructions per scenario on a config's mix, counted by
# callgrind (issue 18 §1–§2). Instruction counts repeat exactly whatever else the machine is doing, so the
# sweep ÷ engine ratio printed here is the one to compare across runs on a noisy VM; `engine-bench --sweep`
# prints the same ratio from wall time. $1: the config (default configs/quickstart.yaml).
config=${1:-configs/quickstart.yaml}
bench=.build/release/engine-bench
if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
  echo "instructions: skipped: valgrind is not installed (apt-get install valgrind)"
  exit 0
fi
# valgrind cannot read the DWARF 5 debug info Swift writes: count on a copy without it (symbols kept).
copy=.build/engine-bench-for-callgrind
cp "$bench" "$copy" && strip --strip-debug "$copy" || exit 1
# count VARIABLE=N...: the program's total instructions with that fixed workload, and what it printed.
count() {
  env "$@" valgrind --tool=callgrind --callgrind-out-file=.build/callgrind.out "$copy" --sweep "$config" > .build/callgrind.log 2>/dev/null || return 1
  callgrind_annotate .build/callgrind.out | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,
}
e0=$(count ENGINE_BENCH_PASSES=0) && e2=$(count ENGINE_BENCH_PASSES=2) && runs=$(sed -n 's/^ran 2 passes = \([0-9]*\) .*/\1/p' .build/callgrind.log) \
  && events=$(sed -n 's/.* \([0-9.]*\) script events each on average.*/\1/p' .build/callgrind.log) \
  && s0=$(count SWEEP_BENCH_SWEEPS=0) && s2=$(count SWEEP_BENCH_SWEEPS=2) && scenarios=$(sed -n 's/^ran 2 sweeps = \([0-9]*\) .*/\1/p' .build/callgrind.log) \
  && u2=$(count SWEEP_BENCH_SHARING=0 SWEEP_BENCH_SWEEPS=2) \
  || { echo "instructions: skipped: callgrind failed (.build/callgrind.log)"; exit 0; }
python3 - "$config" "$e0" "$e2" "$runs" "$events" "$s0" "$s2" "$scenarios" "$u2" <<'PY'
import sys
config, e0, e2, runs, events, s0, s2, scenarios, u2 = sys.argv[1], *map(float, sys.argv[2:])
engine, sweep, unshared = (e2 - e0) / runs, (s2 - s0) / scenarios, (u2 - s0) / scenarios
print(f"instructions (callgrind, {config}): engine {engine:,.0f} per scenario run ({engine / events:,.0f} per script event); "
      f"sweep run, 1 thread, end to end {sweep:,.0f} per scenario; sweep ÷ engine by instructions {engine / sweep:.2f} (goal ≥ 0.80); "
      f"every scenario on the engine (sharing off) {unshared:,.0f} per scenario, {engine / unshared:.2f}")
PY

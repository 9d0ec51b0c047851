#!/bin/sh
# `make bench`: Dask's dispatch rate beside TouchSweep's (issue 18 §4). $1: TouchSweep's empty units/s from
# `engine-bench --dispatch` in the same run. Dask goes into a virtual environment under .build (made, and
# dask + distributed pip-installed, when missing); if that fails, one line says Dask was skipped and why.
venv=.build/bench-venv
rate=${1:-0}
if ! "$venv/bin/python" -c 'import distributed' >/dev/null 2>&1; then
  mkdir -p .build
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet -r Benchmarks/dask/requirements.txt; } > .build/bench-venv.log 2>&1; then
    echo "dask: skipped: could not install dask and distributed into $venv ($(grep -v '^ *$' .build/bench-venv.log | tail -1))"
    exit 0
  fi
fi
"$venv/bin/python" Benchmarks/dask/noop_tasks.py --touchsweep-rate "$rate" 2>.build/bench-dask.log \
  || echo "dask: skipped: the benchmark failed ($(tail -1 .build/bench-dask.log))"

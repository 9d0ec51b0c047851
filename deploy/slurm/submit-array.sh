#!/bin/bash
# Submits a sharded TouchSweep: a job array of N shards (sweep-array.sbatch), then the merge
# (merge.sbatch), which starts only if every shard succeeded (--dependency=afterok). If a shard fails or is
# cancelled, Slurm cancels the merge (--kill-on-invalid-dep=yes) instead of leaving it pending for ever:
# rerun just the shards that did not finish with resubmit-shards.sh N I[,J...], which merges again.
#
#   SWEEP_CONFIG=configs/big.yaml SWEEP_OUT=/shared/touchsweep/big deploy/slurm/submit-array.sh 16
#
# Usage: submit-array.sh [N] [extra sbatch options for the array...]   (N default 4)
# The jobs inherit the environment (SWEEP_BIN, SWEEP_CONFIG, SWEEP_OUT, SWEEP_REPORTS: see the .sbatch files).
# Prints the two job ids.
set -euo pipefail

shards=${1:-4}
shift || true
case "$shards" in
    '' | *[!0-9]* | 0) echo "submit-array.sh: N must be a whole number of shards, at least 1, got '$shards'" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)

array_job=$(sbatch --parsable --array="0-$((shards - 1))" "$@" "$here/sweep-array.sbatch")
array_job=${array_job%%;*}   # --parsable prints JOBID or JOBID;CLUSTER
merge_job=$(sbatch --parsable --dependency="afterok:$array_job" --kill-on-invalid-dep=yes --export="ALL,SWEEP_SHARDS=$shards" "$here/merge.sbatch")
merge_job=${merge_job%%;*}
echo "submit-array.sh: shards: job array $array_job (0-$((shards - 1))), merge: job $merge_job after all of them"

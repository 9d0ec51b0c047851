#!/bin/bash
# Reruns some shards of a sharded TouchSweep and merges again: for a shard task that failed or was cancelled
# (its merge job was cancelled with it), without rerunning the shards that finished.
#
#   SWEEP_CONFIG=configs/big.yaml SWEEP_OUT=/shared/touchsweep/big deploy/slurm/resubmit-shards.sh 16 3,11
#
# Usage: resubmit-shards.sh N I[,J...] [extra sbatch options for the array...]
# N is the shard count of the first submission; I, J... the shards to run again (Slurm array indices: 3,11 or
# 2-4). Same environment as submit-array.sh (SWEEP_BIN, SWEEP_CONFIG, SWEEP_OUT, SWEEP_REPORTS). The array has
# only those tasks, so each is told the shard count (SWEEP_SHARDS=N); the merge then reads every shard 0..N-1
# and names any still missing. Prints the two job ids.
set -euo pipefail

usage() { echo "usage: resubmit-shards.sh N I[,J...] [sbatch options...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
shards=$1 indices=$2
shift 2
case "$shards" in
    '' | *[!0-9]* | 0) echo "resubmit-shards.sh: N must be a whole number of shards, at least 1, got '$shards'" >&2; exit 2 ;;
esac
case "$indices" in
    '' | *[!0-9,-]*) echo "resubmit-shards.sh: the shards to rerun are indices such as 3,11 or 2-4, got '$indices'" >&2; exit 2 ;;
esac
for index in $(echo "$indices" | tr ',-' '  '); do
    if [ "$index" -ge "$shards" ]; then
        echo "resubmit-shards.sh: shard $index does not exist: the shards are 0 to $((shards - 1))" >&2
        exit 2
    fi
done
here=$(cd "$(dirname "$0")" && pwd)

array_job=$(sbatch --parsable --array="$indices" --export="ALL,SWEEP_SHARDS=$shards" "$@" "$here/sweep-array.sbatch")
array_job=${array_job%%;*}
merge_job=$(sbatch --parsable --dependency="afterok:$array_job" --kill-on-invalid-dep=yes --export="ALL,SWEEP_SHARDS=$shards" "$here/merge.sbatch")
merge_job=${merge_job%%;*}
echo "resubmit-shards.sh: shards $indices of $shards: job array $array_job, merge: job $merge_job after them"

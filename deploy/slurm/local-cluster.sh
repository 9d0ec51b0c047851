#!/bin/bash
# A private single-node Slurm cluster on this machine, to try the scripts of deploy/slurm without a real cluster;
# the test suite runs them on it (Tests/SweepCLITests/SlurmClusterTests.swift). Everything lives in DIR: its own
# slurm.conf, state, spool, logs and its own munged (own key and socket), on free ports, so it touches no other
# Slurm or munge on the machine. Needs root (slurmd starts jobs as their users) and Debian's slurm-wlm and munge
# (`make deps` installs them).
#
#   deploy/slurm/local-cluster.sh start DIR [--cpus N] [--stop-when-gone PID]
#       starts it and prints the one line to run in your shell: export SLURM_CONF=DIR/slurm.conf
#       (--cpus: the CPUs the node offers, by default this machine's; more than it has is allowed, as on an
#       oversubscribed node; --stop-when-gone: stop the cluster by itself once process PID has ended)
#   deploy/slurm/local-cluster.sh stop DIR
#       cancels its jobs, stops its daemons and its munged; leaves DIR (logs) in place
#
# Exit status: 0, or 1 with one line on standard error saying what failed (and the daemon's last log lines).
set -euo pipefail

usage() { echo "usage: local-cluster.sh start DIR [--cpus N] [--stop-when-gone PID] | stop DIR" >&2; exit 64; }
fail() { echo "local-cluster.sh: $1" >&2; exit 1; }

[ $# -ge 2 ] || usage
command=$1 dir=$2
# The daemons started here must hold none of the caller's descriptors: a caller may wait for them to close
# (Foundation's Process does, to learn that this script has exited). 255 is the script itself.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    case "$fd" in 0 | 1 | 2 | 255) ;; *) eval "exec $fd>&-" 2> /dev/null || true ;; esac
done
shift 2
here=$(cd "$(dirname "$0")" && pwd)

pid_alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { cat "$1" 2>/dev/null || true; }

stop() {
    local conf=$dir/slurm.conf
    if [ -f "$conf" ] && pid_alive "$(pid_of "$dir/slurmctld.pid")"; then
        # Its jobs first (scancel talks to this cluster only: SLURM_CONF), then the daemons.
        SLURM_CONF=$conf scancel --user="$(id -un)" 2>/dev/null || true
        for _ in $(seq 1 30); do
            [ -z "$(SLURM_CONF=$conf squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.5
        done
        SLURM_CONF=$conf scontrol shutdown 2>/dev/null || true
    fi
    for name in slurmd slurmctld munge/munged; do
        local pid
        pid=$(pid_of "$dir/$name.pid")
        pid_alive "$pid" || continue
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 20); do pid_alive "$pid" || break; sleep 0.25; done
        pid_alive "$pid" && kill -KILL "$pid" 2>/dev/null || true
    done
    return 0
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    local cpus="" watch=""
    while [ $# -gt 0 ]; do
        case "$1" in
            --cpus) cpus=${2:?}; shift 2 ;;
            --stop-when-gone) watch=${2:?}; shift 2 ;;
            *) usage ;;
        esac
    done
    [ "$(id -u)" = 0 ] || fail "needs root: slurmd runs jobs as their users"
    for tool in slurmctld slurmd munged sbatch scontrol squeue scancel python3; do
        command -v "$tool" >/dev/null || fail "$tool is not installed (Debian: apt-get install slurm-wlm munge)"
    done
    cpus=${cpus:-$(nproc)}
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
    dir=$(cd "$dir" && pwd)
    chmod 700 "$dir" "$dir/munge"
    # munged checks that only its user can touch its key, socket directory and logs.
    head -c 1024 /dev/urandom > "$dir/munge/munge.key"
    chmod 400 "$dir/munge/munge.key"
    # The daemons' own output goes to files: a caller reading this script's output through a pipe must not wait
    # for them.
    munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" --log-file="$dir/munge/munged.log" \
        --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" < /dev/null > "$dir/munge/start.out" 2>&1 \
        || fail "munged did not start: $(tail -n 3 "$dir/munge/munged.log" 2>/dev/null | tr '\n' ' ')"

    local host memory
    host=$(hostname -s)
    memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
    cat > "$dir/slurm.conf" <<EOF
# A private single-node cluster made by deploy/slurm/local-cluster.sh.
ClusterName=touchsweep-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# The node offers the CPUs named here even where the machine has fewer.
SlurmdParameters=config_overrides
KillWait=10
MinJobAge=3600
# Patient with a busy machine (a test suite runs beside it): Slurm's defaults time an RPC out after 10 s, fail a
# batch job whose script has not started in 10 s and set the node down when slurmd has not answered for 300 s.
MessageTimeout=60
BatchStartTimeout=120
SlurmdTimeout=1200
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF=$dir/slurm.conf
    slurmctld -f "$SLURM_CONF" < /dev/null > "$dir/slurmctld.out" 2>&1 || { stop; fail "slurmctld did not start: $(tail -n 3 "$dir/slurmctld.log" 2>/dev/null | tr '\n' ' ')"; }
    slurmd -f "$SLURM_CONF" < /dev/null > "$dir/slurmd.out" 2>&1 || { stop; fail "slurmd did not start: $(tail -n 3 "$dir/slurmd.log" 2>/dev/null | tr '\n' ' ')"; }
    local state=""
    for _ in $(seq 1 60); do
        state=$(sinfo -h -o %T 2>/dev/null || true)
        [ "$state" = idle ] && break
        sleep 0.5
    done
    if [ "$state" != idle ]; then
        local why
        why="the node is '${state:-unknown}' after 30 s: $(tail -n 2 "$dir/slurmd.log" 2>/dev/null | tr '\n' ' ')"
        stop
        fail "Slurm did not come up: $why"
    fi
    if [ -n "$watch" ]; then
        # Detached from the caller's session, so that it outlives a caller that crashes.
        setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 2; done; exec "$2" stop "$3"' watch "$watch" "$here/local-cluster.sh" "$dir" \
            < /dev/null > "$dir/watch.log" 2>&1 &
    fi
    echo "export SLURM_CONF=$SLURM_CONF"
}

case "$command" in
    start) start "$@" ;;
    stop) [ -d "$dir" ] || fail "no cluster directory $dir"; dir=$(cd "$dir" && pwd); stop ;;
    *) usage ;;
esac

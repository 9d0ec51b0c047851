#!/usr/bin/env bash
# Checks deploy/systemd/*.service (or UNIT_DIR/*.service) with `systemd-analyze verify`: syntax, known keys,
# specifiers, and that ExecStart's binary is executable. The units name /usr/local/bin/sweep; the check runs
# on scratch copies that name SWEEP_BINARY instead (default: dist/sweep). Templates are checked as instance 1.
# Any message from systemd-analyze counts as a failure (it exits 0 on unknown keys).
#
#   deploy/tests/verify-systemd.sh [SWEEP_BINARY] [UNIT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
binary=${1:-$root/dist/sweep}
units=${2:-$root/deploy/systemd}
. "$root/deploy/tests/python-tools.sh"

command -v systemd-analyze >/dev/null || fail "systemd-analyze is not on PATH (package systemd)."
[ -x "$binary" ] || fail "no sweep binary at $binary; run 'make dist' or pass one."

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
names=()
for unit in "$units"/*.service; do
    [ -f "$unit" ] || continue
    name=$(basename "$unit")
    sed "s|/usr/local/bin/sweep|$binary|g" "$unit" >"$scratch/$name"
    names+=("$scratch/${name/@./@1.}")
done
[ "${#names[@]}" -gt 0 ] || fail "no *.service files in $units."
output=$(systemd-analyze verify --man=no "${names[@]}" 2>&1) && code=0 || code=$?
if [ "$code" -ne 0 ] || [ -n "$output" ]; then
    echo "${output//$scratch\//}"
    echo "systemd-analyze verify: ${#names[@]} units, FAILED"
    exit 1
fi
echo "systemd-analyze verify: ${#names[@]} units ($(cd "$scratch" && ls | tr '\n' ' ' | sed 's/ $//')) without a message"

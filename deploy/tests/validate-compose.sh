#!/usr/bin/env bash
# Validates deploy/compose/compose.yaml (or COMPOSE_FILE) offline against the Compose Specification JSON
# schema (compose_spec.json as shipped in the docker-compose 1.29.2 wheel; not kept in this repository),
# then checks references the schema cannot (deploy/tests/compose_check.py). No Docker engine is used.
#
#   deploy/tests/validate-compose.sh [COMPOSE_FILE]
#
# Prints one line and exits 0 when the file is valid; prints the problems and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
compose=${1:-$root/deploy/compose/compose.yaml}
. "$root/deploy/tests/python-tools.sh"

[ -f "$compose" ] || fail "no compose file at $compose."
ensure_python_tools "$root"
# Located without importing the package: its runtime dependencies are not installed.
schema=$("$VENV/bin/python" -c 'import importlib.util, os; print(os.path.join(importlib.util.find_spec("compose").submodule_search_locations[0], "config", "compose_spec.json"))')
[ -f "$schema" ] || fail "the docker-compose wheel in $VENV has no compose_spec.json."

name=${compose#"$root"/}
if summary=$("$VENV/bin/python" "$root/deploy/tests/compose_check.py" "$schema" "$compose"); then
    echo "$name: $summary valid against the Compose Specification (compose_spec.json, docker-compose 1.29.2)"
else
    echo "$summary"
    echo "$name: INVALID against the Compose Specification"
    exit 1
fi

#!/usr/bin/env bash
# Validates deploy/compose/compose.yaml (or COMPOSE_FILE) offline against the Compose Specification JSON
# schema (compose_spec.json as shipped with docker-compose 1.29.2; not kept in this repository), then checks
# references the schema cannot (deploy/tests/compose_check.py). No Docker engine is used.
#
# On Debian the schema and the validator come from Debian's packages (docker-compose, python3-jsonschema,
# python3-yaml; `make deps` installs them), so no network is needed; elsewhere from the pinned PyPI packages in
# .build-venv/ (python-tools.sh).
#
#   deploy/tests/validate-compose.sh [COMPOSE_FILE]
#
# Prints one line and exits 0 when the file is valid; prints the problems and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
compose=${1:-$root/deploy/compose/compose.yaml}
. "$root/deploy/tests/python-tools.sh"

[ -f "$compose" ] || fail "no compose file at $compose."
debian_compose=/usr/lib/python3/dist-packages/compose
if [ -f "$debian_compose/config/compose_spec.json" ] && /usr/bin/python3 -c 'import jsonschema, yaml' 2>/dev/null; then
    python=/usr/bin/python3
    schema=$debian_compose/config/compose_spec.json
    version=$(sed -n "s/^__version__ = '\(.*\)'/\1/p" "$debian_compose/__init__.py")
else
    ensure_python_tools "$root"
    python=$VENV/bin/python
    # Located without importing the package: its runtime dependencies are not installed.
    schema=$("$python" -c 'import importlib.util, os; print(os.path.join(importlib.util.find_spec("compose").submodule_search_locations[0], "config", "compose_spec.json"))')
    version=${TOUCHSWEEP_PY_NODEPS#docker-compose==}
fi
[ -f "$schema" ] || fail "no compose_spec.json in the docker-compose package ($schema)."

name=${compose#"$root"/}
if summary=$("$python" "$root/deploy/tests/compose_check.py" "$schema" "$compose"); then
    echo "$name: $summary valid against the Compose Specification (compose_spec.json, docker-compose $version)"
else
    echo "$summary"
    echo "$name: INVALID against the Compose Specification"
    exit 1
fi

# Sourced by the deploy/tests scripts: `fail`, and (for the validate-*.sh scripts) pinned Python validators
# in .build-venv/ (git-ignored), installed quietly the first time. Needs python3 with venv and pip; pip goes through
# the machine's configured index.
#
# kubernetes-validate: Kubernetes OpenAPI schemas (1.33 … 1.37) and a strict-mode validator.
# docker-compose 1.x: only for compose/config/compose_spec.json, the Compose Specification schema it ships
#   (installed without its dependencies, which are not needed for the schema).
# jsonschema: validates the compose file against that schema.
TOUCHSWEEP_PY_REQUIREMENTS="kubernetes-validate==1.37.0 jsonschema==4.26.0 PyYAML==6.0.3"
TOUCHSWEEP_PY_NODEPS="docker-compose==1.29.2"

# fail MESSAGE: one line on stderr, exit 1.
fail() { echo "$(basename "$0"): $*" >&2; exit 1; }

# ensure_python_tools ROOT: sets VENV to ROOT/.build-venv, creating or updating it when its pins changed.
ensure_python_tools() {
    VENV="$1/.build-venv"
    local stamp="$VENV/touchsweep-requirements.txt" wanted="$TOUCHSWEEP_PY_REQUIREMENTS $TOUCHSWEEP_PY_NODEPS"
    # Tests run the scripts in parallel: one creates the environment while the others wait for it.
    exec 9<"${BASH_SOURCE[0]}"
    flock 9
    if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
        command -v python3 >/dev/null || fail "python3 is not on PATH; install python3 and python3-venv."
        local log
        log=$(mktemp)
        rm -rf "$VENV"
        if ! { python3 -m venv "$VENV" \
               && "$VENV/bin/pip" install --quiet --disable-pip-version-check $TOUCHSWEEP_PY_REQUIREMENTS \
               && "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps $TOUCHSWEEP_PY_NODEPS; } >"$log" 2>&1; then
            cat "$log" >&2
            rm -f "$log"
            rm -rf "$VENV"
            fail "cannot install the Python validators into $VENV (pip output above)."
        fi
        rm -f "$log"
        echo "$wanted" >"$stamp"
    fi
    flock -u 9
}

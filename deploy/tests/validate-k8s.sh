#!/usr/bin/env bash
# Renders every Kustomize overlay under deploy/k8s/overlays (or K8S_DIR/overlays) with `kubectl kustomize`
# and validates each rendered resource offline against the Kubernetes OpenAPI schema in strict mode (unknown
# fields are errors), then checks what the schema cannot: worker --slots and shard threads equal the CPU
# request, and SHARDS equals the Indexed Job's completions. Renders a scratch copy, with the placeholder
# example-keys/ as the coordinator overlay's keys/, so no real keys are needed or touched.
#
#   deploy/tests/validate-k8s.sh [K8S_DIR]
#
# Prints one line per overlay and exits 0 when every overlay is valid; prints the failures and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
k8s=$(cd "${1:-$root/deploy/k8s}" && pwd)
kubernetes_version=1.33.0
. "$root/deploy/tests/python-tools.sh"

kubectl=${KUBECTL:-kubectl}
command -v "$kubectl" >/dev/null || fail "kubectl is not on PATH (needed for 'kubectl kustomize'); install kubectl 1.27 or later."
ensure_python_tools "$root"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$k8s" "$scratch/k8s"
if [ -d "$scratch/k8s/overlays/coordinator" ]; then
    rm -rf "$scratch/k8s/overlays/coordinator/keys"
    cp -R "$scratch/k8s/example-keys" "$scratch/k8s/overlays/coordinator/keys"
fi

status=0 overlays=0
for kustomization in "$scratch"/k8s/overlays/*/kustomization.yaml; do
    [ -f "$kustomization" ] || continue
    overlay=$(basename "$(dirname "$kustomization")")
    overlays=$((overlays + 1))
    rendered="$scratch/$overlay.yaml"
    if ! "$kubectl" kustomize "$(dirname "$kustomization")" >"$rendered" 2>"$scratch/$overlay.err"; then
        echo "overlays/$overlay: kubectl kustomize failed: $(tr '\n' ' ' <"$scratch/$overlay.err")"
        status=1
        continue
    fi
    if ! "$VENV/bin/kubernetes-validate" --strict --quiet --kubernetes-version "$kubernetes_version" "$rendered" \
         >"$scratch/$overlay.out" 2>&1; then
        sed "s|$rendered|overlays/$overlay|" "$scratch/$overlay.out"
        echo "overlays/$overlay: INVALID against Kubernetes $kubernetes_version (strict)"
        status=1
        continue
    fi
    if ! summary=$("$VENV/bin/python" "$root/deploy/tests/k8s_consistency.py" "$rendered" "$root/deploy/docker/Dockerfile"); then
        echo "overlays/$overlay: $summary"
        status=1
        continue
    fi
    echo "overlays/$overlay: $summary valid against Kubernetes $kubernetes_version (strict)"
done
[ "$overlays" -gt 0 ] || fail "no overlays/*/kustomization.yaml under $k8s."
exit "$status"

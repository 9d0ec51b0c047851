#!/usr/bin/env bash
# Checks the alerts of the monitoring overlay's PrometheusRule with Prometheus's own promtool: the rules parse
# (`promtool check rules`) and behave as deploy/tests/prometheus-rules-test.yaml says (`promtool test rules`: a
# sweep that progresses, stalls, finishes, resumes or loses its workers).
#
#   deploy/tests/check-prometheus-rules.sh [PROMETHEUS_RULE.yaml]
#
# Needs promtool (Debian: prometheus) and python3 with yaml. Prints promtool's verdicts; exit 0 when both pass,
# 1 otherwise (promtool's output says which rule or test), 1 with one line when promtool is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rule=${1:-$root/deploy/k8s/overlays/monitoring/prometheus-rule.yaml}
command -v promtool >/dev/null || { echo "check-prometheus-rules.sh: promtool is not on PATH (Debian: apt-get install prometheus)" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The PrometheusRule's spec is a Prometheus rules file.
python3 -c 'import sys, yaml; yaml.safe_dump(yaml.safe_load(open(sys.argv[1]))["spec"], open(sys.argv[2], "w"), sort_keys=False)' \
    "$rule" "$scratch/rules.yaml"
cp "$root/deploy/tests/prometheus-rules-test.yaml" "$scratch/"
promtool check rules "$scratch/rules.yaml"
cd "$scratch" && promtool test rules prometheus-rules-test.yaml

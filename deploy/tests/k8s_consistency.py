"""Checks on a rendered overlay that a schema cannot express; prints a resource count. Rules: worker --slots
and shard THREADS equal the CPU request; SHARDS equals the Indexed Job's completions; every `sweep status`
probe authenticates with the status key (status.secret, which the coordinator accepts for status only), and
the coordinator it probes takes that key's public half with --status-keys.

Usage: k8s_consistency.py RENDERED.yaml
Success: prints e.g. "9 resources (1 ConfigMap, 2 Job, ...)" and exits 0.
Failure: prints each broken rule on one line and exits 1.
"""
import collections
import sys

import yaml


def cpu_cores(quantity):
    text = str(quantity)
    return float(text[:-1]) / 1000 if text.endswith("m") else float(text)


def option(args, name):
    return args[args.index(name) + 1] if name in args else None


def status_probe_problems(where, container):
    """A probe running `sweep status` must hold the status key, never a worker's: a worker key could take work."""
    problems = []
    args = container.get("args", [])
    for kind in ("startupProbe", "readinessProbe", "livenessProbe"):
        command = ((container.get(kind) or {}).get("exec") or {}).get("command") or []
        if "status" not in command:
            continue
        key = option(command, "--key")
        if key is not None and not key.endswith("/status.secret"):
            problems.append(f"{where}: {kind} runs sweep status with --key {key}; probes use the status key "
                            "(status.secret), which cannot take work")
        elif key is not None and "--status-keys" not in args:
            problems.append(f"{where}: {kind} uses the status key but the coordinator has no --status-keys")
    return problems


def main(path):
    with open(path) as handle:
        resources = [doc for doc in yaml.safe_load_all(handle) if doc]
    problems = []
    indexed_completions = {}
    shard_counts = {}
    for resource in resources:
        if resource["kind"] not in ("Job", "Deployment", "StatefulSet"):
            continue
        name = resource["metadata"]["name"]
        spec = resource["spec"]
        if spec.get("completionMode") == "Indexed":
            indexed_completions[name] = spec.get("completions")
        for container in spec["template"]["spec"]["containers"]:
            where = f"{resource['kind']} {name} container {container['name']}"
            cpu = container.get("resources", {}).get("requests", {}).get("cpu")
            env = {item["name"]: item.get("value") for item in container.get("env", [])}
            slots = option(container.get("args", []), "--slots")
            for label, value in (("--slots", slots), ("THREADS", env.get("THREADS"))):
                if value is not None and (cpu is None or cpu_cores(cpu) != float(value)):
                    problems.append(f"{where}: {label} {value} but requests.cpu {cpu}; make them equal")
            if "SHARDS" in env:
                shard_counts[where] = (name, env["SHARDS"])
            problems += status_probe_problems(where, container)
    for where, (name, shards) in shard_counts.items():
        expected = indexed_completions.get(name) or next(iter(indexed_completions.values()), None)
        if expected is None or int(shards) != expected:
            problems.append(f"{where}: SHARDS {shards} but the Indexed Job's completions are {expected}; make them equal")
    if problems:
        print("; ".join(problems))
        return 1
    kinds = collections.Counter(resource["kind"] for resource in resources)
    detail = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    print(f"{len(resources)} resources ({detail})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

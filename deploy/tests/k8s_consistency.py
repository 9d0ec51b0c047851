"""Checks on a rendered overlay that a schema cannot express; prints a resource count. Rules: worker --slots
and shard THREADS equal the CPU request; SHARDS equals the Indexed Job's completions; every `sweep status`
probe authenticates with the status key (status.secret, which the coordinator accepts for status only), and
the coordinator it probes takes that key's public half with --status-keys. With the Dockerfile: every container
runs the image's user (runAsUser and runAsGroup equal its USER) on a read-only root filesystem, and every command
or probe that names the sweep binary names the image's ENTRYPOINT; a container without `command` uses that
entrypoint. A coordinator has a PodDisruptionBudget that selects its pods. A ServiceMonitor (no CRD schema is
available offline) uses only the fields written here, selects a Service whose named port leads to the
coordinator's metrics port, and scrapes /metrics; a PrometheusRule is left to check-prometheus-rules.sh.

Usage: k8s_consistency.py RENDERED.yaml [DOCKERFILE]
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


def dockerfile_runtime(path):
    """The runtime (last) stage's USER as (uid, gid) and its ENTRYPOINT's executable."""
    user, entrypoint = None, None
    with open(path) as handle:
        for line in handle:
            words = line.split(None, 1)
            if not words:
                continue
            if words[0] == "FROM":
                user, entrypoint = None, None
            elif words[0] == "USER":
                uid, _, gid = words[1].strip().partition(":")
                user = (int(uid), int(gid or uid))
            elif words[0] == "ENTRYPOINT":
                entrypoint = yaml.safe_load(words[1])[0]
    return user, entrypoint


def image_problems(where, pod, container, user, entrypoint):
    """The container runs the image as built: its user, its entrypoint, a read-only root filesystem."""
    problems = []
    security = {**(pod.get("securityContext") or {}), **(container.get("securityContext") or {})}
    if (security.get("runAsUser"), security.get("runAsGroup")) != user:
        problems.append(f"{where}: runs as {security.get('runAsUser')}:{security.get('runAsGroup')} but the image's "
                        f"USER is {user[0]}:{user[1]}")
    if security.get("readOnlyRootFilesystem") is not True:
        problems.append(f"{where}: no readOnlyRootFilesystem; the image needs to write only /data and /tmp")
    commands = [container.get("command") or []]
    commands += [((container.get(kind) or {}).get("exec") or {}).get("command") or []
                 for kind in ("startupProbe", "readinessProbe", "livenessProbe")]
    for command in commands:
        for word in " ".join(map(str, command)).split():
            if word.endswith("/sweep") and word != entrypoint:
                problems.append(f"{where}: runs {word} but the image's entrypoint is {entrypoint}")
    if not container.get("image", "").startswith("touchsweep/sweep"):
        problems.append(f"{where}: image {container.get('image')} is not touchsweep/sweep")
    return problems


def disruption_problems(resources):
    """Every coordinator pod template is selected by a PodDisruptionBudget that allows no voluntary eviction."""
    budgets = [r for r in resources if r["kind"] == "PodDisruptionBudget"]
    problems = []
    for resource in resources:
        if resource["kind"] != "Job":
            continue
        labels = resource["spec"]["template"]["metadata"].get("labels", {})
        if labels.get("app.kubernetes.io/component") != "coordinator":
            continue
        covering = [b for b in budgets
                    if all(labels.get(k) == v for k, v in b["spec"]["selector"].get("matchLabels", {}).items())]
        if not any(b["spec"].get("maxUnavailable") == 0 or b["spec"].get("minAvailable") == 1 for b in covering):
            problems.append(f"Job {resource['metadata']['name']}: no PodDisruptionBudget keeps a drain from evicting "
                            "the coordinator mid-sweep")
    return problems


SERVICE_MONITOR_FIELDS = {"selector", "endpoints", "namespaceSelector", "jobLabel"}
ENDPOINT_FIELDS = {"port", "path", "interval", "scrapeTimeout", "scheme"}


def service_monitor_problems(resources):
    """Each ServiceMonitor endpoint reaches a container port that serves the coordinator's --metrics-port."""
    problems = []
    services = [r for r in resources if r["kind"] == "Service"]
    jobs = [r for r in resources if r["kind"] == "Job"]
    for monitor in (r for r in resources if r["kind"] == "ServiceMonitor"):
        where = f"ServiceMonitor {monitor['metadata']['name']}"
        spec = monitor.get("spec", {})
        unknown = set(spec) - SERVICE_MONITOR_FIELDS
        if unknown:
            problems.append(f"{where}: fields not used by these checks: {sorted(unknown)}")
        wanted = spec.get("selector", {}).get("matchLabels", {})
        selected = [s for s in services
                    if wanted and all(s["metadata"].get("labels", {}).get(k) == v for k, v in wanted.items())]
        if len(selected) != 1:
            problems.append(f"{where}: selects {len(selected)} Services by {wanted}; it must select the coordinator's")
            continue
        service = selected[0]
        for endpoint in spec.get("endpoints", []):
            unknown = set(endpoint) - ENDPOINT_FIELDS
            if unknown:
                problems.append(f"{where}: endpoint fields not used by these checks: {sorted(unknown)}")
            port = next((p for p in service["spec"]["ports"] if p.get("name") == endpoint.get("port")), None)
            if port is None:
                problems.append(f"{where}: port {endpoint.get('port')} is not a port of Service "
                                f"{service['metadata']['name']}")
                continue
            if endpoint.get("path", "/metrics") != "/metrics":
                problems.append(f"{where}: path {endpoint['path']}; the coordinator serves /metrics")
            pods = [j["spec"]["template"] for j in jobs
                    if all(j["spec"]["template"]["metadata"].get("labels", {}).get(k) == v
                           for k, v in service["spec"]["selector"].items())]
            served = False
            for pod in pods:
                for container in pod["spec"]["containers"]:
                    numbers = {c.get("name"): c["containerPort"] for c in container.get("ports", [])}
                    target = port.get("targetPort")
                    number = numbers.get(target, target)
                    metrics = option(container.get("args", []), "--metrics-port")
                    served = served or (metrics is not None and int(metrics) == number)
            if not served:
                problems.append(f"{where}: port {endpoint.get('port')} does not reach a coordinator's --metrics-port")
    return problems


def main(path, dockerfile=None):
    with open(path) as handle:
        resources = [doc for doc in yaml.safe_load_all(handle) if doc]
    user, entrypoint = dockerfile_runtime(dockerfile) if dockerfile else (None, None)
    problems = disruption_problems(resources) + service_monitor_problems(resources)
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
            if dockerfile:
                problems += image_problems(where, spec["template"]["spec"], container, user, entrypoint)
    for where, (name, shards) in shard_counts.items():
        expected = indexed_completions.get(name) or next(iter(indexed_completions.values()), None)
        if expected is None or int(shards) != expected:
            problems.append(f"{where}: SHARDS {shards} but the Indexed Job's completions are {expected}; make them equal")
    if problems:
        print("; ".join(problems))
        return 1
    kinds = collections.Counter(resource["kind"] for resource in resources)
    detail = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    custom = sorted({r["kind"] for r in resources if r["apiVersion"].startswith("monitoring.coreos.com/")})
    note = f"; {' and '.join(custom)} checked by rules, no schema offline" if custom else ""
    print(f"{len(resources)} resources ({detail}{note})")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))

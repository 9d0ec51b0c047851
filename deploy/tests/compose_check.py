"""Validates a compose file against the Compose Specification JSON schema, then checks what the schema
cannot: every secret, config and named volume a service uses is declared, the default config file exists,
worker --slots equals the CPU limit, and a `sweep status` health check authenticates with the status key
(status.secret, accepted for status only) of a coordinator started with --status-keys.

Usage: compose_check.py SCHEMA.json COMPOSE.yaml
Success: prints e.g. "2 services, 6 secrets, 1 config, 1 volume" and exits 0.
Failure: prints each problem on one line and exits 1.
"""
import json
import os
import re
import sys

import jsonschema
import yaml


def declared_name(entry):
    return entry if isinstance(entry, str) else entry.get("source")


def default_path(text, base):
    """`${VAR:-default}` -> default (the value when VAR is unset), relative to the compose file."""
    resolved = re.sub(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}", r"\1", text)
    return os.path.normpath(os.path.join(base, resolved))


def health_check_problems(name, service, secrets):
    """A health check running `sweep status` must hold the status key, never a worker's: a worker key could take work."""
    test = (service.get("healthcheck") or {}).get("test") or []
    if "status" not in test or "--key" not in test:
        return []
    key = test[test.index("--key") + 1]
    # The secret mounted at that path, and the file it is made from.
    mounted = {}
    for entry in service.get("secrets", []):
        source = declared_name(entry)
        target = entry if isinstance(entry, str) else entry.get("target", source)
        mounted[target if target.startswith("/") else "/run/secrets/" + target] = source
    source = mounted.get(key)
    path = (secrets.get(source) or {}).get("file", "") if source else ""
    if os.path.basename(path) != "status.secret":
        return [f"services/{name}/healthcheck: sweep status with --key {key} ({path or 'no secret'}); health checks use "
                "the status key (keys/status.secret), which cannot take work"]
    if "--status-keys" not in (service.get("command") or []):
        return [f"services/{name}: its health check uses the status key but the coordinator has no --status-keys"]
    return []


def main(schema_path, compose_path):
    with open(schema_path) as handle:
        schema = json.load(handle)
    with open(compose_path) as handle:
        compose = yaml.safe_load(handle)
    # The schema declares draft 2019-09 (with a trailing '#' jsonschema does not recognise).
    jsonschema.Draft201909Validator.check_schema(schema)
    validator = jsonschema.Draft201909Validator(schema)
    problems = [f"{'/'.join(str(p) for p in error.absolute_path) or '(top)'}: {error.message}"
                for error in validator.iter_errors(compose)]
    if problems:
        print("\n".join(problems))
        return 1
    services = compose.get("services", {})
    for kind in ("secrets", "configs"):
        declared = compose.get(kind, {}) or {}
        for name, service in services.items():
            for entry in service.get(kind, []):
                if declared_name(entry) not in declared:
                    problems.append(f"services/{name}/{kind}: {declared_name(entry)} is not declared under top-level {kind}")
    volumes = compose.get("volumes", {}) or {}
    for name, service in services.items():
        for mount in service.get("volumes", []):
            source = mount.split(":")[0] if isinstance(mount, str) else mount.get("source", "")
            if source and not source.startswith((".", "/", "~")) and source not in volumes:
                problems.append(f"services/{name}/volumes: {source} is not declared under top-level volumes")
        command = service.get("command") or []
        cpus = ((service.get("deploy") or {}).get("resources") or {}).get("limits", {}).get("cpus")
        if "--slots" in command:
            slots = command[command.index("--slots") + 1]
            if cpus is None or float(cpus) != float(slots):
                problems.append(f"services/{name}: --slots {slots} but deploy.resources.limits.cpus {cpus}; make them equal")
    for name, service in services.items():
        problems += health_check_problems(name, service, compose.get("secrets") or {})
    base = os.path.dirname(os.path.abspath(compose_path))
    for name, config in (compose.get("configs") or {}).items():
        if "file" in config and not os.path.exists(default_path(config["file"], base)):
            problems.append(f"configs/{name}: {config['file']} does not exist (with its default)")
    if problems:
        print("\n".join(problems))
        return 1
    counts = [(len(services), "service"), (len(compose.get("secrets") or {}), "secret"),
              (len(compose.get("configs") or {}), "config"), (len(volumes), "volume")]
    print(", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

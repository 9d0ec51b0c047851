import Foundation
import TestSupport
import Testing

/// deploy/tests/validate-k8s.sh renders every overlay with `kubectl kustomize` and validates it offline against
/// the Kubernetes 1.33 schemas in strict mode. No cluster is involved. The tests that render need kubectl and
/// are skipped, with the reason, where it is missing; the others need nothing but the repository.
@Suite struct KubernetesManifestTests {
    /// Without kubectl the validator stops at once with one line naming what to install, instead of passing
    /// or failing later. Run with a PATH that holds only the two tools the script needs before that check.
    @Test func aMissingKubectlFailsLoudly() throws {
        let scratch = try TemporaryDirectory("touchsweep-deploy-no-kubectl-bin"), home = try TemporaryDirectory("touchsweep-deploy-home")
        let bin = scratch.url
        for tool in ["dirname", "basename"] {
            let target = try #require(pathOf(tool), "\(tool) is not on PATH")
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(tool).path, withDestinationPath: target)
        }
        let script = Repository.url("deploy/tests/validate-k8s.sh").path
        let result = try runProgram("/bin/bash", [script], environment: ["PATH": bin.path, "HOME": home.path])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
        #expect(
            result.stderr == "validate-k8s.sh: kubectl is not on PATH (needed for 'kubectl kustomize'); "
                + "install kubectl 1.27 or later.\n", "\(result.transcript)")
    }

    @Test(needsKubectl) func everyOverlayRendersAndValidates() throws {
        let result = try runDeployScript("validate-k8s.sh")
        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "overlays/coordinator: 10 resources (1 ConfigMap, 2 Job, 1 Namespace, 1 NetworkPolicy, "
                        + "1 PersistentVolumeClaim, 1 PodDisruptionBudget, 2 Secret, 1 Service) valid against Kubernetes 1.33.0 (strict)")
            }, "\(result.transcript)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "overlays/monitoring: 12 resources (1 ConfigMap, 2 Job, 1 Namespace, 1 NetworkPolicy, 1 PersistentVolumeClaim, "
                        + "1 PodDisruptionBudget, 1 PrometheusRule, 2 Secret, 1 Service, 1 ServiceMonitor; PrometheusRule and "
                        + "ServiceMonitor checked by rules, no schema offline) valid against Kubernetes 1.33.0 (strict)")
            }, "\(result.transcript)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "overlays/indexed: 5 resources (1 ConfigMap, 2 Job, 1 Namespace, "
                        + "1 PersistentVolumeClaim) valid against Kubernetes 1.33.0 (strict)")
            }, "\(result.transcript)")
        #expect(lines.count == 3, "one line per overlay: \(lines)")
    }

    @Test(needsKubectl) func aFieldOfTheWrongTypeFailsValidation() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-type", editPath: "overlays/coordinator/worker-job.yaml",
            replacing: "parallelism: 4", with: "parallelism: four")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("job/sweep-workers") && result.stdout.contains("'four' is not of type 'integer'"), "\(result.transcript)")
        #expect(result.stdout.contains("overlays/coordinator: INVALID against Kubernetes 1.33.0 (strict)"))
        #expect(result.stdout.contains("overlays/indexed: 5 resources"), "the other overlay is still checked")
    }

    @Test(needsKubectl) func anUnknownFieldFailsBecauseValidationIsStrict() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-strict", editPath: "overlays/indexed/shards-job.yaml",
            replacing: "  completionMode: Indexed", with: "  completionMode: Indexed\n  replicas: 4")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("job/sweep-shards") && result.stdout.contains("replicas"), "\(result.transcript)")
        #expect(result.stdout.contains("overlays/indexed: INVALID"))
    }

    @Test(needsKubectl) func slotsThatDifferFromTheCPURequestAreReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-slots", editPath: "overlays/coordinator/worker-job.yaml",
            replacing: "- --slots\n            - \"2\"", with: "- --slots\n            - \"8\"")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.stdout.contains("Job sweep-workers container worker: --slots 8 but requests.cpu 2; make them equal"),
            "\(result.transcript)")
    }

    @Test(needsKubectl) func aShardCountThatDiffersFromCompletionsIsReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-shards", editPath: "overlays/indexed/shards-job.yaml",
            replacing: "completions: 4", with: "completions: 6")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.stdout.contains("Job sweep-shards container shard: SHARDS 4 but the Indexed Job's completions are 6"),
            "\(result.transcript)")
        #expect(result.stdout.contains("Job sweep-merge container merge: SHARDS 4 but the Indexed Job's completions are 6"))
    }

    /// The coordinator's probes read with the status key; a worker's key there could also take work.
    @Test(needsKubectl) func aProbeWithAWorkerKeyIsReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-probe", editPath: "overlays/coordinator/coordinator-job.yaml",
            replacing: "--key, /keys/status.secret", with: "--key, /keys/allow/worker-1.pub")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        for probe in ["startupProbe", "readinessProbe", "livenessProbe"] {
            #expect(
                result.stdout.contains(
                    "Job sweep-coordinator container coordinator: \(probe) runs sweep status with --key "
                        + "/keys/allow/worker-1.pub; probes use the status key (status.secret), which cannot take work"), "\(result.transcript)")
        }
    }

    /// The pods run the image as deploy/docker/Dockerfile builds it: its user, its entrypoint, a read-only root.
    @Test(needsKubectl) func aPodThatRunsTheImageOtherwiseThanItIsBuiltIsReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-image", editPath: "overlays/coordinator/worker-job.yaml",
            replacing: "runAsUser: 10001", with: "runAsUser: 1000")
        let edited = tree.url.appendingPathComponent("overlays/coordinator/worker-job.yaml")
        let text = try String(contentsOf: edited, encoding: .utf8).replacingOccurrences(
            of: "readOnlyRootFilesystem: true", with: "readOnlyRootFilesystem: false")
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let probe = tree.url.appendingPathComponent("overlays/coordinator/coordinator-job.yaml")
        try String(contentsOf: probe, encoding: .utf8).replacingOccurrences(
            of: "command: [/usr/local/bin/sweep, status", with: "command: [/usr/bin/sweep, status"
        )
        .write(to: probe, atomically: true, encoding: .utf8)
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        for problem in [
            "Job sweep-workers container worker: runs as 1000:10001 but the image's USER is 10001:10001",
            "Job sweep-workers container worker: no readOnlyRootFilesystem; the image needs to write only /data and /tmp",
            "Job sweep-coordinator container coordinator: runs /usr/bin/sweep but the image's entrypoint is /usr/local/bin/sweep"
        ] { #expect(result.stdout.contains(problem), "\(problem)\n\(result.transcript)") }
    }

    /// Without its PodDisruptionBudget a drain may evict the coordinator mid-sweep.
    @Test(needsKubectl) func aCoordinatorWithoutADisruptionBudgetIsReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-pdb", editPath: "overlays/coordinator/kustomization.yaml",
            replacing: "  - coordinator-pdb.yaml\n", with: "")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.stdout.contains("Job sweep-coordinator: no PodDisruptionBudget keeps a drain from evicting the coordinator mid-sweep"),
            "\(result.transcript)")
    }

    /// The ServiceMonitor's port must lead to the coordinator's --metrics-port.
    @Test(needsKubectl) func aServiceMonitorThatScrapesAnotherPortIsReported() throws {
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-monitor", editPath: "overlays/monitoring/service-monitor.yaml",
            replacing: "- port: metrics", with: "- port: zmq")
        let result = try runDeployScript("validate-k8s.sh", tree.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("ServiceMonitor sweep-coordinator: port zmq does not reach a coordinator's --metrics-port"), "\(result.transcript)")
    }

    /// The alerts parse and behave as their unit tests say (promtool); a rule that fires too early fails them.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/promtool"), "promtool is not installed (make deps installs prometheus)"))
    func theStalledSweepAlertsPassTheirPromtoolTestsAndABrokenRuleFailsThem() throws {
        let good = try runDeployScript("check-prometheus-rules.sh")
        #expect(good.status == 0, "\(good.transcript)")
        #expect(good.stdout.contains("SUCCESS: 3 rules found") && good.stdout.hasSuffix("SUCCESS\n\n"), "\(good.transcript)")
        let tree = try copyWithEdit(
            "deploy/k8s", label: "k8s-rule", editPath: "overlays/monitoring/prometheus-rule.yaml", replacing: "for: 5m", with: "for: 1m")
        let broken = try runDeployScript("check-prometheus-rules.sh", tree.url.appendingPathComponent("overlays/monitoring/prometheus-rule.yaml").path)
        #expect(broken.status == 1, "\(broken.transcript)")
        #expect(broken.stderr.contains("alertname: TouchSweepStalled, time: 29m"), "\(broken.transcript)")
    }

    /// The ConfigMap's sweep is the quickstart, so the overlays run what `make demo` runs.
    @Test func theBaseSweepIsTheQuickstartConfig() throws {
        #expect(try Repository.text("deploy/k8s/base/sweep.yaml") == Repository.text("configs/quickstart.yaml"))
    }

    /// The placeholder keys cannot be mistaken for keys, and real keys next to the overlay are never committed.
    @Test func exampleKeysArePlaceholdersAndRealKeysAreIgnored() throws {
        for name in [
            "coordinator.secret", "coordinator.pub", "status.secret", "status.pub", "workers/worker-1.secret",
            "workers/worker-1.pub"
        ] {
            #expect(try Repository.text("deploy/k8s/example-keys/\(name)").hasPrefix("EXAMPLE-ONLY placeholder"), "\(name)")
        }
        let ignored = try Repository.text(".gitignore").split(separator: "\n")
        #expect(ignored.contains("/deploy/k8s/overlays/*/keys/") && ignored.contains("/deploy/compose/keys/"))
    }
}

import Foundation
import Testing

/// deploy/tests/validate-compose.sh validates deploy/compose/compose.yaml offline against the Compose
/// Specification JSON schema (and the references the schema cannot check). No Docker engine is involved.
@Suite struct ComposeFileTests {
    @Test func theComposeFileValidates() throws {
        let result = try runDeployScript("validate-compose.sh")
        #expect(result.status == 0, "\(result.transcript)")
        #expect(
            result.stdout == "deploy/compose/compose.yaml: 2 services, 6 secrets, 1 config, 1 volume valid against the "
                + "Compose Specification (compose_spec.json, docker-compose 1.29.2)\n", "\(result.transcript)")
    }

    @Test func aFieldOfTheWrongTypeFailsValidation() throws {
        let file = try copyWithEdit(
            "deploy/compose/compose.yaml", label: "compose-type", editPath: "",
            replacing: "replicas: 2", with: "replicas: two")
        let result = try runDeployScript("validate-compose.sh", file.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("services/worker/deploy/replicas: 'two' is not of type 'integer'"), "\(result.transcript)")
        #expect(result.stdout.contains("INVALID against the Compose Specification"))
    }

    @Test func anUnknownServiceKeyFailsValidation() throws {
        let file = try copyWithEdit(
            "deploy/compose/compose.yaml", label: "compose-key", editPath: "",
            replacing: "    restart: on-failure:3\n    deploy:\n      replicas: 2",
            with: "    restart: on-failure:3\n    replica: 2\n    deploy:\n      replicas: 2")
        let result = try runDeployScript("validate-compose.sh", file.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.stdout.contains("services/worker: 'replica' does not match any of the regexes: '^x-'"),
            "\(result.transcript)")
    }

    @Test func anUndeclaredSecretIsReported() throws {
        let file = try copyWithEdit(
            "deploy/compose/compose.yaml", label: "compose-secret", editPath: "",
            replacing: "      - source: worker-1.secret", with: "      - source: worker-9.secret")
        let result = try runDeployScript("validate-compose.sh", file.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.stdout.contains("services/worker/secrets: worker-9.secret is not declared under top-level secrets"),
            "\(result.transcript)")
    }

    /// The health check reads with the status key, that of a coordinator given `--status-keys`: a worker's key
    /// there could also take work, and a status key the coordinator does not know is refused.
    @Test(arguments: [
        (
            "--key, /run/secrets/status.secret", "--key, /keys/allow/worker-1.pub",
            "services/coordinator/healthcheck: sweep status with --key /keys/allow/worker-1.pub (keys/workers/worker-1.pub); "
                + "health checks use the status key (keys/status.secret), which cannot take work"
        ),
        (
            "      - --status-keys\n      - /run/secrets/status.pub\n", "",
            "services/coordinator: its health check uses the status key but the coordinator has no --status-keys"
        )
    ])
    func aHealthCheckWithoutTheStatusKeyIsReported(edit: (old: String, new: String, line: String)) throws {
        let file = try copyWithEdit(
            "deploy/compose/compose.yaml", label: edit.new.isEmpty ? "compose-status-keys" : "compose-probe-key", editPath: "", replacing: edit.old,
            with: edit.new)
        let result = try runDeployScript("validate-compose.sh", file.path)
        #expect(result.status == 1 && result.stdout.contains(edit.line), "\(result.transcript)")
    }
}

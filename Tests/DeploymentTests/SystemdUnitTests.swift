import Foundation
import TestSupport
import Testing

/// deploy/tests/verify-systemd.sh runs `systemd-analyze verify` on the units (with the built `sweep` as ExecStart).
@Suite(.disabled(if: !onPath("systemd-analyze"), "systemd-analyze is not installed here, so the units are not verified"))
struct SystemdUnitTests {
    /// The `sweep` binary of this build, as the CLI tests find it.
    static var sweepBinary: String { Program.sweep.path }

    @Test func bothUnitsVerifyWithoutAMessage() throws {
        let result = try runDeployScript("verify-systemd.sh", Self.sweepBinary)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(
            result.stdout == "systemd-analyze verify: 2 units (touchsweep-coordinator.service touchsweep-worker@.service) "
                + "without a message\n", "\(result.transcript)")
    }

    @Test func anUnknownKeyFailsVerification() throws {
        let units = try copyWithEdit(
            "deploy/systemd", label: "systemd", editPath: "touchsweep-worker@.service",
            replacing: "ProtectClock=yes", with: "ProtectClock=yes\nProtectEverything=yes")
        let result = try runDeployScript("verify-systemd.sh", Self.sweepBinary, units.path)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("Unknown key 'ProtectEverything' in section [Service]"), "\(result.transcript)")
        #expect(result.stdout.contains("2 units, FAILED"))
    }

    @Test func theUnitsAreSandboxed() throws {
        for name in ["touchsweep-coordinator.service", "touchsweep-worker@.service"] {
            let unit = try Repository.text("deploy/systemd/\(name)").split(separator: "\n")
            for setting in [
                "DynamicUser=yes", "ProtectSystem=strict", "ProtectHome=yes", "NoNewPrivileges=yes",
                "CapabilityBoundingSet=", "SystemCallFilter=@system-service"
            ] {
                #expect(unit.contains(Substring(setting)), "\(name): \(setting)")
            }
            #expect(unit.contains { $0.hasPrefix("LoadCredential=") }, "\(name): keys arrive as credentials")
        }
    }
}

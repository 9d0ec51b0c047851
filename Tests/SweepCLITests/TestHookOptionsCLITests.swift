import Foundation
import Testing

/// The options only tests use (issue 17 §3): `sweep worker --engine-version` and `--fail-tree`, `sweep submit
/// --fail-tree` (passed on to its local workers) and `--hold-reports-until`. They replace environment variables, and
/// `--help` does not show them.
@Suite struct TestHookOptionsCLITests {
    let cli = SweepCLITests()

    @Test func helpDoesNotOfferTheTestHooks() throws {
        for command in ["worker", "submit"] {
            let help = try cli.sweep(command, "--help")
            #expect(help.status == 0, "\(help.stderr)")
            #expect(help.stdout.contains("--slots") || help.stdout.contains("--workers"), "\(help.stdout)")
            for hidden in ["--engine-version", "--fail-tree", "--hold-reports-until"] {
                #expect(!help.stdout.contains(hidden), "sweep \(command) --help offers \(hidden)")
            }
        }
    }

    @Test func aFailTreeThatIsNotConfigurationColonTreeIsRefusedInOneSentence() throws {
        let result = try cli.sweep("worker", "--connect", "ipc:///nonexistent/socket", "--fail-tree", "7")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--fail-tree must be CONFIGURATION:TREE, got 7."), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
    }
}

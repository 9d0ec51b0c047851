import ArgumentParser
import SweepPlanning

extension SweepCommand {
    /// `sweep plan CONFIG`: what a sweep would run, without running anything.
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print what a sweep config would run: configurations, trees, gestures, total runs.",
            discussion: """
                Loads the sweep config (docs/sweep-config.md), prints the number of configurations (the product of \
                the axes, zip groups varying together, minus exclusions), trees per configuration, gestures per \
                tree, total scenario runs and the config hash, then the first configurations with their axis \
                values. Nothing is run or written. A bad config is reported as file:line:column with exit status 2.
                """
        )

        @Argument(help: "A sweep config (YAML).")
        var config: String

        @Option(help: "How many configurations to list.")
        var show = 10

        func validate() throws {
            guard show >= 0 else { throw ValidationError("--show must be 0 or more") }
        }

        func run() throws {
            let loaded: SweepConfig
            do { loaded = try SweepConfigLoader.load(path: config) } catch {
                printError("sweep plan: \(error)")
                throw ExitCode(2)
            }
            print(PlanText.summary(SweepPlan(loaded), path: config, show: show), terminator: "")
        }
    }
}

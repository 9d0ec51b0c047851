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

        @OptionGroup
        var overrides: ConfigOverrideOptions

        @Option(help: OptionRanges.show.help("How many configurations to list"))
        var show = 10

        @OptionGroup
        var strictness: StrictOption

        func validate() throws {
            try OptionRanges.show.check(show)
        }

        func run() throws {
            let loaded = try readSweepConfig(config, overrides: overrides.overrides, command: "sweep plan").config
            let shown = ([config] + overrides.overrides.map { "--set " + $0 }).joined(separator: " ")
            let plan = SweepPlan(loaded)
            try strictness.check(plan, command: "sweep plan")
            print(PlanText.summary(plan, path: shown, show: show), terminator: "")
        }
    }
}

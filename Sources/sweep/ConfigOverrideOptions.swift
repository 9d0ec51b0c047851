import ArgumentParser
import SweepPlanning

/// `--set KEY=VALUE`, on every command that takes a sweep config (docs/sweep-config.md, "Overrides").
struct ConfigOverrideOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override a value of the config, as if the file said so (repeatable; a later one wins), e.g. "
                + "--set axes.contentTouchDelay=0,150,300 --set trees.perConfiguration=50.",
            valueName: "key=value"))
    var overrides: [String] = []
}

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TouchSweep",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sweep", targets: ["sweep"]),
        .library(name: "TouchEngine", targets: ["TouchEngine"]),
        .library(name: "ScenarioKit", targets: ["ScenarioKit"]),
        .library(name: "UIKitExport", targets: ["UIKitExport"]),
        .library(name: "TouchScenarios", targets: ["TouchScenarios"]),
        .library(name: "SweepPlanning", targets: ["SweepPlanning"]),
        .library(name: "ScreenImport", targets: ["ScreenImport"]),
        .library(name: "SweepReporting", targets: ["SweepReporting"]),
        .library(name: "SweepHTMLReport", targets: ["SweepHTMLReport"]),
        .library(name: "SweepReportWriter", targets: ["SweepReportWriter"]),
        .library(name: "SweepSubmission", targets: ["SweepSubmission"]),
        .library(name: "SweepShrinker", targets: ["SweepShrinker"]),
        .library(name: "SweepProtocol", targets: ["SweepProtocol"]),
        .library(name: "SweepResultCodec", targets: ["SweepResultCodec"]),
        .library(name: "SweepJournal", targets: ["SweepJournal"]),
        .library(name: "SweepTransportZMQ", targets: ["SweepTransportZMQ"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2")
    ],
    targets: [
        // The simulator. Pure: no dependencies, no Foundation, no I/O, no clock, no globals.
        .target(name: "TouchEngine"),
        // The seeded random number generator (SplitMix64) of the generators, the planner and the tests: a leaf.
        .target(name: "SeededRandom"),
        // Seeded generators (pure): view trees named after real screens, gestures with an intent, sweep axes.
        .target(name: "TouchScenarios", dependencies: ["TouchEngine", "ScenarioKit", "SeededRandom"]),
        // Real screens (pure): recursiveDescription dumps -> scenes, the class table, the map and recognizer overlays.
        .target(
            name: "ScreenImport",
            dependencies: ["TouchEngine", "TouchScenarios", "ScenarioKit", .product(name: "Yams", package: "Yams")]
        ),
        // Sweep configs (YAML) -> a deterministic plan: configurations, trees, gestures, work units, config hash.
        .target(
            name: "SweepPlanning",
            dependencies: ["TouchEngine", "TouchScenarios", "ScenarioKit", "ScreenImport", "SeededRandom", .product(name: "Yams", package: "Yams")]
        ),
        // Sweep semantics (pure): defect classification against intents, aggregation, the shard runner.
        .target(name: "SweepCore", dependencies: ["TouchEngine", "TouchScenarios", "SweepPlanning", "SweepReporting"]),
        // The shrinker: a defective example -> the smallest scene that still shows the defect and its cause, written as a
        // scenario file (`sweep shrink`, a sweep's minimal/ directory). ScenarioKit's writer and loader.
        .target(
            name: "SweepShrinker",
            dependencies: ["SweepCore", "SweepPlanning", "SweepReporting", "ScenarioKit", "TouchEngine", "TouchScenarios"]
        ),
        // The sweep wire protocol (pure): messages, frame codec, status reports. No sockets, no engine module.
        .target(name: "SweepProtocol"),
        // A unit's result (SweepCore's tallies) <-> the bytes of a `result` payload and a journal record (pure).
        .target(name: "SweepResultCodec", dependencies: ["SweepCore", "SweepProtocol", "SweepReporting"]),
        // libzmq itself (libzmq3-dev): imported only by SweepTransportZMQ.
        .systemLibrary(name: "CZeroMQ", path: "Sources/CZeroMQ", providers: [.apt(["libzmq3-dev"])]),
        // The only module that imports libzmq: a small, safe Swift API over ZeroMQ sockets (no libzmq types leak).
        .target(name: "SweepTransportZMQ", dependencies: ["CZeroMQ"]),
        // Coordinator and worker logic as state machines (pure: no sockets, no clock).
        .target(name: "SweepDistributed", dependencies: ["SweepProtocol"]),
        // One log handler for every command (swift-log): text or JSON lines with a timestamp, level and component.
        .target(name: "SweepLogging", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The drivers: coordinator and worker nodes on ZeroMQ sockets, journal and tallies. They log through a `Logger`.
        .target(
            name: "SweepNode",
            dependencies: [
                "SweepDistributed", "SweepProtocol", "SweepResultCodec", "SweepTransportZMQ", "SweepJournal", "SweepCore",
                "SweepPlanning", "SweepReporting", "ScenarioKit", "TouchEngine", .product(name: "Logging", package: "swift-log")
            ]
        ),
        // Prometheus metrics and the live view (/live, /live.json) of a running coordinator over HTTP (swift-prometheus,
        // SwiftNIO's HTTP/1 server with bounded requests, timeouts and a connection cap): `--metrics-port`.
        .target(
            name: "SweepMetrics",
            dependencies: [
                "SweepNode", "SweepHTMLReport", "SweepReporting", .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]
        ),
        // report.html (pure): the report files -> one self-contained page with inline SVG charts and trace timelines;
        // the live page of a running sweep (a status report and the results so far) with the same heatmaps.
        .target(
            name: "SweepHTMLReport",
            dependencies: ["SweepReporting", "SweepCore", "SweepPlanning", "SweepProtocol", "ScenarioKit", "TouchEngine"]
        ),
        // A finished sweep's report directory: the report files, the minimal repros (the shrinker) and report.html,
        // written in one directory swap; report.html redrawn from a directory on disk (`sweep report`).
        .target(
            name: "SweepReportWriter",
            dependencies: ["SweepHTMLReport", "SweepShrinker", "SweepCore", "SweepPlanning", "SweepReporting", "TouchEngine"]
        ),
        // `sweep submit`'s work apart from its command line: the output claim, the local cluster, the metrics port,
        // the coordinator's run and the reports.
        .target(
            name: "SweepSubmission",
            dependencies: [
                "SweepNode", "SweepMetrics", "SweepReportWriter", "SweepCore", "SweepJournal", "SweepPlanning", "SweepReporting", "SweepTransportZMQ",
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // Report output (pure but for OutputDirectory's file I/O): CSV, fixed numbers, Wilson intervals, histograms.
        .target(name: "SweepReporting"),
        // The resume journal (file I/O only): append-only, CRC-checked records of committed work units.
        // zlib (zlib1g-dev, one of Swift's own Linux prerequisites): its crc32 for the journal's checksums.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "SweepJournal", dependencies: ["CZlib"]),
        // Scenario files (YAML) <-> engine values; trace rendering as JSON; expectation checks.
        .target(
            name: "ScenarioKit",
            dependencies: ["TouchEngine", .product(name: "Yams", package: "Yams")]
        ),
        // UIKit snippet export (pure): a scenario -> a Swift file for iOS that rebuilds the screen and logs what happens.
        .target(name: "UIKitExport", dependencies: ["TouchEngine", "ScenarioKit"]),
        // The command-line tool: thin commands over the libraries.
        .executableTarget(
            name: "sweep",
            dependencies: [
                "TouchEngine", "ScenarioKit", "TouchScenarios", "SweepReporting", "SweepPlanning", "SweepCore", "SweepShrinker", "SweepNode",
                "SweepProtocol", "SweepTransportZMQ", "ScreenImport", "UIKitExport", "SweepHTMLReport", "SweepLogging",
                "SweepReportWriter", "SweepSubmission",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log")
            ]
        ),
        .executableTarget(
            name: "engine-bench",
            dependencies: [
                "TouchEngine", "ScenarioKit", "TouchScenarios", "SweepPlanning", "SweepCore", "SweepShrinker", "SweepNode", "SweepProtocol",
                "SweepResultCodec", "SweepTransportZMQ", "SweepDistributed", "SweepReporting", "SweepReportWriter"
            ],
            path: "Benchmarks/engine-bench"
        ),
        // Shared by the test targets only: the repository root, the seeded generator, the tiny sweep config, golden files.
        .target(name: "TestSupport", dependencies: ["SeededRandom"], path: "Tests/TestSupport"),
        .testTarget(name: "TouchEngineTests", dependencies: ["TouchEngine", "ScenarioKit"]),
        .testTarget(name: "ScenarioKitTests", dependencies: ["ScenarioKit", "TouchEngine", .product(name: "Yams", package: "Yams")]),
        // The UIKit export: goldens of the seed scenarios, `swiftc -parse` of every generated file, key coverage.
        .testTarget(name: "UIKitExportTests", dependencies: ["UIKitExport", "ScenarioKit"], exclude: ["Goldens"]),
        .testTarget(
            name: "GoldenCaseTests",
            dependencies: ["ScenarioKit", "TouchEngine", .product(name: "Yams", package: "Yams")],
            exclude: ["Traces"]
        ),
        .testTarget(
            name: "SweepCLITests",
            dependencies: [
                "ScenarioKit", "SweepCore", "SweepShrinker", "SweepProtocol", "SweepTransportZMQ", "SweepJournal", "SweepLogging",
                "SweepPlanning", "TouchScenarios", .product(name: "Logging", package: "swift-log")
            ]
        ),
        .testTarget(name: "SweepDistributedTests", dependencies: ["SweepDistributed", "SweepProtocol"]),
        .testTarget(name: "TouchScenariosTests", dependencies: ["TouchScenarios", "TouchEngine", "ScenarioKit"]),
        .testTarget(name: "SweepPlanningTests", dependencies: ["SweepPlanning", "TouchScenarios", "TouchEngine", "ScenarioKit"]),
        .testTarget(name: "SweepReportingTests", dependencies: ["SweepReporting"]),
        // The metrics server's limits against hostile clients, over real sockets.
        .testTarget(name: "SweepMetricsTests", dependencies: ["SweepMetrics", .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(
            name: "SweepHTMLReportTests",
            dependencies: [
                "SweepHTMLReport", "SweepReporting", "SweepCore", "SweepShrinker", "SweepPlanning", "ScenarioKit", "TouchEngine", "SweepProtocol",
                "SweepNode", "SweepMetrics", "CZlib", .product(name: "NIOCore", package: "swift-nio")
            ]
        ),
        .testTarget(
            name: "ScreenImportTests",
            dependencies: [
                "ScreenImport", "ScenarioKit", "TouchEngine", "TouchScenarios", "SweepPlanning", "SweepCore",
                .product(name: "Yams", package: "Yams")
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "SweepProtocolTests", dependencies: ["SweepProtocol", "SweepResultCodec", "SweepCore", "SweepReporting", "SweepPlanning", "TouchEngine"]),
        .testTarget(name: "SweepJournalTests", dependencies: ["SweepJournal"]),
        // The node loops in-process in virtual time over the in-memory network: the fault scenarios without sleeps.
        .testTarget(
            name: "SweepNodeTests",
            dependencies: [
                "SweepNode", "SweepDistributed", "SweepProtocol", "SweepCore", "SweepPlanning", "SweepJournal", "SweepLogging",
                "SweepTransportZMQ", "TouchEngine", .product(name: "Logging", package: "swift-log")
            ]
        ),
        .testTarget(name: "SweepTransportZMQTests", dependencies: ["SweepTransportZMQ"]),
        // A submission run in-process: a coordinator over ZeroMQ, its workers on threads, the reports it writes.
        .testTarget(
            name: "SweepSubmissionTests",
            dependencies: ["SweepSubmission", "SweepNode", "SweepPlanning", "SweepCore", "SweepReportWriter", .product(name: "Logging", package: "swift-log")]
        ),
        // The deployment files: runs deploy/tests/*.sh (offline schema validation) and reads the Dockerfile.
        .testTarget(name: "DeploymentTests"),
        // Seeded mutations of the shipped configs, scenarios, dumps and overlays, run in-process through the loaders.
        .testTarget(
            name: "InputFuzzTests",
            dependencies: ["ScenarioKit", "SweepPlanning", "ScreenImport", "TouchEngine", "TouchScenarios"]
        ),
        .testTarget(
            name: "SweepCoreTests",
            dependencies: ["SweepCore", "SweepShrinker", "SweepPlanning", "SweepReporting", "TouchScenarios", "TouchEngine", "ScenarioKit"]
        ),
        .testTarget(
            name: "SweepShrinkerTests",
            dependencies: ["SweepShrinker", "SweepCore", "SweepPlanning", "TouchScenarios", "TouchEngine", "ScenarioKit"]
        )
    ],
    swiftLanguageModes: [.v6]
)

// Every test target may use the shared test support (Tests/TestSupport), and none copies it.
for target in package.targets where target.type == .test {
    target.dependencies.append("TestSupport")
}

// The libraries every sweep's scenarios run through are compiled optimized in debug builds too, with `DEBUG` still
// defined: the engine's invariant and bounds checks stay on, and the test suite (a debug build, whose `sweep` binary
// most CLI tests run) takes about a third less time and half the CPU (docs/ARCHITECTURE.md, "Debug builds").
// `TOUCHSWEEP_ONONE=1` at build time leaves them unoptimized, for stepping through them in a debugger.
let optimizedInDebugBuilds: Set<String> = ["TouchEngine", "TouchScenarios", "SweepCore", "SweepShrinker"]
if Context.environment["TOUCHSWEEP_ONONE"] != "1" {
    for target in package.targets where optimizedInDebugBuilds.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    }
}

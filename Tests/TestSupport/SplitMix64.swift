// The tests' seeded generator is the library's (Sources/TouchScenarios/SplitMix64.swift): one implementation,
// so a test's "random" data is reproducible from its seed on every machine and never drifts from the generators'.
@_exported import struct TouchScenarios.SplitMix64

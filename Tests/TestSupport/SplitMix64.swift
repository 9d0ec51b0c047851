// The tests' seeded generator is the library's (Sources/SeededRandom/SplitMix64.swift, a module of its own so that
// every test target has it without building the engine): one implementation, so a test's "random" data is
// reproducible from its seed on every machine and never drifts from the generators'.
@_exported import struct SeededRandom.SplitMix64

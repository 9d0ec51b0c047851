import Foundation
import TestSupport
import Testing
import TouchScenarios

/// Issue 14 §3: no input crashes the binary. Seeded mutations of every shipped config, scenario and dump (and of
/// a recognizers file and a class map) go through the loaders in-process; each must load — and then run through
/// the engine, and for dumps and overlays give a scenario file that loads again — or be refused with one line
/// that starts with the file's name. A trap anywhere ends the test process, which fails the run.
///
/// To find the input behind a crash, run with `INPUT_FUZZ_KEEP=<directory>`: each input is written there
/// (`last-<kind>`) before it is tried, so the one that crashed is left behind.
@Suite struct InputFuzzTests {
    @Test(arguments: InputKind.allCases)
    func damagedInputsLoadOrAreRefusedWithOneLineNamingTheFile(_ kind: InputKind) throws {
        let seeds = FuzzCorpus.seeds(kind)
        #expect(!seeds.isEmpty, "no shipped \(kind) files were found under \(Repository.path)")
        guard !seeds.isEmpty else { return }
        let keep = ProcessInfo.processInfo.environment["INPUT_FUZZ_KEEP"]
        var rng = SplitMix64(seed: 14, UInt64(InputKind.allCases.firstIndex(of: kind)!))
        var loaded = 0, refused = 0
        for _ in 0 ..< kind.mutations {
            let seed = rng.pick(seeds)
            var bytes = seed.bytes
            var applied: [Mutation] = []
            for _ in 0 ..< (rng.chance(0.6) ? 1 : rng.int(2 ... 3)) {
                let mutation = rng.pick(Mutation.allCases)
                bytes = mutation.apply(to: bytes, dump: kind == .dump, rng: &rng)
                applied.append(mutation)
            }
            if let keep { _ = FileManager.default.createFile(atPath: keep + "/last-\(kind)", contents: Data(bytes)) }
            // Configs name their screens relative to their own directory: they load from where they are.
            let path = kind == .config ? Repository.path + "/" + seed.path : seed.path
            switch FuzzRunner.run(kind, path: path, bytes: bytes) {
            case .loaded: loaded += 1
            case .refused: refused += 1
            case .problem(let problem):
                Issue.record("\(seed.path) after \(applied): \(problem)")
            }
        }
        print("InputFuzzTests: \(kind.mutations) mutations of \(seeds.count) \(kind) files: \(loaded) loaded, \(refused) refused")
        // Both paths are exercised: the mutations are neither all harmless nor all fatal.
        #expect(loaded > 0)
        #expect(refused > 0)
    }
}

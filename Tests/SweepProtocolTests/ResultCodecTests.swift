import SweepCore
import SweepPlanning
import SweepProtocol
import SweepReporting
import SweepResultCodec
import TestSupport
import Testing
import TouchEngine

/// UnitResult <-> payload bytes: exact round trips of real runner output, sizes, and every rejection.
@Suite struct ResultCodecTests {
    static let config = TinySweep.yaml

    static func plan() throws -> SweepPlan {
        SweepPlan(try SweepConfigLoader.load(yaml: config, path: "tiny.yaml"))
    }

    static let d = DefectClass.allCases.count
    /// Not-counted reasons: each non-empty tally carries one count per reason before its attempts.
    static let n = NotCounted.allCases.count
    static let t = Fixtures.templates.count
    static let f = Fixtures.families.count

    // MARK: Round trips

    @Test func realUnitResultsRoundTripExactlyAndMergeToTheInProcessTallies() throws {
        let plan = try Self.plan()
        var runner = UnitRunner(plan: plan)
        for perUnit in [1, 2, 6] {
            var merged = SweepTallies(configurationCount: plan.configurations.count, examplesPerClass: plan.config.examples)
            var latencies = 0, examples = 0
            // Merged in reverse order, as a coordinator might receive them.
            for unit in plan.units(treesPerUnit: perUnit).reversed() {
                let result = runner.run(unit)
                let bytes = ResultCodec.encode(result)
                let spec = UnitSpec(configuration: unit.configuration, trees: unit.trees)
                let decoded = try ResultCodec.decode(bytes, for: spec)
                #expect(decoded == result)
                #expect(ResultCodec.encode(decoded) == bytes)
                merged.merge(decoded)
                latencies += result.tallies.total.highlightLatency?.count ?? 0
                examples += result.examples.count
            }
            #expect(latencies > 0 && examples > 0, "the plan exercises histograms and examples")
            #expect(merged == ParallelSweep.run(plan, threads: 2, treesPerUnit: perUnit))
        }
    }

    @Test func seededRandomResultsRoundTrip() throws {
        var rng = Seeded(0x7E5)
        for i in 0 ..< 300 {
            let result = rng.unitResult(
                scenarios: i % 50 == 0 ? 2000 : Int.random(in: 0 ... 60, using: &rng),
                examples: Int.random(in: 0 ... 8, using: &rng))
            let bytes = ResultCodec.encode(result)
            #expect(try ResultCodec.decode(bytes) == result)
        }
    }

    @Test func theResultTravelsInsideAResultMessage() throws {
        let plan = try Self.plan()
        var runner = UnitRunner(plan: plan)
        let unit = plan.units(treesPerUnit: 3)[1]
        let result = runner.run(unit)
        let spec = UnitSpec(configuration: unit.configuration, trees: unit.trees)
        let frames = FrameCodec.encode(
            .result(
                unit: spec, attempt: 1, status: .ok, elapsedMicroseconds: 10,
                payload: ResultCodec.encode(result), detail: ""))
        guard case let .result(u, _, status, _, payload, _) = try FrameCodec.decode(frames) else {
            Issue.record("not a result")
            return
        }
        #expect(u == spec && status == .ok)
        #expect(try ResultCodec.decode(payload, for: u) == result)
    }

    @Test func histogramsRebuildFromTheirPublicParts() {
        var h = LatencyHistogram()
        for ms in [0, 0.4, 3, 3, 1999.9, 2000, 2000.5, 9999] as [Double] { h.record(ms: ms) }
        #expect(h.nonEmptyBuckets.map(\.bucket) == [0, 1, 3, 2000, 2001])
        #expect(h.overflowMaxMicroseconds == 9_999_000)
        #expect(LatencyHistogram(nonEmptyBuckets: h.nonEmptyBuckets, overflowMaxMicroseconds: h.overflowMaxMicroseconds) == h)
        #expect(LatencyHistogram(nonEmptyBuckets: [(3, 1), (3, 1)], overflowMaxMicroseconds: 0) == nil)
        #expect(LatencyHistogram(nonEmptyBuckets: [(2001, 1)], overflowMaxMicroseconds: 2_000_000) == nil)
        #expect(LatencyHistogram(nonEmptyBuckets: [(2, 0)], overflowMaxMicroseconds: 0) == nil)
        #expect(LatencyHistogram(nonEmptyBuckets: [(2, 1)], overflowMaxMicroseconds: 5) == nil)
        #expect(LatencyHistogram(nonEmptyBuckets: [], overflowMaxMicroseconds: 0) == LatencyHistogram())
    }

    // MARK: Sizes

    @Test func anEmptyResultIsAFewDozenBytes() {
        let bytes = ResultCodec.encode(UnitResult(configuration: 3))
        // format, configuration, six sizes, (1 + templates + families) tallies of runs 0 + flags, causes, model bands,
        // examples.
        #expect(bytes.count == 1 + 1 + 6 + (1 + Self.t + Self.f) * 2 + 1 + 1 + 1)
        #expect(bytes.count == 69, "docs/protocol.md")
        #expect(bytes.count < 80)
    }

    @Test func payloadsGrowWithDistinctLatenciesNotWithScenarios() throws {
        func payload(_ n: Int, distinct: Int) -> Int {
            var tallies = ConfigurationTallies()
            for i in 0 ..< n {
                var verdict = ScenarioVerdict()
                verdict.applicable.insert(.lateAction)
                verdict.actionLatency = Double(i % distinct)
                tallies.add(verdict, template: Fixtures.templates[0], family: Fixtures.families[0])
            }
            var result = UnitResult(configuration: 0)
            result.tallies = tallies
            return ResultCodec.encode(result).count
        }
        let small = payload(10, distinct: 1), large = payload(100_000, distinct: 1)
        #expect(large - small <= 3 * 2 * 3, "three tallies, each with a few more varint bytes for runs, attempts, one count")
        #expect(payload(2000, distinct: 2000) < 3 * 2000 * 4 + 600, "at most about 4 bytes per non-empty bucket")
    }

    @Test func realPayloadsAreCompact() throws {
        let plan = try Self.plan()
        var runner = UnitRunner(plan: plan)
        for unit in plan.units(treesPerUnit: 6) {
            let result = runner.run(unit)
            let bytes = ResultCodec.encode(result)
            #expect(bytes.count < 4096, "\(unit.id): \(bytes.count) bytes for \(result.tallies.total.runs) scenarios")
        }
    }

    // MARK: Rejections

    static func expect(_ bytes: [UInt8], _ error: ProtocolError, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = Fixtures.resultError(bytes)
        #expect(found == error, sourceLocation: sourceLocation)
        #expect(found?.description == line, sourceLocation: sourceLocation)
    }

    /// The empty result's bytes for configuration 3: total.runs is at byte 8, an empty tally takes 2 bytes.
    static var empty: [UInt8] { ResultCodec.encode(UnitResult(configuration: 3)) }
    static var causesOffset: Int { 8 + (1 + t + f) * 2 }
    static var bandsOffset: Int { causesOffset + 1 }
    static var examplesOffset: Int { bandsOffset + 1 }
    /// The empty result with total.runs = 1 and every other total field written: the runs not counted at byte 9,
    /// attempts at 9 + reasons, flags at 9 + reasons + 2 × classes.
    static var oneRun: [UInt8] { [UInt8](empty.prefix(8)) + [1] + [UInt8](repeating: 0, count: n + 2 * d) + Array(empty.dropFirst(9)) }
    static var tallyBytes: Int { 2 + n + 2 * d }
    static let k = CauseKind.allCases.count

    @Test func formatAndSizeMismatches() {
        var b = Self.empty
        b[0] = 5 // a result of a build without element categories (before issue 35)
        Self.expect(b, .resultFormat(found: 5, expected: 6), "Unsupported result payload format 5: this build reads format 6 only.")
        b[0] = 4 // a result of a build without model bands (before issue 34 §2)
        Self.expect(b, .resultFormat(found: 4, expected: 6), "Unsupported result payload format 4: this build reads format 6 only.")
        b[0] = 3 // a result of a build whose causes carry no category (before issue 34)
        Self.expect(b, .resultFormat(found: 3, expected: 6), "Unsupported result payload format 3: this build reads format 6 only.")
        b[0] = 2 // a result of a build with only one of per-tree sums and causes or runs not counted
        Self.expect(b, .resultFormat(found: 2, expected: 6), "Unsupported result payload format 2: this build reads format 6 only.")
        b[0] = 1 // a result of a build before either (a journal or shard written by it)
        Self.expect(b, .resultFormat(found: 1, expected: 6), "Unsupported result payload format 1: this build reads format 6 only.")
        b[0] = 7
        Self.expect(b, .resultFormat(found: 7, expected: 6), "Unsupported result payload format 7: this build reads format 6 only.")
        b = Self.empty
        let p = InferredParameter.allCases.count
        b[7] = UInt8(p + 1)
        Self.expect(
            b, .sizeMismatch(field: "payload.inferredParameters", offset: 7, found: p + 1, expected: p),
            "Size mismatch at byte 7: payload.inferredParameters is \(p + 1), this build has \(p) (a different engine build?).")
        b = Self.empty
        b[5] = UInt8(Self.k - 1)
        Self.expect(
            b, .sizeMismatch(field: "payload.causeKinds", offset: 5, found: Self.k - 1, expected: Self.k),
            "Size mismatch at byte 5: payload.causeKinds is \(Self.k - 1), this build has \(Self.k) (a different engine build?).")
        b = Self.empty
        b[2] = UInt8(Self.d + 1)
        Self.expect(
            b, .sizeMismatch(field: "payload.defectClasses", offset: 2, found: Self.d + 1, expected: Self.d),
            "Size mismatch at byte 2: payload.defectClasses is \(Self.d + 1), this build has \(Self.d) (a different engine build?).")
        b = Self.empty
        b[3] = 0
        Self.expect(
            b, .sizeMismatch(field: "payload.templates", offset: 3, found: 0, expected: Self.t),
            "Size mismatch at byte 3: payload.templates is 0, this build has \(Self.t) (a different engine build?).")
        b = Self.empty
        b[4] = UInt8(Self.f - 1)
        Self.expect(
            b, .sizeMismatch(field: "payload.families", offset: 4, found: Self.f - 1, expected: Self.f),
            "Size mismatch at byte 4: payload.families is \(Self.f - 1), this build has \(Self.f) (a different engine build?).")
        b = Self.empty
        b[6] = UInt8(Self.n + 1)
        Self.expect(
            b, .sizeMismatch(field: "payload.notCountedReasons", offset: 6, found: Self.n + 1, expected: Self.n),
            "Size mismatch at byte 6: payload.notCountedReasons is \(Self.n + 1), this build has \(Self.n) (a different engine build?).")
        Self.expect(
            [], .truncated(field: "payload.format", offset: 0, needed: 1, available: 0),
            "Truncated at byte 0 reading payload.format: needed 1 bytes, 0 left.")
        Self.expect(
            Self.empty + [0], .trailingBytes(part: "the result payload", offset: Self.empty.count, count: 1),
            "Trailing bytes: 1 unread at byte \(Self.empty.count) after the end of the result payload.")
    }

    @Test func malformedVarints() {
        var b = Self.empty
        b.replaceSubrange(1 ... 1, with: [0x83, 0x00]) // 3, overlong
        Self.expect(
            b, .malformed(field: "payload.configuration", offset: 1, reason: "overlong varint"),
            "Malformed data at byte 1 in payload.configuration: overlong varint.")
        b = Self.empty
        b.replaceSubrange(1 ... 1, with: [UInt8](repeating: 0xFF, count: 9) + [0x01])
        Self.expect(
            b, .malformed(field: "payload.configuration", offset: 1, reason: "varint above 2^63 - 1"),
            "Malformed data at byte 1 in payload.configuration: varint above 2^63 - 1.")
        b = Self.empty
        b.replaceSubrange(1 ... 1, with: [0x80, 0x80, 0x80, 0x80, 0x08]) // 2^31
        Self.expect(
            b, .outOfRange(field: "payload.configuration", offset: 1, value: 1 << 31, allowed: 0 ... 2_147_483_647),
            "Value out of range at byte 1: payload.configuration is 2147483648, allowed 0...2147483647.")
    }

    @Test func countsAboveRunsAndBadFlags() {
        var b = Self.oneRun
        let attempts = 9 + Self.n
        b[attempts] = 2 // total.attempts[0] = 2 with total.runs = 1
        Self.expect(
            b, .outOfRange(field: "payload.total.attempts[0] (dead_button)", offset: attempts, value: 2, allowed: 0 ... 1),
            "Value out of range at byte \(attempts): payload.total.attempts[0] (dead_button) is 2, allowed 0...1.")
        b = Self.oneRun
        b[9] = 2 // total.notCounted[0] = 2 with total.runs = 1
        Self.expect(
            b, .outOfRange(field: "payload.total.notCounted[0] (text_input)", offset: 9, value: 2, allowed: 0 ... 1),
            "Value out of range at byte 9: payload.total.notCounted[0] (text_input) is 2, allowed 0...1.")
        b = Self.oneRun
        b[9] = 1; b[10] = 1 // one run not counted for two reasons
        Self.expect(
            b, .malformed(field: "payload.total.notCounted", offset: 9, reason: "more runs not counted than runs"),
            "Malformed data at byte 9 in payload.total.notCounted: more runs not counted than runs.")
        b = Self.oneRun
        b[attempts + 2 * Self.d] = 8
        Self.expect(
            b, .malformed(field: "payload.total.histograms", offset: attempts + 2 * Self.d, reason: "reserved flag bits 8 are set"),
            "Malformed data at byte \(attempts + 2 * Self.d) in payload.total.histograms: reserved flag bits 8 are set.")
        b = Self.oneRun // total.runs = 1, but no template or family ran anything
        Self.expect(
            b,
            .inconsistent(
                field: "payload.total", offset: 8,
                reason: "the total is not the merge of the template tallies and of the family tallies"),
            "Inconsistent data at byte 8 in payload.total: the total is not the merge of the template tallies and of the family tallies.")
    }

    @Test func perTreeSumsThatNoTreesGiveAreRefused() {
        // One run, no attempts, and per-tree sums claiming one tree for dead_button: more trees than attempts.
        let flags = 9 + Self.n + 2 * Self.d
        var b = Array(Self.oneRun.prefix(flags)) + [4] + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 4 * (Self.d - 1))
        b += Array(Self.oneRun.dropFirst(flags + 1))
        Self.expect(
            b,
            .inconsistent(
                field: "payload.total.trees", offset: flags + 1,
                reason: "per-tree sums that no trees give (more trees than attempts, or squares out of bounds)"),
            "Inconsistent data at byte \(flags + 1) in payload.total.trees: per-tree sums that no trees give (more trees than attempts, or squares out of bounds)."
        )
        // Per-tree sums in a tally of no runs.
        var none = Self.empty
        none.replaceSubrange(8 ... 9, with: [0, 4])
        Self.expect(
            none, .malformed(field: "payload.total.histograms", offset: 9, reason: "per-tree sums in a tally with no runs"),
            "Malformed data at byte 9 in payload.total.histograms: per-tree sums in a tally with no runs.")
    }

    @Test func causesMustAddUpToTheCountsAndComeInOrder() throws {
        var result = UnitResult(configuration: 3)
        var verdict = ScenarioVerdict()
        verdict.applicable.insert(.deadButton)
        verdict.defects.insert(.deadButton)
        result.tallies.add(verdict, template: Fixtures.templates[0], family: Fixtures.families[0], causes: [.hitOtherView])
        result.tallies.add(
            verdict, template: Fixtures.templates[0], family: Fixtures.families[0], causes: [.takenByTap], categories: [.whatIf])
        let good = ResultCodec.encode(result)
        #expect(try ResultCodec.decode(good) == result)
        #expect(result.tallies.causes.entries.map(\.kind) == [.hitOtherView, .takenByTap])
        #expect(result.tallies.causes.entries.map(\.category) == [.hazard, .whatIf])
        // The causes section: 2 entries of (class, kind, category, count) each 4 bytes, just before the examples count.
        let hit = UInt8(CauseKind.hitOtherView.rawValue), tap = UInt8(CauseKind.takenByTap.rawValue)
        let at = good.count - 2 - 9
        #expect(Array(good[at ..< at + 9]) == [2, 0, hit, 0, 1, 0, tap, 2, 1])
        // One cause for two dead buttons.
        var b = Array(good[..<at]) + [1, 0, hit, 0, 1] + [0, 0]
        Self.expect(
            b,
            .inconsistent(
                field: "payload.causes", offset: at,
                reason: "the causes of a defect class do not add up to its count in the total"),
            "Inconsistent data at byte \(at) in payload.causes: the causes of a defect class do not add up to its count in the total.")
        b = Array(good[..<at]) + [2, 0, tap, 0, 1, 0, hit, 0, 1] + [0, 0]
        Self.expect(
            b, .malformed(field: "payload.causes[1]", offset: at + 5, reason: "causes are not in (defect, kind, category) order"),
            "Malformed data at byte \(at + 5) in payload.causes[1]: causes are not in (defect, kind, category) order.")
        // The same kind twice in one category is out of order too; in two categories it is two entries.
        b = Array(good[..<at]) + [2, 0, hit, 2, 1, 0, hit, 2, 1] + [0, 0]
        Self.expect(
            b, .malformed(field: "payload.causes[1]", offset: at + 5, reason: "causes are not in (defect, kind, category) order"),
            "Malformed data at byte \(at + 5) in payload.causes[1]: causes are not in (defect, kind, category) order.")
        b = Array(good[..<at]) + [2, 0, hit, 1, 1, 0, hit, 2, 1] + [0, 0]
        #expect(try ResultCodec.decode(b).tallies.causes.entries.map(\.category) == [.designed, .whatIf])
        b = Array(good[..<at]) + [1, 0, UInt8(Self.k), 0, 2] + [0, 0]
        Self.expect(
            b, .unknownValue(field: "payload.causes[0].kind", offset: at + 2, value: UInt64(Self.k)),
            "Unknown value at byte \(at + 2): payload.causes[0].kind is \(Self.k).")
        let categories = DefectCategory.allCases.count
        b = Array(good[..<at]) + [1, 0, hit, UInt8(categories), 2] + [0, 0]
        Self.expect(
            b, .unknownValue(field: "payload.causes[0].category", offset: at + 3, value: UInt64(categories)),
            "Unknown value at byte \(at + 3): payload.causes[0].category is \(categories).")
        // A result that ran nothing has no causes.
        var empty = Self.empty
        empty[Self.causesOffset] = 1
        empty.insert(contentsOf: [0, 0, 0, 1], at: Self.causesOffset + 1)
        Self.expect(
            empty, .inconsistent(field: "payload.causes", offset: Self.causesOffset, reason: "causes in a result that ran no scenario"),
            "Inconsistent data at byte \(Self.causesOffset) in payload.causes: causes in a result that ran no scenario.")
    }

    /// A tally with `runs` and one histogram, written by hand.
    static func tally(runs: UInt8, histogram: [UInt8]) -> [UInt8] {
        [runs] + [UInt8](repeating: 0, count: n + 2 * d) + [1] + histogram
    }

    @Test func badHistograms() {
        let head = Array(Self.empty.prefix(8))
        // Bucket gaps that walk past the overflow bucket (2001).
        Self.expect(
            head + Self.tally(runs: 2, histogram: [2] + Fixtures.varint(2000) + [1, 1, 1]),
            .malformed(
                field: "payload.total.highlightLatency.bucket[1]", offset: 8 + Self.tallyBytes + 4,
                reason: "bucket 2002 is beyond the overflow bucket 2001"),
            "Malformed data at byte \(8 + Self.tallyBytes + 4) in payload.total.highlightLatency.bucket[1]: bucket 2002 is beyond the overflow bucket 2001.")
        // More latencies than runs.
        Self.expect(
            head + Self.tally(runs: 1, histogram: [1, 5, 2]),
            .inconsistent(
                field: "payload.total.highlightLatency", offset: 8 + Self.tallyBytes,
                reason: "2 latencies in a tally of 1 runs"),
            "Inconsistent data at byte \(8 + Self.tallyBytes) in payload.total.highlightLatency: 2 latencies in a tally of 1 runs.")
        // A zero count.
        Self.expect(
            head + Self.tally(runs: 1, histogram: [1, 5, 0]),
            .outOfRange(field: "payload.total.highlightLatency.count[0]", offset: 8 + Self.tallyBytes + 2, value: 0, allowed: 1 ... 1 << 48),
            "Value out of range at byte \(8 + Self.tallyBytes + 2): payload.total.highlightLatency.count[0] is 0, allowed 1...281474976710656.")
        // An overflow bucket whose maximum is not above 2000 ms.
        Self.expect(
            head + Self.tally(runs: 1, histogram: [1] + Fixtures.varint(2001) + [1, 5]),
            .outOfRange(
                field: "payload.total.highlightLatency.overflowMaxMicroseconds", offset: 8 + Self.tallyBytes + 4, value: 5,
                allowed: 2_000_001 ... Int64.max),
            "Value out of range at byte \(8 + Self.tallyBytes + 4): payload.total.highlightLatency.overflowMaxMicroseconds is 5, allowed 2000001...9223372036854775807."
        )
        // Too many buckets.
        Self.expect(
            head + Self.tally(runs: 1, histogram: Fixtures.varint(2003)),
            .outOfRange(field: "payload.total.highlightLatency.buckets", offset: 8 + Self.tallyBytes, value: 2003, allowed: 0 ... 2002),
            "Value out of range at byte \(8 + Self.tallyBytes): payload.total.highlightLatency.buckets is 2003, allowed 0...2002.")
    }

    static func withExample(_ build: (inout WireWriter) -> Void) -> [UInt8] {
        var w = WireWriter()
        w.raw(Array(empty.dropLast()))
        w.varint(1)
        build(&w)
        return w.bytes
    }

    @Test func badExamples() {
        let at = Self.examplesOffset + 1
        Self.expect(
            Self.withExample { $0.varint(4) },
            .inconsistent(
                field: "payload.examples[0].configuration", offset: at,
                reason: "example of configuration 4 in a result for configuration 3"),
            "Inconsistent data at byte \(at) in payload.examples[0].configuration: example of configuration 4 in a result for configuration 3.")
        Self.expect(
            Self.withExample {
                $0.varint(3); $0.u8(UInt8(Self.d))
            },
            .unknownValue(field: "payload.examples[0].defect", offset: at + 1, value: UInt64(Self.d)),
            "Unknown value at byte \(at + 1): payload.examples[0].defect is \(Self.d).")
        Self.expect(
            Self.withExample {
                $0.varint(3); $0.u8(0); $0.varint(7); $0.u8(UInt8(Self.f))
            },
            .unknownValue(field: "payload.examples[0].family", offset: at + 3, value: UInt64(Self.f)),
            "Unknown value at byte \(at + 3): payload.examples[0].family is \(Self.f).")
        Self.expect(
            Self.withExample {
                $0.varint(3); $0.u8(0); $0.varint(7); $0.u8(0); $0.varint(0); $0.varint(0); $0.u8(UInt8(Self.t))
            },
            .unknownValue(field: "payload.examples[0].template", offset: at + 6, value: UInt64(Self.t)),
            "Unknown value at byte \(at + 6): payload.examples[0].template is \(Self.t).")
        Self.expect(
            Self.withExample {
                $0.varint(3); $0.u8(0); $0.varint(7); $0.u8(0); $0.varint(0); $0.varint(0); $0.u8(0); $0.u64(1); $0.raw([0, 0, 0, 2, 0xC3, 0x28])
            },
            .invalidUTF8(field: "payload.examples[0].target", offset: at + 19),
            "Invalid UTF-8 at byte \(at + 19) in payload.examples[0].target.")
        var count = Array(Self.empty.dropLast())
        count += [0x80, 0x80, 0x80, 0x01] // 2^21 examples
        Self.expect(
            count, .outOfRange(field: "payload.examples", offset: Self.examplesOffset, value: 1 << 21, allowed: 0 ... 1 << 20),
            "Value out of range at byte \(Self.examplesOffset): payload.examples is 2097152, allowed 0...1048576.")
        // A plausible count with nothing behind it.
        Self.expect(
            Array(Self.empty.dropLast()) + [0x80, 0x80, 0x40],
            .truncated(field: "payload.examples[0].configuration", offset: Self.examplesOffset + 3, needed: 1, available: 0),
            "Truncated at byte \(Self.examplesOffset + 3) reading payload.examples[0].configuration: needed 1 bytes, 0 left.")
    }

    @Test func aPayloadMustBelongToItsUnit() throws {
        var result = UnitResult(configuration: 3)
        result.examples = [
            DefectExample(
                configuration: 3, defect: .deadButton, treeIndex: 12, family: Fixtures.families[0],
                placement: 0, gestureIndex: 0, template: Fixtures.templates[0], treeSeed: 1, target: "b")
        ]
        let bytes = ResultCodec.encode(result)
        #expect(try ResultCodec.decode(bytes, for: UnitSpec(configuration: 3, trees: 10 ..< 20)) == result)
        #expect(
            throws: ProtocolError.inconsistent(
                field: "payload.configuration", offset: 1,
                reason: "the result is for configuration 3, the unit is c4:t10-19")
        ) {
            try ResultCodec.decode(bytes, for: UnitSpec(configuration: 4, trees: 10 ..< 20))
        }
        #expect(
            throws: ProtocolError.inconsistent(
                field: "payload.examples[0].treeIndex", offset: 0,
                reason: "tree 12 is outside unit c3:t0-9")
        ) {
            try ResultCodec.decode(bytes, for: UnitSpec(configuration: 3, trees: 0 ..< 10))
        }
    }

    @Test func modelBandChangesRoundTripAndBadOnesAreRefused() throws {
        var result = UnitResult(configuration: 3)
        var verdict = ScenarioVerdict()
        verdict.applicable.insert(.lateAction)
        result.tallies.add(verdict, template: Fixtures.templates[0], family: Fixtures.families[0])
        var bands = ModelBandCounts()
        bands.add(.tapMaximumDuration, .low, .lateAction, -1)
        bands.add(.tapMaximumDuration, .high, .lateAction, 2)
        result.tallies.addModelBands(bands)
        let good = ResultCodec.encode(result)
        #expect(try ResultCodec.decode(good) == result)
        // The section just before the examples count: 2 entries of (key gap, zigzag change).
        let low = ModelBandCounts.key(.tapMaximumDuration, .low, .lateAction)
        let high = ModelBandCounts.key(.tapMaximumDuration, .high, .lateAction)
        let at = good.count - 1 - 5
        #expect(Array(good[at ..< at + 5]) == [2, UInt8(low), 1, UInt8(high - low - 1), 4])
        // A zero change.
        var b = Array(good[..<at]) + [1, UInt8(low), 0, 0]
        Self.expect(
            b, .outOfRange(field: "payload.modelBands[0].change", offset: at + 2, value: 0, allowed: 1 ... 1 << 49),
            "Value out of range at byte \(at + 2): payload.modelBands[0].change is 0, allowed 1...562949953421312.")
        // A key past the last one.
        let keys = ModelBandCounts.keyCount
        b = Array(good[..<at]) + [1] + Fixtures.varint(UInt64(keys)) + [2, 0]
        Self.expect(
            b, .outOfRange(field: "payload.modelBands[0].gap", offset: at + 1, value: Int64(keys), allowed: 0 ... Int64(keys - 1)),
            "Value out of range at byte \(at + 1): payload.modelBands[0].gap is \(keys), allowed 0...\(keys - 1).")
        // A result that ran nothing moves nothing.
        var empty = Self.empty
        empty[Self.bandsOffset] = 1
        empty.insert(contentsOf: [0, 2], at: Self.bandsOffset + 1)
        Self.expect(
            empty,
            .inconsistent(field: "payload.modelBands", offset: Self.bandsOffset, reason: "model-band changes in a result that ran no scenario"),
            "Inconsistent data at byte \(Self.bandsOffset) in payload.modelBands: model-band changes in a result that ran no scenario.")
    }

    @Test func talliesRebuildOnlyWhenConsistent() {
        let zeros = [Int](repeating: 0, count: Self.d)
        #expect(Tally(runs: 0, attempts: zeros, counts: zeros, highlightLatency: nil, actionLatency: nil) == Tally())
        #expect(Tally(runs: 1, attempts: zeros + [0], counts: zeros, highlightLatency: nil, actionLatency: nil) == nil)
        #expect(Tally(runs: 1, attempts: [2] + zeros.dropFirst(), counts: zeros, highlightLatency: nil, actionLatency: nil) == nil)
        var h = LatencyHistogram()
        h.record(ms: 1); h.record(ms: 2)
        #expect(Tally(runs: 1, attempts: zeros, counts: zeros, highlightLatency: h, actionLatency: nil) == nil)
        let empty = [Tally](repeating: Tally(), count: Self.t), emptyF = [Tally](repeating: Tally(), count: Self.f)
        #expect(ConfigurationTallies(total: Tally(), byTemplate: empty, byFamily: emptyF) == ConfigurationTallies())
        #expect(ConfigurationTallies(total: Tally(), byTemplate: Array(empty.dropLast()), byFamily: emptyF) == nil)
        let one = Tally(runs: 1, attempts: zeros, counts: zeros, highlightLatency: nil, actionLatency: nil)!
        #expect(ConfigurationTallies(total: one, byTemplate: [one] + empty.dropFirst(), byFamily: emptyF) == nil)
        #expect(ConfigurationTallies(total: one, byTemplate: [one] + empty.dropFirst(), byFamily: Array(emptyF.dropFirst()) + [one]) != nil)
    }
}

/// The optional element section (real screens): round trip, the format-1 bytes without it, and refusals.
@Suite struct ResultCodecElementTests {
    static func tally(runs: Int) -> Tally {
        var t = Tally()
        for _ in 0 ..< runs { t.add(ScenarioVerdict()) }
        return t
    }

    @Test func elementTalliesRoundTripAfterTheExamples() throws {
        var result = UnitResult(configuration: 3)
        result.tallies.add(ScenarioVerdict(), template: .screen, family: .quickTap)
        result.elements = [ElementTally(element: 2, tally: Self.tally(runs: 1)), ElementTally(element: 40, tally: Self.tally(runs: 4))]
        let bytes = ResultCodec.encode(result)
        #expect(try ResultCodec.decode(bytes) == result)
        var without = result
        without.elements = []
        // Without elements the payload is exactly the older layout: a prefix of the one with elements.
        let plain = ResultCodec.encode(without)
        #expect(Array(bytes.prefix(plain.count)) == plain)
        #expect(try ResultCodec.decode(plain).elements.isEmpty)
    }

    /// Format 6 (issue 35): each element carries its designed and what-if counts, for `sweep check --per-screen`.
    @Test func elementCategoriesRoundTripAndCountsAboveTheClassAreRefused() throws {
        var tally = Tally()
        var dead = ScenarioVerdict()
        dead.defects.insert(.deadButton)
        for _ in 0 ..< 3 { tally.add(dead) }
        var categories = CategoryCounts()
        categories.add(.deadButton, .designed)
        categories.add(.deadButton, .whatIf)
        var result = UnitResult(configuration: 1)
        result.elements = [ElementTally(element: 5, tally: tally, categories: categories)]
        let decoded = try ResultCodec.decode(ResultCodec.encode(result))
        #expect(decoded == result)
        #expect(decoded.elements[0].categories.count(.deadButton, .hazard, total: 3) == 1)
        // Four designed runs of a class the element counted three times.
        categories.add(.deadButton, .designed)
        categories.add(.deadButton, .designed)
        result.elements[0].categories = categories
        #expect(throws: ProtocolError.self) { try ResultCodec.decode(ResultCodec.encode(result)) }
    }

    @Test func anEmptyElementTallyIsRefused() {
        // One element (count 1, index gap 0) whose tally has no runs and no histograms (0, 0).
        let bytes = ResultCodec.encode(UnitResult(configuration: 0)) + [1, 0, 0, 0]
        #expect(throws: ProtocolError.self) { try ResultCodec.decode(bytes) }
    }
}

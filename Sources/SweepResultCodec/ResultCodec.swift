import SweepCore
import SweepProtocol
import SweepReporting

/// `UnitResult` <-> bytes: the payload of a `result` message and of a journal record (docs/protocol.md,
/// "Result payload"). Exact: `decode(encode(r)) == r`, and for any bytes `decode` accepts,
/// `encode(decode(b)) == b` (one encoding per value: shortest varints, no slack).
///
/// Counts are varints, so a payload grows with what the unit saw (non-empty histogram buckets, examples),
/// not with the histogram layout. Enumerations travel as indices into this build's `allCases`; the payload
/// says how many defect classes, templates and families it was written with, and a payload from a build
/// with other counts is refused (the `hello` engine-version check should have caught it first).
public enum ResultCodec {
    /// The first byte of every payload. Bump it when the layout changes. 3 (issue 13): per-tree sums in tallies
    /// (flag bit 2), the cause-kind count in the header and the causes section, seven defect classes, and each
    /// tally's runs counted in no class (`NotCounted`).
    /// 4 (issue 34): each cause carries its category (`DefectCategory`). 5 (issue 34 §2): the number of inferred
    /// parameters in the header and the model-band section (`ModelBandCounts`) after the causes. 6 (issue 35): each
    /// element tally is followed by its designed and what-if counts (`CategoryCounts`), for `sweep check --per-screen`.
    public static let formatVersion: UInt8 = 6

    /// Limits on what a payload may declare.
    public static let maxCount: Int64 = 1 << 48
    public static let maxExamples: Int64 = 1 << 20
    static let histogramBuckets = LatencyHistogram.limitMs + 2
    /// This build's tree templates and gesture families, in `allCases` order (the types live in
    /// TouchScenarios, reached through SweepCore's `DefectExample` so this module needs no more imports).
    static let templates = allCases(of: \DefectExample.template)
    static let families = allCases(of: \DefectExample.family)
    static func allCases<T: CaseIterable>(of _: KeyPath<DefectExample, T>) -> [T] { Array(T.allCases) }
    /// `DefectClass.allCases` builds a new array on every call: counted once.
    static let classes = DefectClass.allCases.count
    static let classNames = DefectClass.allCases.map(\.name)
    static let causeKinds = CauseKind.allCases.count
    static let categories = DefectCategory.allCases.count
    static let notCountedReasons = NotCounted.allCases.count
    static let inferredParameters = ModelBandCounts.parameterCount
    static let notCountedNames = NotCounted.allCases.map(\.name)
    /// Shared, so the many empty tallies of a payload (a unit sees few templates and families) cost no allocation.
    static let emptyTally = Tally()
    static let emptyTallies = ConfigurationTallies()
    static let emptyResult = UnitResult(configuration: 0)

    // MARK: Encoding

    public static func encode(_ result: UnitResult) -> [UInt8] {
        var w = WireWriter(capacity: 256)
        encode(result, into: &w)
        return w.bytes
    }

    public static func encode(_ result: UnitResult, into w: inout WireWriter) {
        w.u8(formatVersion)
        w.varint(result.configuration)
        w.u8(UInt8(classes))
        w.u8(UInt8(templates.count))
        w.u8(UInt8(families.count))
        w.u8(UInt8(causeKinds))
        w.u8(UInt8(notCountedReasons))
        w.u8(UInt8(inferredParameters))
        let tallies = result.tallies
        tally(tallies.total, &w)
        for t in tallies.byTemplate { tally(t, &w) }
        for f in tallies.byFamily { tally(f, &w) }
        let causes = tallies.causes.entries
        w.varint(causes.count)
        for c in causes {
            w.u8(UInt8(c.defect.rawValue))
            w.u8(UInt8(c.kind.rawValue))
            w.u8(UInt8(c.category.rawValue))
            w.varint(c.count)
        }
        let bands = tallies.modelBands.entries
        w.varint(bands.count)
        var previousKey = -1
        for b in bands {
            w.varint(b.key - previousKey - 1) // gaps: keys strictly increase
            w.varint(b.change > 0 ? UInt64(b.change) << 1 : UInt64(-b.change) << 1 - 1) // zigzag: 1 → 2, −1 → 1
            previousKey = b.key
        }
        w.varint(result.examples.count)
        for e in result.examples {
            w.varint(e.configuration)
            w.u8(UInt8(e.defect.rawValue))
            w.varint(e.treeIndex)
            w.u8(UInt8(families.firstIndex(of: e.family)!))
            w.varint(e.placement)
            w.varint(e.gestureIndex)
            w.u8(UInt8(templates.firstIndex(of: e.template)!))
            w.u64(e.treeSeed)
            w.string(e.target)
        }
        // Optional trailing section (real screens only): absent when there are no element tallies, so a
        // payload of a sweep without screens is byte for byte the format-1 payload it always was.
        guard !result.elements.isEmpty else { return }
        w.varint(result.elements.count)
        var previous = -1
        for e in result.elements {
            w.varint(e.element - previous - 1) // gaps: indices strictly increase
            tally(e.tally, &w)
            categories(e.categories, &w)
            previous = e.element
        }
    }

    static func tally(_ t: Tally, _ w: inout WireWriter) {
        w.varint(t.runs)
        if t.runs > 0 { // with no runs every attempt and count is 0: not written
            for reason in NotCounted.allCases { w.varint(t.notCounted(reason)) }
            for c in DefectClass.allCases { w.varint(t.attempts(c)) }
            for c in DefectClass.allCases { w.varint(t.count(c)) }
        }
        let withTrees = t.runs > 0 && t.hasTreeSums
        w.u8((t.highlightLatency == nil ? 0 : 1) | (t.actionLatency == nil ? 0 : 2) | (withTrees ? 4 : 0))
        if let h = t.highlightLatency { histogram(h, &w) }
        if let a = t.actionLatency { histogram(a, &w) }
        guard withTrees else { return }
        for c in DefectClass.allCases {
            let m = t.moments(c)
            w.varint(m.clusters)
            w.varint(m.attemptsSquared)
            w.varint(m.countSquared)
            w.varint(m.crossProduct)
        }
    }

    static func histogram(_ h: LatencyHistogram, _ w: inout WireWriter) {
        let buckets = h.nonEmptyBuckets
        w.varint(buckets.count)
        var previous = -1
        for b in buckets {
            w.varint(b.bucket - previous - 1) // gaps: 0 for adjacent buckets
            w.varint(b.count)
            previous = b.bucket
        }
        if previous == LatencyHistogram.limitMs + 1 { w.varint(UInt64(h.overflowMaxMicroseconds)) }
    }

    // MARK: Decoding

    /// The result in `bytes`, or the first thing wrong with them (naming the field and byte offset).
    public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> UnitResult {
        var r = WireReader(bytes)
        let format = try r.u8("payload.format")
        guard format == formatVersion else { throw .resultFormat(found: format, expected: formatVersion) }
        let configuration = try r.varint("payload.configuration", in: WireLimits.index)
        try size(&r, "payload.defectClasses", classes)
        try size(&r, "payload.templates", templates.count)
        try size(&r, "payload.families", families.count)
        try size(&r, "payload.causeKinds", causeKinds)
        try size(&r, "payload.notCountedReasons", notCountedReasons)
        try size(&r, "payload.inferredParameters", inferredParameters)

        let totalOffset = r.offset
        // A copy of a shared empty result: `UnitResult(configuration:)` would build (and then drop) fresh tallies.
        var result = emptyResult
        result.configuration = configuration
        let inconsistent = ProtocolError.inconsistent(
            field: "payload.total", offset: totalOffset,
            reason: "the total is not the merge of the template tallies and of the family tallies")
        if let total = try tally(&r, "payload.total") {
            var byTemplate: [Tally] = []
            byTemplate.reserveCapacity(templates.count)
            for (i, t) in templates.enumerated() {
                byTemplate.append(try tally(&r, "payload.byTemplate[\(i)] (\(t.rawValue))") ?? emptyTally)
            }
            var byFamily: [Tally] = []
            byFamily.reserveCapacity(families.count)
            for (i, f) in families.enumerated() {
                byFamily.append(try tally(&r, "payload.byFamily[\(i)] (\(f.rawValue))") ?? emptyTally)
            }
            let causesOffset = r.offset
            let causes = try self.causes(&r)
            guard DefectClass.allCases.allSatisfy({ causes.total($0) == total.count($0) }) else {
                throw .inconsistent(
                    field: "payload.causes", offset: causesOffset,
                    reason: "the causes of a defect class do not add up to its count in the total")
            }
            let bands = try modelBands(&r)
            guard
                let tallies = ConfigurationTallies(
                    total: total, byTemplate: byTemplate, byFamily: byFamily, causes: causes, modelBands: bands)
            else {
                throw inconsistent
            }
            result.tallies = tallies
        } else {
            // A unit that ran no scenario: every other tally must be empty as well, and the result shares one
            // empty value instead of building 1 + templates + families tallies (about 1 µs per payload, not 10).
            // `skip(ifNext: 0, 0)` takes exactly the encoding of an empty tally (0 runs, no histograms); anything
            // else is parsed (and so checked) and then makes the payload inconsistent.
            var consistent = true
            for (i, t) in templates.enumerated() where !r.skip(ifNext: 0, 0) {
                _ = try tally(&r, "payload.byTemplate[\(i)] (\(t.rawValue))")
                consistent = false
            }
            for (i, f) in families.enumerated() where !r.skip(ifNext: 0, 0) {
                _ = try tally(&r, "payload.byFamily[\(i)] (\(f.rawValue))")
                consistent = false
            }
            guard consistent else { throw inconsistent }
            let causesOffset = r.offset
            guard try self.causes(&r).isEmpty else {
                throw .inconsistent(field: "payload.causes", offset: causesOffset, reason: "causes in a result that ran no scenario")
            }
            let bandsOffset = r.offset
            guard try modelBands(&r).isEmpty else {
                throw .inconsistent(
                    field: "payload.modelBands", offset: bandsOffset, reason: "model-band changes in a result that ran no scenario")
            }
            result.tallies = emptyTallies
        }
        let count = try r.varint("payload.examples", in: 0 ... maxExamples)
        // An example takes at least 19 bytes, so a lying count cannot make us reserve much.
        result.examples.reserveCapacity(min(count, r.remaining / 19))
        for i in 0 ..< count { result.examples.append(try example(&r, i, configuration: configuration)) }
        if r.remaining > 0 { result.elements = try elements(&r) }
        try r.expectEnd("the result payload")
        return result
    }

    /// Decodes and checks that the payload belongs to `unit`: its configuration, and every example's tree in
    /// `unit.trees`. What a coordinator should call before merging a worker's result.
    public static func decode(_ bytes: [UInt8], for unit: UnitSpec) throws(ProtocolError) -> UnitResult {
        let result = try decode(bytes)
        guard result.configuration == unit.configuration else {
            throw .inconsistent(
                field: "payload.configuration", offset: 1,
                reason: "the result is for configuration \(result.configuration), the unit is \(unit.id)")
        }
        for (i, e) in result.examples.enumerated() where !unit.trees.contains(e.treeIndex) {
            throw .inconsistent(
                field: "payload.examples[\(i)].treeIndex", offset: 0,
                reason: "tree \(e.treeIndex) is outside unit \(unit.id)")
        }
        return result
    }

    /// The causes section: n, then n × (defect class, cause kind, category, count ≥ 1), strictly increasing
    /// (class, kind, category).
    static func causes(_ r: inout WireReader) throws(ProtocolError) -> CauseCounts {
        let n = try r.varint("payload.causes", in: 0 ... Int64(classes * causeKinds * categories))
        var causes = CauseCounts()
        var previous = -1
        for i in 0 ..< n {
            let at = r.offset
            let defect = try enumeration(&r, "payload.causes[\(i)].defect", DefectClass.allCases)
            let kind = try enumeration(&r, "payload.causes[\(i)].kind", CauseKind.allCases)
            let category = try enumeration(&r, "payload.causes[\(i)].category", DefectCategory.allCases)
            let key = (defect.rawValue * causeKinds + kind.rawValue) * categories + category.rawValue
            guard key > previous else {
                throw .malformed(
                    field: "payload.causes[\(i)]", offset: at, reason: "causes are not in (defect, kind, category) order")
            }
            causes.add(defect, kind, category, count: try r.varint("payload.causes[\(i)].count", in: 1 ... maxCount))
            previous = key
        }
        return causes
    }

    /// The model-band section: n, then n × (key gap, zigzag change ≠ 0), keys (`ModelBandCounts.key`) strictly
    /// increasing below `ModelBandCounts.keyCount`.
    static func modelBands(_ r: inout WireReader) throws(ProtocolError) -> ModelBandCounts {
        let n = try r.varint("payload.modelBands", in: 0 ... Int64(ModelBandCounts.keyCount))
        var entries: [(key: Int, change: Int)] = []
        entries.reserveCapacity(n)
        var previous = -1
        for i in 0 ..< n {
            let key = previous + 1 + (try r.varint("payload.modelBands[\(i)].gap", in: 0 ... Int64(ModelBandCounts.keyCount - 1 - previous - 1)))
            let zigzag = try r.varint("payload.modelBands[\(i)].change", in: 1 ... maxCount << 1)
            entries.append((key, zigzag & 1 == 0 ? zigzag >> 1 : -((zigzag + 1) >> 1)))
            previous = key
        }
        guard let bands = ModelBandCounts(entries: entries) else {
            throw .inconsistent(field: "payload.modelBands", offset: r.offset, reason: "the model-band changes are not one per key")
        }
        return bands
    }

    /// The element tallies of the trailing section: at least one, indices strictly increasing, none empty.
    /// A count of 0 is no section: the byte is left for `expectEnd` to report as trailing.
    static func elements(_ r: inout WireReader) throws(ProtocolError) -> [ElementTally] {
        let start = r.offset
        let n = try r.varint("payload.elements", in: 0 ... maxExamples)
        if n == 0 {
            r.rewind(to: start)
            return []
        }
        var result: [ElementTally] = []
        result.reserveCapacity(min(n, r.remaining / 3))
        var previous = -1
        for i in 0 ..< n {
            let gap = try r.varint("payload.elements[\(i)].element", in: WireLimits.index)
            let element = previous + 1 + gap
            let at = r.offset
            guard let tally = try tally(&r, "payload.elements[\(i)]"), tally.runs > 0 else {
                throw .malformed(field: "payload.elements[\(i)]", offset: at, reason: "an element tally with no runs is not sent")
            }
            result.append(ElementTally(element: element, tally: tally, categories: try categories(&r, "payload.elements[\(i)]", tally: tally)))
            previous = element
        }
        return result
    }

    static func size(_ r: inout WireReader, _ field: String, _ expected: Int) throws(ProtocolError) {
        let start = r.offset
        let found = Int(try r.u8(field))
        guard found == expected else { throw .sizeMismatch(field: field, offset: start, found: found, expected: expected) }
    }

    /// A tally, or `nil` for an empty one (no runs, no histograms: the same as `Tally()`).
    static func tally(_ r: inout WireReader, _ field: @autoclosure () -> String) throws(ProtocolError) -> Tally? {
        if r.skip(ifNext: 0, 0) { return nil } // an empty tally: 0 runs, no histograms
        let runs = try r.varint("\(field()).runs", in: 0 ... maxCount)
        if runs == 0 {
            let flagsOffset = r.offset
            let flags = try r.u8("\(field()).histograms")
            if flags == 0 { return nil }
            r.rewind(to: flagsOffset)
        }
        var notCounted = [Int](repeating: 0, count: notCountedReasons)
        var attempts = [Int](repeating: 0, count: classes)
        var counts = [Int](repeating: 0, count: classes)
        if runs > 0 {
            let start = r.offset
            for i in 0 ..< notCountedReasons {
                notCounted[i] = try r.varint("\(field()).notCounted[\(i)] (\(notCountedNames[i]))", in: 0 ... Int64(runs))
            }
            guard notCounted.reduce(0, +) <= runs else {
                throw .malformed(field: "\(field()).notCounted", offset: start, reason: "more runs not counted than runs")
            }
            for i in 0 ..< classes {
                attempts[i] = try r.varint("\(field()).attempts[\(i)] (\(classNames[i]))", in: 0 ... Int64(runs))
            }
            for i in 0 ..< classes {
                counts[i] = try r.varint("\(field()).counts[\(i)] (\(classNames[i]))", in: 0 ... Int64(runs))
            }
        }
        let flagsOffset = r.offset
        let flags = try r.u8("\(field()).histograms")
        guard flags & ~7 == 0 else {
            throw .malformed(field: "\(field()).histograms", offset: flagsOffset, reason: "reserved flag bits \(flags & ~7) are set")
        }
        guard flags & 4 == 0 || runs > 0 else {
            throw .malformed(field: "\(field()).histograms", offset: flagsOffset, reason: "per-tree sums in a tally with no runs")
        }
        var highlight: LatencyHistogram?, action: LatencyHistogram?
        if flags & 1 != 0 { highlight = try histogram(&r, "\(field()).highlightLatency", runs: runs) }
        if flags & 2 != 0 { action = try histogram(&r, "\(field()).actionLatency", runs: runs) }
        var trees: [ClusterMoments]?
        let treesOffset = r.offset
        if flags & 4 != 0 {
            var sums: [ClusterMoments] = []
            for i in 0 ..< classes {
                // Named only when a read fails: a tally is decoded for every unit, configuration and template.
                func name() -> String { "\(field()).trees[\(i)] (\(classNames[i]))" }
                sums.append(
                    ClusterMoments(
                        clusters: try r.varint("\(name()).trees", in: 0 ... maxCount), attempts: attempts[i],
                        count: counts[i], attemptsSquared: try r.varint("\(name()).attemptsSquared", in: 0 ... Int64.max),
                        countSquared: try r.varint("\(name()).countSquared", in: 0 ... Int64.max),
                        crossProduct: try r.varint("\(name()).crossProduct", in: 0 ... Int64.max)))
            }
            trees = sums
        }
        // Every bound Tally checks on attempts, counts and histograms was checked above; only the per-tree sums remain.
        guard
            let tally = Tally(
                runs: runs, notCounted: notCounted, attempts: attempts, counts: counts, highlightLatency: highlight, actionLatency: action,
                trees: trees)
        else {
            throw .inconsistent(
                field: "\(field()).trees", offset: treesOffset,
                reason: "per-tree sums that no trees give (more trees than attempts, or squares out of bounds)")
        }
        return tally
    }

    static func histogram(_ r: inout WireReader, _ field: @autoclosure () -> String, runs: Int) throws(ProtocolError) -> LatencyHistogram {
        let start = r.offset
        let n = try r.varint("\(field()).buckets", in: 0 ... Int64(histogramBuckets))
        var buckets: [(bucket: Int, count: Int)] = []
        buckets.reserveCapacity(n)
        var previous = -1
        var total = 0
        for i in 0 ..< n {
            let at = r.offset
            let gap = try r.varint("\(field()).bucket[\(i)]", in: 0 ... Int64(histogramBuckets))
            let bucket = previous + 1 + gap
            guard bucket < histogramBuckets else {
                throw .malformed(
                    field: "\(field()).bucket[\(i)]", offset: at,
                    reason: "bucket \(bucket) is beyond the overflow bucket \(histogramBuckets - 1)")
            }
            let count = try r.varint("\(field()).count[\(i)]", in: 1 ... maxCount)
            total += count // at most 2002 × 2^48: no overflow
            buckets.append((bucket, count))
            previous = bucket
        }
        guard total <= runs else {
            throw .inconsistent(field: field(), offset: start, reason: "\(total) latencies in a tally of \(runs) runs")
        }
        var overflowMax: Int64 = 0
        if previous == histogramBuckets - 1 {
            let limitUs = Int64(LatencyHistogram.limitMs) * 1000
            overflowMax = Int64(try r.varint("\(field()).overflowMaxMicroseconds", in: (limitUs + 1) ... Int64.max))
        }
        // Strictly increasing buckets in range, counts >= 1 and the overflow maximum were all checked.
        return LatencyHistogram(nonEmptyBuckets: buckets, overflowMaxMicroseconds: overflowMax)!
    }

    static func example(_ r: inout WireReader, _ i: Int, configuration: Int) throws(ProtocolError) -> DefectExample {
        let at = r.offset
        let c = try r.varint("payload.examples[\(i)].configuration", in: WireLimits.index)
        guard c == configuration else {
            throw .inconsistent(
                field: "payload.examples[\(i)].configuration", offset: at,
                reason: "example of configuration \(c) in a result for configuration \(configuration)")
        }
        let defect = try enumeration(&r, "payload.examples[\(i)].defect", DefectClass.allCases)
        let treeIndex = try r.varint("payload.examples[\(i)].treeIndex", in: WireLimits.index)
        let family = try enumeration(&r, "payload.examples[\(i)].family", families)
        let placement = try r.varint("payload.examples[\(i)].placement", in: WireLimits.index)
        let gestureIndex = try r.varint("payload.examples[\(i)].gestureIndex", in: WireLimits.index)
        let template = try enumeration(&r, "payload.examples[\(i)].template", templates)
        let treeSeed = try r.u64("payload.examples[\(i)].treeSeed")
        let target = try r.string("payload.examples[\(i)].target", maxBytes: WireLimits.identifierBytes)
        return DefectExample(
            configuration: c, defect: defect, treeIndex: treeIndex, family: family, placement: placement,
            gestureIndex: gestureIndex, template: template, treeSeed: treeSeed, target: target)
    }

    static func enumeration<C: Collection>(_ r: inout WireReader, _ field: @autoclosure () -> String, _ all: C) throws(ProtocolError) -> C.Element
    where C.Index == Int {
        let at = r.offset
        let v = Int(try r.u8(field()))
        guard v < all.count else { throw .unknownValue(field: field(), offset: at, value: UInt64(v)) }
        return all[all.startIndex + v]
    }
}

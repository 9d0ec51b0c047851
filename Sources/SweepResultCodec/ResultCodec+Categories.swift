import SweepCore
import SweepProtocol
import SweepReporting

/// Format 6's element categories: the designed and what-if counts after each element tally.
extension ResultCodec {
    /// The non-hazard counts: how many (class, category) entries, then each as class index, category index and count.
    static func categories(_ c: CategoryCounts, _ w: inout WireWriter) {
        var entries: [(DefectClass, DefectCategory, Int)] = []
        for d in DefectClass.allCases {
            for g in [DefectCategory.designed, .whatIf] where c.count(d, g, total: 0) > 0 { entries.append((d, g, c.count(d, g, total: 0))) }
        }
        w.varint(entries.count)
        for (d, g, n) in entries {
            w.u8(UInt8(d.rawValue)); w.u8(UInt8(g.rawValue)); w.varint(n)
        }
    }

    /// The element's designed and what-if counts: each class and category once, none above the class's count in
    /// `tally`, and the two together at most that count.
    static func categories(_ r: inout WireReader, _ field: String, tally: Tally) throws(ProtocolError) -> CategoryCounts {
        var c = CategoryCounts()
        let n = try r.varint(field + ".categories", in: 0 ... Int64(2 * DefectClass.allCases.count))
        for _ in 0 ..< n {
            let at = r.offset
            let d = Int(try r.u8(field + ".categories.class")), g = Int(try r.u8(field + ".categories.category"))
            guard let defect = DefectClass(rawValue: d), let category = DefectCategory(rawValue: g), category != .hazard else {
                throw .malformed(field: field + ".categories", offset: at, reason: "class \(d), category \(g) is not a designed or what-if count")
            }
            let count = Int(try r.varint(field + ".categories.count", in: 1 ... maxCount))
            guard c.count(defect, category, total: 0) == 0,
                c.count(defect, .designed, total: 0) + c.count(defect, .whatIf, total: 0) + count <= tally.count(defect)
            else {
                throw .inconsistent(field: field + ".categories", offset: at, reason: "\(defect.name)'s categories repeat or exceed its count")
            }
            c.set(defect, category, to: count)
        }
        return c
    }
}

/// The defects a sweep counts (docs/defects.md defines each exactly).
public enum DefectClass: Int, Sendable, CaseIterable, Comparable {
    /// Intent activate/select; the target's primary action never fires.
    case deadButton
    /// Intent scroll S; S moves less than half the intended distance along its axis.
    case swallowedScroll
    /// Intent scroll; some control's primary action or a cell selection fires.
    case ghostTap
    /// Intent scroll S; S moves less than half the distance and another scroll view moves at least half.
    case wrongScroller
    /// Intent tap; the highlight appears more than 100 ms after touch-down, or never while the action fires
    /// (unless the run shows invisible feedback instead).
    case lateFeedback
    /// Intent tap; the action fires more than 150 ms after the last touch-up.
    case lateAction
    /// Intent tap on a button or custom control; its action fires but it shows no highlight the user can see:
    /// none that turns on while the finger is down and stays on for at least one frame (seed 004, B1).
    /// Last, so the indices of the older classes (result payloads, bit sets) stay what they were.
    case invisibleFeedback
    /// Intent zoom S by a factor f; S's zoom scale never got as far as √f from where it started (half the zoom,
    /// in ratio terms). Last, for the same reason.
    case swallowedZoom
    // The system's gestures (touch-model-system §B; issue 32), after the older classes for the same reason.
    /// Intent go back on a navigation controller that can pop; no pop transition began on it.
    case swallowedBack
    /// Any other intent on a screen that can pop; a pop transition began.
    case accidentalBack
    /// Any intent but dismissing that sheet; a sheet was dismissed (or a panel removed), or, unless the intent
    /// moves it, a sheet or panel was pulled at least 100 pt toward dismissal (10 pt under a stroke).
    case accidentalDismiss
    /// Intent dismiss or resize a sheet, or move a panel; it never moved half the way toward where it was meant to
    /// go, and was not dismissed (a dismissal the app refuses by design, `isModalInPresentation` or
    /// `presentationControllerShouldDismiss` answering no with `didAttemptToDismiss` called, is not counted).
    case stuckSheet
    /// A dragging intent; in one sample a list scrolled with the finger while its sheet or panel moved (more than
    /// 0.5 pt each, the same way; the handoff sample at the list's edge excepted).
    case doubleMotion

    /// The column-name form, e.g. `dead_button`.
    public var name: String {
        switch self {
        case .deadButton: return "dead_button"
        case .swallowedScroll: return "swallowed_scroll"
        case .ghostTap: return "ghost_tap"
        case .wrongScroller: return "wrong_scroller"
        case .lateFeedback: return "late_feedback"
        case .lateAction: return "late_action"
        case .invisibleFeedback: return "invisible_feedback"
        case .swallowedZoom: return "swallowed_zoom"
        case .swallowedBack: return "swallowed_back"
        case .accidentalBack: return "accidental_back"
        case .accidentalDismiss: return "accidental_dismiss"
        case .stuckSheet: return "stuck_sheet"
        case .doubleMotion: return "double_motion"
        }
    }

    public static func < (a: DefectClass, b: DefectClass) -> Bool { a.rawValue < b.rawValue }
}

/// One `Int` per defect class (lane = raw value), stored inline: what tallies count in. Sixteen lanes, room for
/// every class (`DefectClass.allCases.count` ≤ 16, checked by the tests).
public typealias ClassLanes = SIMD16<Int>

/// A set of defect classes as a bit set (no allocation).
public struct DefectSet: Hashable, Sendable, Sequence {
    public private(set) var bits: UInt16 = 0
    public init() {}
    public init(_ classes: [DefectClass]) { for c in classes { insert(c) } }
    @inline(__always) public mutating func insert(_ c: DefectClass) { bits |= 1 &<< UInt16(truncatingIfNeeded: c.rawValue) }
    @inline(__always) public func contains(_ c: DefectClass) -> Bool { bits & (1 &<< UInt16(truncatingIfNeeded: c.rawValue)) != 0 }
    public var isEmpty: Bool { bits == 0 }
    /// Classes in `DefectClass` order, without allocating (a sweep iterates a verdict's sets several times a run).
    public func makeIterator() -> Iterator { Iterator(bits: bits) }
    /// 1 in the lane of each class in the set (lane = raw value), 0 elsewhere: for adding the set to per-class
    /// counts in one vector add.
    @inline(__always) var lanes: ClassLanes {
        // Each lane shifts the set right by its own index and keeps the lowest bit.
        (ClassLanes(repeating: Int(bits)) &>> Self.laneIndices) & ClassLanes(repeating: 1)
    }

    /// 0, 1, …, 15: the shift that brings each lane's class to bit 0.
    private static let laneIndices = ClassLanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

    public struct Iterator: IteratorProtocol {
        var bits: UInt16
        public mutating func next() -> DefectClass? {
            guard bits != 0 else { return nil }
            let i = bits.trailingZeroBitCount
            bits &= bits - 1
            return DefectClass(rawValue: i)
        }
    }
}

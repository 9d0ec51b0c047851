import SweepCore
import TouchEngine
import TouchScenarios

/// Reduces a defective scenario to a minimal one that still shows the same defect with the same cause
/// (docs/shrinking.md): delta debugging over the view tree, the recognizers, the flags, the frames and the
/// touch script.
///
/// Reductions run in a fixed order (``Reduction``), each greedily: a candidate that still passes the
/// ``ShrinkOracle`` replaces the current scenario at once. Rounds repeat until one full round accepts
/// nothing — then no single reduction of any kind keeps the defect (1-minimal) — or the engine-run budget
/// is spent. There is no randomness and nothing iterates a dictionary, so the same input always gives the
/// same scenario.
public enum Shrinker {
    /// The kinds of reduction, in the order each round tries them.
    public enum Reduction: String, CaseIterable, Sendable {
        /// Remove whole subtrees: first chunks of the largest subtrees off the intent's path (ddmin), then
        /// single subtrees, largest first.
        case subtrees
        /// Remove single views; their subviews move up to the parent at the same window position.
        case views
        /// Remove user recognizers and the edge gate.
        case recognizers
        /// Remove view controllers.
        case controllers
        /// Set view, scroll-view and recognizer flags, delegate policies and parameters back to defaults.
        case flags
        /// Round frames, content sizes and offsets to multiples of 10 pt, then to whole points.
        case frames
        /// Drop `move` samples (chunks, then one at a time); `down` and `up` stay.
        case samples
        /// Halve the gaps between script steps (holds, durations), round them to 10 ms, round times to
        /// whole ms and points to whole points.
        case timing
    }

    public struct Result: Sendable {
        public var subject: ShrinkSubject
        /// The cause kept throughout (`CauseFinder`'s words).
        public var cause: String
        public var before: ShrinkSizes
        public var after: ShrinkSizes
        /// Engine runs spent (untraced and traced).
        public var engineRuns: Int
        /// The budget ran out (untried candidates count as failed from then on): the result is smaller but
        /// maybe not minimal.
        public var budgetExhausted: Bool
    }

    public enum Failure: Error, Equatable, Sendable {
        /// The scenario as given does not show the defect.
        case defectNotShown
        /// The scenario shows the defect, but with another cause (given here) than the one asked for.
        case differentCause(String)
    }

    /// Default engine-run budget of one shrink.
    public static let defaultMaxRuns = 4000

    /// Shrinks `scene` (with its script) under `gesture`'s intent, keeping `defect` and `cause`. A nil `cause`
    /// means the cause the scenario shows now.
    public static func shrink(
        scene: Scene, gesture: Gesture, defect: DefectClass, cause: String? = nil,
        maxRuns: Int = defaultMaxRuns
    ) throws(Failure) -> Result {
        var runs = 0
        let original = ShrinkSubject(scene: scene, gesture: gesture)
        guard let shown = ShrinkOracle.judge(original, defect: defect, runs: &runs) else { throw .defectNotShown }
        if let cause, cause != shown { throw .differentCause(shown) }
        var oracle = ShrinkOracle(defect: defect, cause: shown, maxRuns: maxRuns)
        let before = ShrinkSizes(original.scene)
        // The canonical form is what the writer writes; if it behaved differently the file would lie.
        let canonical = ShrinkSubject(original.scene.canonical(), gesture: original.gesture)
        guard oracle.holds(canonical) else {
            return Result(subject: original, cause: shown, before: before, after: before, engineRuns: runs + oracle.runs, budgetExhausted: false)
        }
        var state = ShrinkState(current: canonical, oracle: oracle)
        var changed = true
        while changed && !state.oracle.exhausted {
            changed = false
            for reduction in Reduction.allCases {
                if state.apply(reduction) { changed = true }
            }
        }
        oracle = state.oracle
        return Result(
            subject: state.current, cause: shown, before: before, after: ShrinkSizes(state.current.scene),
            engineRuns: runs + oracle.runs, budgetExhausted: oracle.exhausted)
    }
}

extension Shrinker.Result {
    /// `shrunk ID: 37 views → 3, 4 recognizers → 1, 12 samples → 3, 820 ms → 200 ms (N engine runs)`.
    public func summary(exampleID: String) -> String {
        "shrunk \(exampleID): \(before.views) views → \(after.views), \(before.recognizers) recognizers → \(after.recognizers), "
            + "\(before.samples) samples → \(after.samples), "
            + "\(ReportNumberText.number(before.durationMs)) ms → \(ReportNumberText.number(after.durationMs)) ms "
            + "(\(engineRuns) engine runs\(budgetExhausted ? "; run budget spent, maybe not minimal" : ""))"
    }
}

/// The sizes `sweep shrink` reports before and after.
public struct ShrinkSizes: Equatable, Sendable {
    /// Views, the window included.
    public var views: Int
    /// Recognizers a scenario file lists: user recognizers and the edge gate, not the scroll views' own.
    public var recognizers: Int
    /// Script steps.
    public var samples: Int
    /// From the first script step to the last, in ms.
    public var durationMs: Double

    public init(_ scene: Scene) {
        views = scene.views.count
        recognizers = scene.recognizers.indices.filter { !scene.isInstalledByViews($0) }.count
        samples = scene.script.count
        if let first = scene.script.first, let last = scene.script.last {
            durationMs = (last.time - first.time).milliseconds
        } else {
            durationMs = 0
        }
    }
}

/// The scenario being shrunk and the oracle that judges candidates.
struct ShrinkState {
    var current: ShrinkSubject
    var oracle: ShrinkOracle

    /// Replaces the current scenario with `candidate` if it differs and still shows the defect.
    mutating func attempt(_ candidate: ShrinkSubject) -> Bool {
        guard candidate != current, oracle.holds(candidate) else { return false }
        current = candidate
        return true
    }

    /// Runs one kind of reduction to its own fixpoint; true when something was accepted.
    mutating func apply(_ reduction: Shrinker.Reduction) -> Bool {
        switch reduction {
        case .subtrees: return removeSubtrees()
        case .views: return removeViews()
        case .recognizers: return removeRecognizers()
        case .controllers: return removeControllers()
        case .flags: return resetFlags()
        case .frames: return roundFrames()
        case .samples: return dropSamples()
        case .timing: return shortenTiming()
        }
    }
}

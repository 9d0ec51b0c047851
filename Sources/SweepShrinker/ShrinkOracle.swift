import SweepCore
import TouchEngine
import TouchScenarios

/// A scene with the gesture it is judged by: the intent's views are ids of this scene and the gesture's
/// script is the scene's script.
public struct ShrinkSubject: Hashable, Sendable {
    public var scene: Scene
    public var gesture: Gesture

    /// `gesture.script` is ignored: the scene's script is the one that runs. Touch-down and lift times are
    /// read from it (first `down`, last `up`), as the gesture generator sets them.
    public init(scene: Scene, gesture: Gesture) {
        self.scene = scene
        self.gesture = gesture
        syncGesture()
    }

    /// Copies the scene's script into the gesture and recomputes its touch-down and lift times.
    mutating func syncGesture() {
        gesture.script = scene.script
        var down: VirtualTime?, up: VirtualTime = .zero
        for event in scene.script {
            switch event.action {
            case .down: if down == nil { down = event.time }
            case .up: up = event.time
            default: break
            }
        }
        gesture.downTime = down ?? .zero
        gesture.liftTime = up
    }

    /// The subject after a rebuild: the gesture's views follow their new ids.
    init(_ rebuild: SceneRebuild, gesture old: Gesture) {
        var g = old
        if let t = rebuild.viewMap[old.target] { g.target = t }
        switch old.intent {
        case .activate(let v): if let n = rebuild.viewMap[v] { g.intent = .activate(n) }
        case .select(let v): if let n = rebuild.viewMap[v] { g.intent = .select(n) }
        case let .trigger(v, handler):
            // Both are protected (`protectedViews`, `protectedRecognizers`), so both are kept.
            if let n = rebuild.viewMap[v], let r = rebuild.recognizerMap[handler] { g.intent = .trigger(n, handler: r) }
        case let .scroll(v, axis, distance): if let n = rebuild.viewMap[v] { g.intent = .scroll(n, axis: axis, distance: distance) }
        case let .zoom(v, factor): if let n = rebuild.viewMap[v] { g.intent = .zoom(n, factor: factor) }
        case let .goBack(v): if let n = rebuild.viewMap[v] { g.intent = .goBack(n) }
        case let .dismissSheet(v): if let n = rebuild.viewMap[v] { g.intent = .dismissSheet(n) }
        case let .resizeSheet(v, detent): if let n = rebuild.viewMap[v] { g.intent = .resizeSheet(n, detent: detent) }
        case let .movePanel(v, state): if let n = rebuild.viewMap[v] { g.intent = .movePanel(n, state: state) }
        case let .draw(v): if let n = rebuild.viewMap[v] { g.intent = .draw(n) }
        case .nothing: break
        }
        self.init(scene: rebuild.scene, gesture: g)
    }

    /// Views the intent needs: the target, the scroll view to scroll, the view of the handler to trigger, the
    /// navigation, sheet, panel or canvas the intent is about.
    var protectedViews: [ViewID] {
        var ids = [gesture.target]
        switch gesture.intent {
        case .activate, .select, .nothing: break
        default: if let v = gesture.intent.subject { ids.append(v) }
        }
        return ids
    }

    /// Recognizers the intent needs: the handler to trigger.
    var protectedRecognizers: [RecognizerID] {
        if case .trigger(_, let handler) = gesture.intent { return [handler] }
        return []
    }
}

/// Decides whether a candidate still shows the defect being shrunk, for the same reason.
///
/// A candidate passes when an untraced run classified against the intent has the defect class *and* a
/// traced run gives exactly the same cause string (`CauseFinder`). Exact equality works because shrinking
/// never renames a view or a recognizer: a cause names them, never their ids. The traced run happens only
/// when the cheap untraced one already shows the defect.
struct ShrinkOracle {
    let defect: DefectClass
    let cause: String
    let maxRuns: Int
    /// Engine runs so far (untraced and traced).
    private(set) var runs = 0
    /// Verdicts of candidates already judged: fixpoint passes meet the same candidate again.
    private var memo: [MemoKey: Bool] = [:]

    init(defect: DefectClass, cause: String, maxRuns: Int) {
        self.defect = defect
        self.cause = cause
        self.maxRuns = maxRuns
    }

    var exhausted: Bool { runs >= maxRuns }

    /// Whether `subject` shows the defect with the same cause; false once the run budget is spent.
    mutating func holds(_ subject: ShrinkSubject) -> Bool {
        let key = MemoKey(subject)
        if let known = memo[key] { return known }
        guard !exhausted else { return false }
        let verdict = Self.judge(subject, defect: defect, runs: &runs)
        let result = verdict == cause
        memo[key] = result
        return result
    }

    /// A candidate with its hash taken once: hashing a whole scene is most of a lookup, and a lookup and an insert
    /// would each take it again.
    struct MemoKey: Hashable {
        let subject: ShrinkSubject
        let hash: Int
        init(_ subject: ShrinkSubject) {
            self.subject = subject
            hash = subject.hashValue
        }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: MemoKey, b: MemoKey) -> Bool { a.hash == b.hash && a.subject == b.subject }
    }

    /// The cause `subject` shows for `defect`, or nil when it does not show the defect.
    static func judge(_ subject: ShrinkSubject, defect: DefectClass, runs: inout Int) -> String? {
        let prepared = PreparedScene(subject.scene)
        let summary = Engine.summary(prepared)
        runs += 1
        let verdict = Classifier.classify(gesture: subject.gesture, prepared: prepared, summary: summary)
        guard verdict.defects.contains(defect) else { return nil }
        runs += 1
        // The gesture's script is the scene's (`ShrinkSubject`), so this is the cause of the scene as it runs.
        return CauseFinder.cause(of: defect, gesture: subject.gesture, prepared: prepared)
    }
}

/// A navigation controller's part in a run (touch-model-system N3–N9): the version switches, the default
/// delegate's refusals, the leading-edge yield of scroll views and the pop transition the back swipes drive.
extension Simulation {
    /// `recs` with the content swipes that do not exist under `parameters` disabled (a run never collects them, N1),
    /// and the back swipes' ids. Scenes without a navigation controller get `recs` back untouched (same storage).
    static func navigationSwitches(
        _ recs: [RecognizerInfo], _ scene: Scene, _ parameters: Parameters
    ) -> ([RecognizerInfo], [RecognizerID]) {
        guard recs.contains(where: \.isNavigationPop) else { return (recs, []) }
        var recs = recs
        var pops: [RecognizerID] = []
        for id in recs.indices where recs[id].isNavigationPop {
            pops.append(id)
            if case .navigationPop(let spec, .content) = recs[id].kind, !spec.hasContentPop(parameters) {
                recs[id].isEnabled = false
            }
        }
        return (recs, pops)
    }

    /// The navigation controller of back swipe `id`.
    @inline(__always) func navigation(of id: RecognizerID) -> (spec: NavigationSpec, role: NavigationPopRole)? {
        if case .navigationPop(let spec, let role) = recs[id].kind { return (spec, role) }
        return nil
    }

    /// N4: the default delegate's `gestureRecognizerShouldBegin` — no pop at the root (depth 1), and only a
    /// translation into the screen (≥ 0 from the left edge, ≤ 0 from the right). None once the app replaced the
    /// delegate. Asked as the back swipe leaves `possible`; nil when it may begin.
    func navigationRefusal(_ id: RecognizerID) -> Reason? {
        guard let (spec, _) = navigation(of: id), !spec.delegateReplaced else { return nil }
        if spec.depth <= 1 {
            return traced(.note("the default delegate refuses: the navigation controller is at its root (depth \(spec.depth))"))
        }
        let lead = spec.layoutDirection == .rightToLeft ? -1.0 : 1.0
        let tx = lead * (recognizers[id].lastCentroid - recognizers[id].start).x
        if tx < 0 {
            return traced(.note("the default delegate refuses: the translation points out of the screen"))
        }
        return nil
    }

    // MARK: - Leading-edge yield (N7.2)

    /// N7.2, at touch-down (before the recognizers take the touch): each back swipe of the touch's list whose
    /// navigation controller yields, and which has no touch yet, makes the pan of each scroll view of the list inside
    /// that navigation controller wait for it to fail — when the scroll view is neither decelerating nor bouncing and
    /// cannot scroll horizontally or sits at its leading limit (minimum offset; maximum in right-to-left layouts).
    mutating func decideLeadingEdgeYield(slot: Int) {
        let start = touches[slot].recsStart, count = touches[slot].recsCount
        for j in 0 ..< count {
            let pan = recsStorage[start + j]
            guard case .scrollPan(let sv) = recs[pan].kind, recognizers[pan].touches == 0 else { continue }
            // Decided afresh for each gesture: what an earlier touch-down decided does not carry over.
            recognizers[pan].yieldEdge = -1
            recognizers[pan].yieldContent = -1
            for k in 0 ..< count {
                let pop = recsStorage[start + k]
                guard let (spec, role) = navigation(of: pop), spec.yieldsAtLeadingEdge(params), recognizers[pop].touches == 0,
                    isView(sv, inside: spec.view), scrollViewYields(sv, spec)
                else { continue }
                if role == .edge { recognizers[pan].yieldEdge = pop } else { recognizers[pan].yieldContent = pop }
            }
        }
    }

    /// Whether scroll view `sv` is in the state in which its pan yields to the back swipes (N7.2, N10).
    func scrollViewYields(_ sv: ViewID, _ spec: NavigationSpec) -> Bool {
        guard !scrolls[sv].isDecelerating, timers.deadline(of: .zoomBounce(sv)) == .never else { return false }
        guard canScroll(sv, .horizontal) else { return true }
        let range = offsetRange(sv, .horizontal), x = scrolls[sv].offset.x
        return spec.layoutDirection == .rightToLeft ? x >= range.max : x <= range.min
    }

    /// The yield requirements of `id` (N7.2) folded into G10's status: `.recognized` when a back swipe it waits
    /// for began, `.waiting` while one is undecided.
    @inline(__always) func yieldStatus(_ id: RecognizerID) -> RequirementStatus {
        var waiting = false
        for b in [recognizers[id].yieldEdge, recognizers[id].yieldContent] where b >= 0 {
            let s = recognizers[b].state
            if s.isActive || s == .ended || s == .cancelled { return .recognized(b) }
            if s == .possible && participates(b) { waiting = true }
        }
        return waiting ? .waiting : .satisfied
    }

    /// The back swipes `id` waits for under the yield, still undecided (for the trace's `pending` line).
    func undecidedYields(_ id: RecognizerID) -> [RecognizerID] {
        [recognizers[id].yieldEdge, recognizers[id].yieldContent].filter {
            $0 >= 0 && recognizers[$0].state == .possible && participates($0)
        }
    }

    /// G10 "if B recognizes, A fails", applied at once to the back swipes that require `winner` to fail (a
    /// delegate's `shouldBeRequiredToFailBy`, NV-07 (c)): they fail as `winner` begins, not when they next try.
    mutating func failBackSwipesRequiring(_ winner: RecognizerID) {
        for pop in navigationPops where pop != winner && recognizers[pop].state == .possible && participates(pop) {
            var requires = false
            for k in prepared.requirements.requirementStart[pop] ..< prepared.requirements.requirementStart[pop + 1]
            where prepared.requirements.requirementList[k] == winner {
                requires = true
            }
            if requires { fail(pop, .requirementRecognized(winner), .requirementRecognized, by: winner) }
        }
    }

    // MARK: - The pop transition (N9)

    /// The progress of back swipe `id`'s pop: translation toward the trailing edge over the navigation view's width,
    /// clamped to 0…1.
    func popProgress(_ id: RecognizerID, _ spec: NavigationSpec) -> Double {
        let width = views[spec.view].frame.size.width
        guard width > 0 else { return 0 }
        let lead = spec.layoutDirection == .rightToLeft ? -1.0 : 1.0
        return min(max(lead * panTranslation(id).x / width, 0), 1)
    }

    /// Back swipe `id` sent its action: the pop begins with it, follows it, and at its end finishes iff
    /// `p + v·T > min(popFinishDistance / W, popFinishMaximumProgress)` — `v` the release velocity toward the
    /// trailing edge as progress per second (zero when the finger rested `flingRestInterval` before the lift), `T`
    /// `popFinishProjectionTime` — or is cancelled with the recognizer (N9) [INF].
    mutating func popAction(_ id: RecognizerID) {
        guard let (spec, _) = navigation(of: id) else { return }
        let p = popProgress(id, spec)
        var event = PopEvent(navigation: spec.view, recognizer: id, phase: .changed, progress: p)
        switch recognizers[id].state {
        case .began:
            event.phase = .began
            summary.popBegan(navigation: spec.view, recognizer: id, at: now)
        case .changed:
            event.phase = .changed
        case .ended:
            let width = views[spec.view].frame.size.width
            let lead = spec.layoutDirection == .rightToLeft ? -1.0 : 1.0
            let rested = restedBeforeLift(id)
            let v = rested || width <= 0 ? 0 : lead * recognizers[id].velocity.x * 1000 / width
            let threshold = params.popFinishThreshold(width: width)
            event.phase = p + v * params.popFinishProjectionTime.seconds > threshold ? .finished : .cancelled
            noteInferred(.popFinishProjectionTime, current: params.popFinishProjectionTime.milliseconds) { t in
                p + v * t / 1000 > threshold
            }
            event.velocity = v
            event.threshold = threshold
        default:
            event.phase = .cancelled
        }
        summary.popProgressed(recognizer: id, phase: event.phase, progress: p, at: now)
        if Recorder.isRecording { emit(.pop(event)) }
    }
}

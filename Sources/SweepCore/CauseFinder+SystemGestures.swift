import TouchEngine
import TouchScenarios

extension CauseFinder {
    /// The system-gesture classes in a person's words: the cause `CauseAnalysis` names, with the recognizers,
    /// views and positions of the traced run (`trace`).
    static func systemGestureCause(
        of defect: DefectClass, gesture: Gesture, scene: Scene, trace: [TraceEvent]
    ) -> String {
        let prepared = PreparedScene(scene)
        var engine = EngineRunner()
        let kind = engine.withSummary(prepared, script: gesture.script) { summary in
            CauseAnalysis.cause(of: defect, gesture: gesture, scene: scene, summary: summary)
        }
        func rn(_ r: RecognizerID) -> String { scene.recognizers.indices.contains(r) ? scene.recognizers[r].name : "a recognizer" }
        func vn(_ v: ViewID) -> String { scene.views.indices.contains(v) ? scene.views[v].name : "a view" }
        /// The first failure of a back swipe of the run, in the trace's words.
        func backSwipeFailure() -> String? {
            for event in trace {
                guard case let .transition(r, _, .failed, reason) = event.kind, case .navigationPop = scene.recognizers[r].kind else { continue }
                return "\(rn(r)) failed: " + TraceText.describe(reason, scene: scene)
            }
            return nil
        }
        /// The first sample at which the sheet or panel `view` (any, when nil) moved, in the trace's words.
        func firstMove(of view: ViewID?) -> String {
            for event in trace {
                switch event.kind {
                case .sheet(let v, .top), .panel(let v, .top):
                    guard view == nil || v == view else { continue }
                    return TraceText.describe(event.kind, scene: scene) + " at " + ms(event.time)
                default: continue
                }
            }
            return "no move"
        }
        let rule = "(\(kind.rule))"
        switch kind {
        case .backSwipeLostToScrollView, .backSwipeLostToRecognizer, .notABackSwipe, .popRefused, .viewVetoedBegin,
            .requiredRecognizerRecognized, .recognizerDisabled, .panNeverSawTouch:
            if kind == .recognizerDisabled { return "the back swipe is disabled (\(kind.rule)): no pop can begin" }
            return (backSwipeFailure() ?? "no back swipe began") + " " + rule
        case .edgeSwipePopped, .contentSwipePopped:
            let began = trace.first { if case .pop(let e) = $0.kind { e.phase == .began } else { false } }
            let by = summary(of: trace, scene) ?? "a back swipe"
            return "\(by) began a pop" + (began.map { " at " + ms($0.time) } ?? "") + " \(rule)"
        case .sheetPanTookDrag:
            return "the sheet's dismiss pan took the drag (\(firstMove(of: nil))) \(rule)"
        case .listDroveSheet:
            return "the list's pan drove the sheet (\(firstMove(of: nil))) \(rule)"
        case .floatingPanelFollowedDrag, .panModalFollowedDrag:
            return "the panel followed the drag toward dismissal (\(firstMove(of: nil))) \(rule)"
        case .sheetDidNotMove, .floatingPanelDidNotMove, .panModalDidNotMove:
            return "\(vn(gesture.intent.subject ?? -1)) never moved: the drag stayed with the list or failed \(rule)"
        case .sheetSettledBack, .floatingPanelSettledBack, .panModalSettledBack:
            return "\(vn(gesture.intent.subject ?? -1)) moved (\(firstMove(of: gesture.intent.subject))) and settled back at the release \(rule)"
        case .listAndSheetMoved, .floatingPanelAndListMoved, .panModalAndListMoved:
            return "a list and its \(kind == .listAndSheetMoved ? "sheet" : "panel") moved in the same sample \(rule)"
        default:
            return kind.name.replacingOccurrences(of: "_", with: " ") + " " + rule
        }
    }

    /// A time as whole milliseconds.
    private static func ms(_ t: VirtualTime) -> String { "\(Int(t.milliseconds.rounded())) ms" }

    /// The back swipe that began the trace's pop, by name.
    private static func summary(of trace: [TraceEvent], _ scene: Scene) -> String? {
        for event in trace {
            if case let .transition(r, _, .began, _) = event.kind, case .navigationPop = scene.recognizers[r].kind {
                return scene.recognizers[r].name
            }
        }
        return nil
    }
}

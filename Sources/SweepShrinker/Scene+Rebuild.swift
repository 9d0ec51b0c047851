import SweepCore
import TouchEngine

/// Which parts of a scene a shrink step keeps, and where the kept ones end up.
struct SceneRebuild {
    /// The rebuilt scene, in the loader's canonical form (see ``Scene/rebuilt(keepingViews:recognizers:controllers:)``).
    var scene: Scene
    /// Old view id → new view id (nil when removed).
    var viewMap: [ViewID?]
    /// Old recognizer id → new recognizer id (nil when removed).
    var recognizerMap: [RecognizerID?]
}

extension Scene {
    /// The recognizers the scene installs itself from its views (scroll views' delay and pan, a navigation
    /// controller's back swipes).
    func isInstalledByViews(_ r: RecognizerID) -> Bool {
        switch recognizers[r].kind {
        // A navigation controller's back swipes, a sheet's dismiss pan and a panel's pan are reinstalled with them.
        case .scrollDelay, .scrollPan, .scrollZoom, .sheetPan, .panelPan, .navigationPop: return true
        default: return false
        }
    }

    /// A copy with only the kept views, recognizers and controllers, built the way `ScenarioLoader` builds a
    /// file (views depth first, then the scroll views' recognizers, the edge gate, the user recognizers), so
    /// that `ScenarioWriter` writes it and the loader reads back an equal scene.
    ///
    /// - A removed view's kept subviews move up to the nearest kept ancestor, at the same window position
    ///   (their frames are shifted by the removed views' origins minus their bounds origins).
    /// - A removed view's recognizers and a removed scroll view's delay and pan go with it; so does a
    ///   controller whose root view is removed.
    /// - References to removed views or recognizers are dropped from lists (policies, `touchesShouldBegin`),
    ///   a removed pan host puts the pan back on its scroll view, and a script step that enables or disables
    ///   a removed recognizer is dropped.
    /// The window is always kept. Names never change, so trace texts and causes stay comparable.
    func rebuilt(keepingViews keepView: [Bool], recognizers keepRecognizer: [Bool], controllers keepController: [Bool])
        -> SceneRebuild
    {
        var out = Scene(name: name, windowSize: windowSize, parameters: parameters)
        let (viewMap, order) = copyViews(keeping: keepView, into: &out)
        func mapViews(_ ids: [ViewID]) -> [ViewID] { ids.compactMap { viewMap[$0] } }
        // References between views, now that every kept view has its new id.
        for (old, spec) in order {
            guard var scroll = spec.scroll, let id = viewMap[old] else { continue }
            if let host = scroll.panHost { scroll.panHost = viewMap[host] }
            // A removed view for zooming turns zooming off (no pinch is installed without one, §6.1).
            if let zoomView = scroll.viewForZooming { scroll.viewForZooming = viewMap[zoomView] }
            if case .rejectViews(let ids) = scroll.touchesShouldBegin { scroll.touchesShouldBegin = .rejectViews(mapViews(ids)) }
            out.modifyView(id) { $0.scroll = scroll }
        }
        out.installScrollViewRecognizers()

        var recognizerMap = [RecognizerID?](repeating: nil, count: recognizers.count)
        for r in recognizers.indices {
            switch recognizers[r].kind {
            case .scrollDelay(let sv): recognizerMap[r] = viewMap[sv].flatMap { out.scrollRecognizers(of: $0)?.delay }
            case .scrollPan(let sv): recognizerMap[r] = viewMap[sv].flatMap { out.scrollRecognizers(of: $0)?.pan }
            case .scrollZoom(let sv):
                recognizerMap[r] = viewMap[sv].flatMap { new in
                    out.recognizers.firstIndex { if case .scrollZoom(let s) = $0.kind { s == new } else { false } }
                }
            default: break
            }
        }
        var added: [(old: RecognizerID, new: RecognizerID)] = []
        for r in recognizers.indices where keepRecognizer[r] && !isInstalledByViews(r) {
            guard case .edgeGate(let edges) = recognizers[r].kind else { continue }
            let id = out.installEdgeGate(edges: edges)
            out.recognizers[id].isEnabled = recognizers[r].isEnabled
            recognizerMap[r] = id
        }
        reinstallNavigations(into: &out, viewMap: viewMap, recognizerMap: &recognizerMap)
        reinstallSheetsAndPanels(into: &out, viewMap: viewMap, recognizerMap: &recognizerMap)
        for r in recognizers.indices where keepRecognizer[r] && !isInstalledByViews(r) {
            if case .edgeGate = recognizers[r].kind { continue }
            guard let view = viewMap[recognizers[r].view] else { continue }
            var spec = recognizers[r]
            spec.view = view
            spec.addOrder = 0
            let id = out.addRecognizer(spec)
            recognizerMap[r] = id
            added.append((r, id))
        }

        for (old, new) in added {
            out.recognizers[new].policies = Self.mapped(recognizers[old].policies, views: viewMap, recognizers: recognizerMap)
            out.recognizers[new].actions = Self.mapped(recognizers[old].actions, views: viewMap, recognizers: recognizerMap)
        }
        for (old, spec) in order {
            guard let scroll = spec.scroll, let id = viewMap[old], let pan = out.scrollRecognizers(of: id)?.pan else { continue }
            let policies = Self.mapped(scroll.pan, views: viewMap, recognizers: recognizerMap)
            out.modifyView(id) { $0.scroll?.pan = policies }
            out.recognizers[pan].policies = policies
        }

        var controllerMap = [Int?](repeating: nil, count: controllers.count)
        for c in controllers.indices where keepController[c] {
            guard let root = viewMap[controllers[c].rootView] else { continue }
            var spec = controllers[c]
            spec.rootView = root
            controllerMap[c] = out.controllers.count
            out.addController(spec)
        }
        remapTargetActions(into: &out, order: order, viewMap: viewMap, controllerMap: controllerMap)
        out.script = script.compactMap { event in
            guard case let .setRecognizerEnabled(r, enabled) = event.action else { return event }
            guard let id = recognizerMap[r] else { return nil }
            var copy = event
            copy.action = .setRecognizerEnabled(id, enabled)
            return copy
        }
        return SceneRebuild(scene: out, viewMap: viewMap, recognizerMap: recognizerMap)
    }

    /// The views to keep copied into `out`, depth-first and back to front (the loader's numbering, which also keeps
    /// every view's z-order), each under its nearest kept ancestor and shifted by the removed views between: each old
    /// view's new id (nil when removed), and the kept views with their copies in order.
    private func copyViews(keeping keepView: [Bool], into out: inout Scene) -> (viewMap: [ViewID?], order: [(old: ViewID, spec: ViewSpec)]) {
        var viewMap = [ViewID?](repeating: nil, count: views.count)
        viewMap[0] = 0
        var stack: [(view: ViewID, keptAncestor: ViewID, shift: Point)] = children[0].reversed().map { ($0, 0, .zero) }
        var order: [(old: ViewID, spec: ViewSpec)] = []
        while let (v, ancestor, shift) = stack.popLast() {
            let spec = views[v]
            let childAncestor: ViewID
            let childShift: Point
            if keepView[v] {
                var copy = spec
                copy.frame.origin = Point(spec.frame.origin.x + shift.x, spec.frame.origin.y + shift.y)
                copy.parent = viewMap[ancestor]
                let id = out.addView(copy)
                viewMap[v] = id
                order.append((v, copy))
                childAncestor = v
                childShift = .zero
            } else {
                childAncestor = ancestor
                childShift = Point(
                    shift.x + spec.frame.origin.x - spec.boundsOrigin.x,
                    shift.y + spec.frame.origin.y - spec.boundsOrigin.y)
            }
            for child in children[v].reversed() { stack.append((child, childAncestor, childShift)) }
        }
        return (viewMap, order)
    }

    /// Policies name recognizers and views: `p` with the new ids, the removed ones dropped.
    static func mapped(_ p: RecognizerPolicies, views viewMap: [ViewID?], recognizers recognizerMap: [RecognizerID?]) -> RecognizerPolicies {
        func mapViews(_ ids: [ViewID]) -> [ViewID] { ids.compactMap { viewMap[$0] } }
        func ids(_ list: [RecognizerID]) -> [RecognizerID] { list.compactMap { recognizerMap[$0] } }
        func set(_ s: RecognizerSet) -> RecognizerSet {
            switch s {
            case .none, .all: return s
            case .only(let list): return .only(ids(list))
            case .allExcept(let list): return .allExcept(ids(list))
            }
        }
        var q = p
        switch p.shouldReceive {
        case .notInViews(let list): q.shouldReceive = .notInViews(mapViews(list))
        case .onlyInViews(let list): q.shouldReceive = .onlyInViews(mapViews(list))
        default: break
        }
        q.simultaneousWith = set(p.simultaneousWith)
        q.requireToFail = ids(p.requireToFail)
        q.canPrevent = set(p.canPrevent)
        q.canBePrevented = set(p.canBePrevented)
        q.toggleEnabledOnBegin = ids(p.toggleEnabledOnBegin)
        q.shouldRequireFailureOf = set(p.shouldRequireFailureOf)
        q.shouldBeRequiredToFailBy = set(p.shouldBeRequiredToFailBy)
        q.delegateRequiresFailureOf = set(p.delegateRequiresFailureOf)
        q.delegateRequiredToFailBy = set(p.delegateRequiredToFailBy)
        return q
    }

    /// What action handlers act on (issue 15 §4), with the new ids; a removed view or recognizer drops out, and so
    /// does a move whose view, or the view it reads the translation in, was removed.
    static func mapped(_ a: ActionEffects, views viewMap: [ViewID?], recognizers recognizerMap: [RecognizerID?]) -> ActionEffects {
        var b = a
        b.movesView = a.movesView.flatMap { move in
            viewMap[move.view].flatMap { v in
                guard let space = move.translationIn else { return ViewMove(view: v, on: move.on) }
                return viewMap[space].map { ViewMove(view: v, translationIn: $0, on: move.on) }
            }
        }
        b.setsFrame = a.setsFrame.flatMap { change in viewMap[change.view].map { FrameChange(view: $0, frame: change.frame) } }
        b.togglesEnabled = a.togglesEnabled.compactMap { recognizerMap[$0] }
        return b
    }

    /// Target-action (§5.5) names responders: map them to the new ids. A call whose target was removed is
    /// dropped, and so is a first responder that was removed.
    private func remapTargetActions(
        into out: inout Scene, order: [(old: ViewID, spec: ViewSpec)], viewMap: [ViewID?],
        controllerMap: [Int?]
    ) {
        func map(_ r: Responder) -> Responder? {
            switch r {
            case .view(let v): return viewMap[v].map { .view($0) }
            case .controller(let c): return controllerMap[c].map { .controller($0) }
            }
        }
        for (old, spec) in order where !spec.actionSetup.isEmpty {
            guard let id = viewMap[old] else { continue }
            let calls: [ActionSetupCall] = spec.actionSetup.compactMap { call in
                switch call {
                case let .addTarget(target?, action, events):
                    return map(target).map { .addTarget($0, action: action, events: events) }
                case let .removeTarget(target?, action, events):
                    return map(target).map { .removeTarget($0, action: action, events: events) }
                default:
                    return call
                }
            }
            out.modifyView(id) { $0.actionSetup = calls }
        }
        out.firstResponder = firstResponder.flatMap(map)
    }

    /// The same scene in canonical form (everything kept).
    func canonical() -> SceneRebuild {
        rebuilt(
            keepingViews: Array(repeating: true, count: views.count),
            recognizers: Array(repeating: true, count: recognizers.count),
            controllers: Array(repeating: true, count: controllers.count))
    }
}

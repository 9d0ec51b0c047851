import TouchEngine

/// The axes of the system's gestures (touch-model-system N, M, K; docs/sweep-config.md): the switches and documented
/// fixes of navigation controllers (`nav.*`), sheets (`sheet.*`) and library panels (`panel.*`), and the constants
/// the spec only infers, within their documented ranges.
extension AxisCatalog {
    @Sendable static func hasNavigations(_ tree: GeneratedTree) -> Bool { !tree.roles.navigations.isEmpty }
    @Sendable static func hasSheets(_ tree: GeneratedTree) -> Bool { !tree.roles.sheets.isEmpty }
    @Sendable static func hasPanels(_ tree: GeneratedTree) -> Bool { !tree.roles.panels.isEmpty }
    @Sendable static func hasCanvases(_ tree: GeneratedTree) -> Bool { !tree.roles.canvases.isEmpty }
    @Sendable static func canvases(_ tree: GeneratedTree) -> [ViewID] { tree.roles.canvases }
    /// The surfaces of the panels with two states, the ones `panel.library` may rebuild with either library.
    @Sendable static func twoStatePanels(_ tree: GeneratedTree) -> [ViewID] {
        tree.scene.panels.filter { $0.states.count == 2 }.map(\.view)
    }
    @Sendable static func hasTwoStatePanels(_ tree: GeneratedTree) -> Bool { !twoStatePanels(tree).isEmpty }

    /// A `nav.` axis that changes each navigation controller's declaration (both back swipes carry it).
    static func navigationFlag(
        _ key: String, _ summary: String, _ set: @escaping @Sendable (inout NavigationSpec, Bool) -> Void
    ) -> AxisDefinition {
        AxisDefinition(name: "nav." + key, type: .bool, summary: summary, acts: hasNavigations) { value, tree in
            guard case .bool(let b) = value else { return }
            for nc in tree.roles.navigations { tree.scene.modifyNavigation(of: nc) { set(&$0, b) } }
        }
    }

    /// The back swipes (edge, content) of every navigation controller of the tree.
    static func backSwipes(_ tree: GeneratedTree) -> [(edge: RecognizerID, content: RecognizerID)] {
        tree.roles.navigations.compactMap { tree.scene.navigationRecognizers(of: $0) }
    }

    static let systemAxes: [AxisDefinition] = [
        navigationFlag("contentPop", "Whether the iOS 26 content back swipe exists (N6); default: from iosVersion (26 and later).") {
            $0.contentPop = $1
        },
        navigationFlag("leadingEdgeYield", "Scroll views at their leading edge wait for the back swipes (N7.2); default: from iosVersion (18 and later).") {
            $0.leadingEdgeYield = $1
        },
        navigationFlag("delegateReplaced", "The app replaced the back swipe's delegate (N4: no root, direction or bar guards; B13's workaround).") {
            $0.delegateReplaced = $1
        },
        AxisDefinition(
            name: "nav.popEnabled", type: .bool,
            summary: "The back swipes are enabled; false: a custom back button or a hidden back item disabled them (B13).",
            acts: hasNavigations
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for ids in backSwipes(tree) {
                for r in [ids.edge, ids.content] where tree.scene.recognizers[r].isEnabled != b { tree.scene.recognizers[r].isEnabled = b }
            }
        },
        AxisDefinition(
            name: "nav.edgeDelaysTouchesBegan", type: .bool,
            summary: "delaysTouchesBegan of interactivePopGestureRecognizer (N2.2, default true); false is B16's fix.",
            acts: hasNavigations
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for ids in backSwipes(tree) where tree.scene.recognizers[ids.edge].delaysTouchesBegan != b {
                tree.scene.recognizers[ids.edge].delaysTouchesBegan = b
            }
        },
        AxisDefinition(
            name: "nav.pansRequirePop", type: .bool,
            summary: "The app's horizontal pans (scroll views that scroll sideways, row swipe pans) require the edge back swipe to fail "
                + "(N7.3: the B8 and B14 fix); default false.",
            acts: hasNavigations
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            let edges = backSwipes(tree).map(\.edge)
            var pans = tree.roles.swipePans
            for sv in tree.roles.scrollViews where TreeGenerator.canScroll(sv, along: .horizontal, in: tree.scene) {
                if let pan = tree.scene.scrollRecognizers(of: sv)?.pan { pans.append(pan) }
            }
            for pan in pans {
                var required = tree.scene.recognizers[pan].policies.requireToFail.filter { !edges.contains($0) }
                if b { required += edges }
                if tree.scene.recognizers[pan].policies.requireToFail != required { tree.scene.recognizers[pan].policies.requireToFail = required }
            }
        },
        AxisDefinition(
            name: "sheet.modal", type: .bool,
            summary: "isModalInPresentation of the sheets (M4): no interactive dismissal, a pull rubber-bands; default false.",
            acts: hasSheets
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for i in tree.scene.sheets.indices where tree.scene.sheets[i].isModalInPresentation != b { tree.scene.sheets[i].isModalInPresentation = b }
        },
        AxisDefinition(
            name: "sheet.expandsOnScroll", type: .bool,
            summary: "prefersScrollingExpandsWhenScrolledToEdge of the sheets (M6); default true.",
            acts: hasSheets
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for i in tree.scene.sheets.indices where tree.scene.sheets[i].prefersScrollingExpandsWhenScrolledToEdge != b {
                tree.scene.sheets[i].prefersScrollingExpandsWhenScrolledToEdge = b
            }
        },
        AxisDefinition(
            name: "canvases.vetoPans", type: .bool,
            summary: "Drawing, signature and chart views refuse other views' pans in gestureRecognizerShouldBegin (G11; B19's fix); default false.",
            acts: hasCanvases, writes: canvases
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for v in tree.roles.canvases { tree.scene.setView(\.vetoesForeignPans, of: v, to: b) }
        },
        AxisDefinition(
            name: "panel.tracksList", type: .bool,
            summary: "The panel tracks its list (FloatingPanel track(scrollView:), PanModal panScrollable; K1.2); default true, false is B20's #530.",
            acts: hasPanels
        ) { value, tree in
            // The base tree tracks each panel's list; false forgets it (the panel's pan no longer recognizes with it).
            guard case .bool(false) = value else { return }
            for i in tree.scene.panels.indices where tree.scene.panels[i].trackedScrollView != nil {
                tree.scene.panels[i].trackedScrollView = nil
                tree.scene.recognizers[tree.scene.panels[i].pan].policies.simultaneousWith = .none
            }
        },
        AxisDefinition(
            name: "panel.pinsList", type: .bool,
            summary: "The panel holds its list still while it moves (K1.4, K2.4); false: a handoff without pinning, B21; default true.",
            acts: hasPanels
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for i in tree.scene.panels.indices where tree.scene.panels[i].pinsList != b { tree.scene.panels[i].pinsList = b }
        },
        AxisDefinition(
            name: "panel.library", type: .choice(PanelPolicy.allCases.map(\.rawValue)),
            summary: "The library a two-state panel is built with (K4): floatingPanel (K1; full and half, no removal) or panModal "
                + "(K2; long and short form, drag to dismiss); a panel with a third state keeps its library.",
            acts: hasTwoStatePanels, writes: twoStatePanels
        ) { value, tree in
            guard case .text(let s) = value, let policy = PanelPolicy(rawValue: s) else { return }
            for i in tree.scene.panels.indices where tree.scene.panels[i].states.count == 2 && tree.scene.panels[i].policy != policy {
                tree.scene.rebuildPanel(i, with: policy)
            }
        }
    ]
}

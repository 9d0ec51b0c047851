import Testing
import TouchEngine

@testable import TouchScenarios

/// Seeded view trees (issue 3 §2): deterministic, realistic, with the promised parts and exact elements.
@Suite struct TreeGeneratorTests {
    /// The home indicator's strip of the 390 × 844 window: no target reaches into it.
    static let homeIndicator = Rect(0, 810, 390, 34)

    static let seeds: [UInt64] = Array(0 ..< 24)
    static let window = Rect(0, 0, 390, 844)

    static func tree(_ template: TreeTemplate, _ seed: UInt64, _ options: TreeOptions = TreeOptions()) -> GeneratedTree {
        TreeGenerator.generate(template, seed: seed, options: options)
    }

    static func elements(_ tree: GeneratedTree, _ kind: ElementKind) -> [Element] {
        tree.elements.filter { $0.kind == kind }
    }

    static func controls(_ tree: GeneratedTree, _ kind: ViewKind) -> [Element] { elements(tree, .control(kind)) }

    @Test(arguments: TreeTemplate.generated)
    func theSameSeedGivesTheSameTreeAndAnotherSeedAnother(_ template: TreeTemplate) {
        for seed: UInt64 in [0, 1, 7, 123_456_789, .max] {
            let a = Self.tree(template, seed), b = Self.tree(template, seed)
            #expect(a == b)
            #expect(a.seed == seed && a.template == template)
            #expect(a != Self.tree(template, seed &+ 1), "seed \(seed)")
        }
    }

    @Test(arguments: TreeTemplate.generated)
    func treesAreWellFormed(_ template: TreeTemplate) {
        for seed in Self.seeds {
            let tree = Self.tree(template, seed)
            let scene = tree.scene
            let label = "\(template) seed \(seed)"
            #expect(scene.windowSize == Size(390, 844))
            if template == .pushedScreen {
                // The navigation controller's view holds the pushed screen's root.
                #expect(scene.views[1].name == "NC" && scene.views[2].name == "R" && scene.views[2].parent == 1, "\(label)")
                #expect(scene.controllers.map(\.name).prefix(2) == ["Nav", "VC"] && scene.controllers[1].rootView == 2, "\(label)")
            } else {
                #expect(scene.views[1].name == "R" && scene.views[1].parent == 0, "\(label)")
                #expect(scene.controllers.first?.name == "VC" && scene.controllers.first?.rootView == 1, "\(label)")
            }
            #expect(scene.views.count <= 150, "\(label): \(scene.views.count) views")
            let names = scene.views.map(\.name) + scene.recognizers.map(\.name) + scene.controllers.map(\.name)
            #expect(Set(names).count == names.count, "\(label): names are unique")
            #expect(!names.contains { $0.contains(" ") }, "\(label)")
            // Document order: ids are a depth-first pre-order walk (what the scenario loader assigns).
            var order: [ViewID] = [], stack: [ViewID] = [0]
            while let v = stack.popLast() { order.append(v); stack.append(contentsOf: scene.children[v].reversed()) }
            #expect(order == Array(scene.views.indices), "\(label)")
            // Recognizers in the loader's order: scroll views' (in view order), the edge gate, then the template's.
            let gate = scene.recognizer(named: "W.edgeGate")
            #expect(gate != nil, "\(label)")
            let installed = scene.recognizers.prefix {
                switch $0.kind {
                case .scrollDelay, .scrollPan, .scrollZoom: return true
                default: return false
                }
            }
            // Delay and pan for every scroll view, and a pinch for each zooming one (§6.1: the photo viewer's).
            let zooming = tree.roles.scrollViews.filter { scene.views[$0].scroll!.zoomEnabled }.count
            #expect(installed.count == 2 * tree.roles.scrollViews.count + zooming && gate == installed.count, "\(label)")
            // A pan moved to another view (the drawer's, §6.5) counts as added after every other recognizer.
            for (i, r) in scene.recognizers.enumerated() {
                let moved: Bool
                if case .scrollPan(let sv) = r.kind { moved = r.view != sv } else { moved = false }
                #expect(r.addOrder == (moved ? 1_000_000 + i : i + 1), "\(label): \(r.name)")
            }
            // Every scroll view is in the role list, in view order.
            #expect(tree.roles.scrollViews == scene.views.indices.filter { scene.views[$0].kind.isScrollView }, "\(label)")
            // Frames and sizes are sane.
            for v in scene.views.indices {
                let f = scene.views[v].frame
                #expect(f.size.width >= 0 && f.size.height >= 0 && f.size.width <= 390 && f.size.height <= 844, "\(label): \(scene.views[v].name)")
                if let scroll = scene.views[v].scroll { #expect(scroll.contentSize.width >= 0 && scroll.contentSize.height >= 0) }
                if scene.views[v].kind == .switch { #expect(scene.views[v].value == 0 || scene.views[v].value == 1) }
                if scene.views[v].kind == .slider { #expect((0 ... 1).contains(scene.views[v].value)) }
            }
        }
    }

    @Test func noEdgeGateWhenTheOptionsSaySo() {
        var options = TreeOptions()
        options.edgeGate = false
        for template in TreeTemplate.generated {
            #expect(Self.tree(template, 3, options).scene.recognizer(named: "W.edgeGate") == nil)
        }
    }

    @Test(arguments: TreeTemplate.generated)
    func elementsAreExactAndVisible(_ template: TreeTemplate) {
        for seed in Self.seeds {
            let tree = Self.tree(template, seed)
            let scene = tree.scene
            let label = "\(template) seed \(seed)"
            #expect(tree.elements.map(\.view) == tree.elements.map(\.view).sorted(), "\(label): document order")
            #expect(Set(tree.elements.map(\.view)).count == tree.elements.count, "\(label)")
            for e in tree.elements {
                let name = "\(label): \(scene.views[e.view].name)"
                let r = e.visibleRect
                #expect(r.size.width > 0 && r.size.height > 0, "\(name)")
                #expect(r.minX >= 0 && r.minY >= 0 && r.maxX <= 390 && r.maxY <= 844, "\(name) \(r)")
                // Inside the clipped window frame (it may be smaller where an opaque panel covers it).
                let clip = TreeGenerator.clippedWindowRect(of: e.view, in: scene)
                #expect(r.minX >= clip.minX && r.minY >= clip.minY && r.maxX <= clip.maxX && r.maxY <= clip.maxY, "\(name)")
                let kind = scene.views[e.view].kind
                switch e.kind {
                case .control(let k): #expect(k == kind && kind.isControl, "\(name)")
                case .cell: #expect(kind == .cell, "\(name)")
                case .scrollView(let axes):
                    #expect(kind.isScrollView, "\(name)")
                    #expect(axes == TreeGenerator.scrollableAxes(of: e.view, in: scene), "\(name)")
                case .empty:
                    #expect(kind == .view && e.scrollView != nil, "\(name): a plain view inside a scroll view")
                case .canvas:
                    #expect(kind == .view && scene.views[e.view].touches == .logs, "\(name): a view reading its own touches")
                case .navigation:
                    #expect(scene.navigations.contains { $0.view == e.view && $0.depth > 1 }, "\(name): a navigation that can pop")
                case .sheet: #expect(scene.sheets.contains { $0.view == e.view }, "\(name): a sheet")
                case .panel: #expect(scene.panels.contains { $0.view == e.view }, "\(name): a panel")
                }
                // The nearest enclosing scroll view.
                var v = scene.views[e.view].parent, nearest: ViewID?
                while let p = v { if scene.views[p].scroll != nil { nearest = p; break }; v = scene.views[p].parent }
                #expect(e.scrollView == nearest, "\(name)")
            }
            // Every interactive control and cell on screen is listed: on screen is at least 8 pt each way, above the home
            // indicator.
            for v in scene.views.indices where scene.views[v].kind.isControl || scene.views[v].kind == .cell {
                let rect = TreeGenerator.subtract(TreeGenerator.clippedWindowRect(of: v, in: scene), Self.homeIndicator)
                if rect.size.width >= 8 && rect.size.height >= 8 && template != .drawer {
                    #expect(tree.elements.contains { $0.view == v }, "\(label): \(scene.views[v].name) is on screen")
                }
            }
            for sv in tree.roles.scrollViews where !TreeGenerator.isEmpty(TreeGenerator.clippedWindowRect(of: sv, in: scene)) {
                #expect(tree.elements.contains { $0.view == sv }, "\(label): scroll view \(scene.views[sv].name)")
            }
        }
    }

    // MARK: What each template promises

    @Test func feedHasCellsButtonsSwitchesAndLongPresses() throws {
        for seed in Self.seeds {
            let tree = Self.tree(.feed, seed), scene = tree.scene
            let table = try #require(scene.view(named: "Feed"))
            #expect(scene.views[table].kind == .tableView)
            #expect(Self.elements(tree, .cell).count >= 1, "seed \(seed)")
            #expect(!Self.controls(tree, .button).isEmpty, "seed \(seed)")
            #expect(!Self.controls(tree, .switch).isEmpty, "seed \(seed)")
            #expect(!tree.roles.longPresses.isEmpty, "seed \(seed)")
            for r in tree.roles.longPresses + tree.roles.cellTaps {
                #expect(scene.views[scene.recognizers[r].view].kind == .cell)
            }
            // Content size is the rows (and the header).
            let config = try #require(scene.views[table].scroll)
            #expect(config.contentSize.width == 390)
            for cell in Self.elements(tree, .cell) {
                let h = scene.views[cell.view].frame.size.height
                #expect(h >= 60 && h <= 90)
                #expect(scene.views[cell.view].frame.maxY <= config.contentSize.height)
            }
        }
        // About a quarter of the cells long-press, about 15% tap (over many trees).
        var cells = 0, long = 0, taps = 0
        for seed in UInt64(0) ..< 200 {
            let tree = Self.tree(.feed, seed)
            cells += tree.scene.views.filter { $0.kind == .cell }.count
            long += tree.roles.longPresses.count
            taps += tree.roles.cellTaps.count
        }
        let longShare = Double(long) / Double(cells), tapShare = Double(taps) / Double(cells)
        #expect(longShare > 0.18 && longShare < 0.36, "\(longShare)")
        #expect(tapShare > 0.08 && tapShare < 0.22, "\(tapShare)")
    }

    @Test func formHasTheDismissTapAndEveryFieldKind() throws {
        var tall = 0, tables = 0
        for seed in Self.seeds {
            let tree = Self.tree(.form, seed), scene = tree.scene
            let tap = try #require(tree.roles.dismissTap, "seed \(seed)")
            #expect(scene.recognizers[tap].view == scene.view(named: "R"))
            #expect(scene.recognizers[tap].kind == .tap(taps: 1, touches: 1))
            #expect(scene.recognizers[tap].cancelsTouchesInView, "UIKit's default: the seed 000 bug")
            for kind in [ViewKind.textField, .slider, .switch, .stepper] {
                #expect(!Self.controls(tree, kind).isEmpty, "seed \(seed): \(kind)")
            }
            let form = try #require(scene.view(named: "Form"))
            if scene.views[form].scroll!.contentSize.height > scene.views[form].frame.size.height { tall += 1 }
            // Seed 000's screen: a grouped table whose choice rows are cells the table selects, under the tap.
            let choices = scene.views.indices.filter { scene.views[$0].kind == .cell }
            if scene.views[form].kind == .tableView {
                tables += 1
                #expect((1 ... 2).contains(choices.count), "seed \(seed): \(choices.count) choice rows")
                #expect(choices.allSatisfy { scene.views[$0].parent == form && scene.views[$0].name.hasPrefix("Choice") })
                #expect(choices.allSatisfy { c in tree.elements.contains { $0.view == c && $0.kind == .cell } }, "on screen")
                #expect(scene.views[form].scroll!.alwaysBounceVertical, "a table bounces vertically (§7)")
            } else {
                #expect(scene.views[form].kind == .scrollView && choices.isEmpty, "seed \(seed)")
            }
        }
        #expect(tall > 0 && tall < Self.seeds.count, "content is sometimes taller than the screen, sometimes not")
        #expect(tables > 0 && tables < Self.seeds.count, "some forms are grouped tables, some scroll views: \(tables)")
    }

    @Test func drawerHasAFullScreenOverlayBuiltAsAppsShipIt() throws {
        var underneath = 0
        for seed in Self.seeds {
            let tree = Self.tree(.drawer, seed), scene = tree.scene
            let overlay = try #require(tree.roles.overlays.first, "seed \(seed)")
            let root = try #require(scene.view(named: "R"))
            #expect(tree.roles.overlayPanHosts == [root])
            #expect(scene.views[overlay].frame == Rect(0, 0, 390, 844))
            #expect(scene.views[overlay].parent == root)
            #expect(scene.views[overlay].hitTestOverride == .passThrough, "pass-through (H3), as shipped drawers do")
            #expect(scene.recognizers[scene.scrollRecognizers(of: overlay)!.pan].view == root, "pan moved to R (§6.5)")
            // The naive overlay (B12) is what the axes turn back on.
            var naive = tree
            AxisCatalog.definition(named: "overlay.passThrough")!.apply(.bool(false), to: &naive)
            AxisCatalog.definition(named: "overlay.panMoved")!.apply(.bool(false), to: &naive)
            #expect(naive.scene.views[overlay].hitTestOverride == HitTestOverride.none)
            #expect(naive.scene.recognizers[naive.scene.scrollRecognizers(of: overlay)!.pan].view == overlay)
            #expect(
                naive.scene.recognizers[naive.scene.scrollRecognizers(of: overlay)!.pan].addOrder
                    == scene.scrollRecognizers(of: overlay)!.pan + 1, "back in its install order")
            #expect(tree.elements.contains { $0.view == overlay && $0.kind == .scrollView(axes: [.vertical]) })
            // The drawer panel peeks in: part of it is on screen.
            let panel = try #require(scene.view(named: "Sheet.Panel"))
            #expect(tree.elements.contains { $0.view == panel && $0.kind == .empty })
            underneath += tree.elements.filter { !scene.isView($0.view, inside: overlay) && $0.view != overlay }.count
        }
        #expect(underneath > 0, "content below the overlay is listed (the dead buttons the sweep should find)")
    }

    @Test func pagerHasPagingAndSwipePans() throws {
        for seed in Self.seeds {
            let tree = Self.tree(.pager, seed), scene = tree.scene
            let pager = try #require(scene.view(named: "Pager"))
            #expect(scene.views[pager].scroll?.isPagingEnabled == true)
            #expect(tree.elements.contains { $0.view == pager && $0.kind == .scrollView(axes: [.horizontal]) }, "seed \(seed)")
            let pages = scene.children[pager]
            #expect((2 ... 4).contains(pages.count))
            #expect(pages.allSatisfy { scene.views[$0].kind == .tableView })
            #expect(!tree.roles.swipePans.isEmpty, "seed \(seed)")
            for r in tree.roles.swipePans {
                #expect(scene.recognizers[r].policies.shouldBegin == .horizontal, "begins only on mostly horizontal movement")
                #expect(scene.views[scene.recognizers[r].view].kind == .cell)
            }
            // `swipePans.beginsInAnyDirection` is the "what if"; false keeps the template's policy.
            let axis = try #require(AxisCatalog.definition(named: "swipePans.beginsInAnyDirection"))
            var off = tree, on = tree
            axis.apply(.bool(false), to: &off)
            axis.apply(.bool(true), to: &on)
            #expect(off == tree)
            #expect(tree.roles.swipePans.allSatisfy { on.scene.recognizers[$0].policies.shouldBegin == .always })
            // A swipe-pan cell is on screen, in a vertical table (unless every one lies under the home indicator).
            let above = tree.roles.swipePans.contains { r in
                let rect = TreeGenerator.subtract(
                    TreeGenerator.clippedWindowRect(of: scene.recognizers[r].view, in: scene), Self.homeIndicator)
                return rect.size.width >= 8 && rect.size.height >= 8
            }
            #expect(
                !above
                    || tree.elements.contains { e in
                        e.kind == .cell && tree.roles.swipePans.contains { scene.recognizers[$0].view == e.view }
                            && e.scrollView.map { scene.views[$0].kind == .tableView } == true
                    }, "seed \(seed)")
        }
    }

    @Test func carouselNestsHorizontalCollectionsInAVerticalScrollView() throws {
        for seed in Self.seeds {
            let tree = Self.tree(.carousel, seed), scene = tree.scene
            let shelves = tree.elements.filter { scene.views[$0.view].kind == .collectionView }
            #expect(!shelves.isEmpty, "seed \(seed)")
            for shelf in shelves {
                #expect(shelf.kind == .scrollView(axes: [.horizontal]))
                let config = scene.views[shelf.view].scroll!
                #expect(config.contentSize.width > scene.views[shelf.view].frame.size.width)
                let outer = try #require(shelf.scrollView)
                #expect(tree.elements.first { $0.view == outer }?.kind == .scrollView(axes: [.vertical]))
            }
            #expect(tree.elements.contains { e in e.kind == .cell && shelves.contains { $0.view == e.scrollView } }, "seed \(seed)")
            #expect(tree.elements.contains { e in e.kind == .control(.button) && shelves.contains { scene.isView(e.view, inside: $0.view) } })
            #expect(
                tree.elements.contains { e in
                    e.kind == .control(.button) && e.scrollView.map { scene.views[$0].kind == .scrollView } == true
                }, "buttons in the vertical content, seed \(seed)")
        }
    }

    @Test func settingsHasSegmentedControlsAndAPageControl() {
        for seed in Self.seeds {
            let tree = Self.tree(.settings, seed)
            #expect(!Self.controls(tree, .segmentedControl).isEmpty, "seed \(seed)")
            #expect(!Self.controls(tree, .pageControl).isEmpty, "seed \(seed)")
            #expect(!Self.controls(tree, .switch).isEmpty || !Self.controls(tree, .stepper).isEmpty || !Self.controls(tree, .button).isEmpty)
            #expect(tree.scene.views[tree.scene.view(named: "Settings")!].kind == .tableView)
        }
    }

    @Test func randomCompositionsFollowTheOptions() throws {
        var nested = 0, total = 0
        for seed in UInt64(0) ..< 60 {
            let tree = Self.tree(.random, seed), scene = tree.scene
            #expect(scene.views.count <= 150)
            let maxDepth = scene.depth.max() ?? 0
            // R is at depth 1; containers add a level each, leaves (and a cell's label) one more.
            #expect(maxDepth <= 1 + 4 + 2, "seed \(seed)")
            if tree.elements.contains(where: { e in
                if case .scrollView = e.kind, e.scrollView != nil { return true } else { return false }
            }) {
                nested += 1
            }
            total += tree.elements.count
        }
        #expect(nested > 0, "some scroll views are nested")
        #expect(total > 60, "random trees have targets")

        var options = TreeOptions()
        options.kindMix = [.switch: 1]
        options.depth = 1 ... 1
        options.fanOut = 3 ... 3
        for seed: UInt64 in 0 ..< 8 {
            let tree = Self.tree(.random, seed, options)
            let main = try #require(tree.scene.view(named: "Main"))
            // The main content stacks at least `fanOut` children (more to fill the screen), all from the mix.
            let leaves = tree.scene.children[main].map { tree.scene.views[$0] }
            #expect(leaves.count >= 3 && leaves.allSatisfy { $0.kind == .switch }, "seed \(seed)")
        }
    }

    @Test func rowsOptionChangesTheTableLength() {
        var short = TreeOptions(), long = TreeOptions()
        short.rows = 2 ... 2
        long.rows = 60 ... 60
        let a = Self.tree(.feed, 9, short), b = Self.tree(.feed, 9, long)
        let ha = a.scene.views[a.scene.view(named: "Feed")!].scroll!.contentSize.height
        let hb = b.scene.views[b.scene.view(named: "Feed")!].scroll!.contentSize.height
        #expect(ha <= 120 + 2 * 90 && hb >= 60 * 60)
        #expect(b.scene.views.count <= 150, "only on-screen rows become cells")
        // Large size options stay modest trees.
        var huge = TreeOptions()
        huge.rows = 5_000 ... 10_000
        huge.controls = 200 ... 300
        huge.fanOut = 30 ... 40
        huge.depth = 8 ... 9
        for template in TreeTemplate.generated {
            let tree = Self.tree(template, 1, huge)
            #expect(tree.scene.views.count <= 150, "\(template): \(tree.scene.views.count) views")
        }
    }
}

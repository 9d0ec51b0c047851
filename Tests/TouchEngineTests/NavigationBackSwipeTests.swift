import ScenarioKit
import Testing
import TouchEngine

/// The navigation back swipe (touch-model-system N2–N10) where no golden pins the rule: the edge time limit, the
/// back projection of the edge test, the pop's finish rule both ways, the root refusal and a replaced delegate,
/// the bar exclusion, the leading-edge yield's conditions, right-to-left and the run summary.
@Suite struct NavigationBackSwipeTests {
    /// TREE-NAV with a logging content view V, `navigation` as its block, `content` inside R and `script`.
    static func tree(_ navigation: String = "{bar: NB}", parameters: String = "", content: String = "", script: String) -> String {
        // `content` is one view as a list item (`- {…}`); it joins V in R's subviews.
        let extra = content.isEmpty ? "" : ", " + content.dropFirst(2)
        return """
            \(parameters.isEmpty ? "" : "parameters: {\(parameters)}")
            views:
              - id: NC
                navigation: \(navigation)
                frame: [0, 0, 390, 844]
                subviews:
                  - {id: R, frame: [0, 0, 390, 844], subviews: [{id: V, frame: [0, 120, 390, 600], touches: logs}\(extra)]}
                  - {id: NB, frame: [0, 47, 390, 56]}
            script: "\(script)"
            """
    }

    func pops(_ t: Transcript) -> [String] {
        (t.outcome.pops[t.view("NC")] ?? []).filter { $0.value.phase != .changed }
            .map { "\($0.value.phase.rawValue)@\(Int($0.time.milliseconds))" }
    }

    // MARK: N2.3 edge test and time limit

    @Test func aStillTouchAtTheEdgeFailsTheEdgeSwipeAtItsTimeLimit() throws {
        let held = try Transcript(Self.tree(script: "0 down (4,400) · 600 up (4,400)"))
        #expect(held.transitions("NC.edge") == ["failed@250"])
        #expect(held.callbacks("V") == ["began@250", "ended@600"])
        let shorter = try Transcript(Self.tree(parameters: "edgeTimeLimit: 100", script: "0 down (4,400) · 600 up (4,400)"))
        #expect(shorter.transitions("NC.edge") == ["failed@100"])
        #expect(shorter.callbacks("V") == ["began@100", "ended@600"])
    }

    @Test func aSwipeThatBeginsBeforeTheLimitIsNotFailedByIt() throws {
        let t = try Transcript(Self.tree(script: "0 down (4,400) · 200 move (30,400) · 400 move (60,400) · 420 up (60,400)"))
        #expect(t.transitions("NC.edge") == ["began@200", "changed@400", "ended@420"])
    }

    @Test func theEdgeTestProjectsTheStartBackAlongTheFirstMove() throws {
        // Down 20 pt from the edge, first move 10 pt toward it: projected back once (f = 1) the start is at 30, inside
        // the 35 pt region; twice (f = 2) at 40, outside, and the edge swipe fails at that move.
        let script = "0 down (20,400) · 16 move (10,400) · 400 up (10,400)"
        let once = try Transcript(Self.tree(script: script))
        #expect(once.transitions("NC.edge") == ["failed@250"])
        let twice = try Transcript(Self.tree(parameters: "edgeBackProjectionFactor: 2", script: script))
        #expect(twice.transitions("NC.edge") == ["failed@16"])
        #expect(twice.callbacks("V") == ["began@16", "moved@16", "ended@400"])
    }

    @Test func theEdgeRegionDecidesAtTouchDown() throws {
        let script = "0 down (30,400) · 100 up (30,400)"
        #expect(try Transcript(Self.tree(script: script)).transitions("NC.edge") == ["failed@100"])
        let narrow = try Transcript(Self.tree(parameters: "edgeRegion: 13", script: script))
        #expect(narrow.transitions("NC.edge") == ["failed@0"])
        #expect(narrow.callbacks("V") == ["began@0", "ended@100"])
    }

    @Test func aVerticalDragFromTheEdgeDoesNotBeginIt() throws {
        // 40 pt down, 2 pt in: outside the direction window (|Δy| < |Δx|), so it waits for its time limit.
        let t = try Transcript(Self.tree(script: "0 down (4,400) · 16 move (5,420) · 33 move (6,440) · 300 up (6,440)"))
        #expect(t.transitions("NC.edge") == ["failed@250"])
        #expect(pops(t) == [])
    }

    @Test func theEdgeSwipeIgnoresASecondFinger() throws {
        let t = try Transcript(
            Self.tree(script: "0 down (4,400) · 10 down (200,500) touch 2 · 33 move (40,400) · 50 up (40,400) · 60 up (200,500) touch 2"))
        #expect(t.transitions("NC.edge") == ["began@33", "ended@50"])
        // The second finger was never the edge swipe's: it reaches V (through the withholding of touch 1 only).
        #expect(t.callbacks("V").contains("ended@60"))
    }

    // MARK: N9 the finish rule

    @Test func aFastReleaseFinishesAndARestedShortOneIsCancelled() throws {
        let fast = try Transcript(Self.tree(script: "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 move (120,400) · 66 up (120,400)"))
        #expect(pops(fast) == ["began@33", "finished@66"])
        // p = (60 − 4 − 15) / 390 = 0.105, released 250 ms after the last move (velocity 0): below 0.48.
        let rested = "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 move (60,400) · 300 up (60,400)"
        let slow = try Transcript(Self.tree(script: rested))
        #expect(pops(slow) == ["began@33", "cancelled@300"])
        let release = try #require(slow.outcome.pops[slow.view("NC")]?.last?.value)
        #expect(release.velocity == 0 && abs(release.progress - 41.0 / 390) < 1e-9)
        // The threshold is min(popFinishDistance / W, popFinishMaximumProgress): at 0.1 the same release finishes.
        let lowered = try Transcript(Self.tree(parameters: "popFinishMaximumProgress: 0.1", script: rested))
        #expect(pops(lowered) == ["began@33", "finished@300"])
    }

    @Test func aFarDragFinishesEvenAtRest() throws {
        let t = try Transcript(Self.tree(script: "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 100 move (300,400) · 400 up (300,400)"))
        #expect(pops(t) == ["began@33", "finished@400"])
    }

    @Test func aCancelledBackSwipeCancelsThePop() throws {
        let t = try Transcript(Self.tree(script: "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 cancel"))
        #expect(pops(t) == ["began@33", "cancelled@50"])
    }

    // MARK: N4 the default delegate

    @Test func atTheRootOnlyAReplacedDelegatePops() throws {
        let script = "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 move (120,400) · 66 up (120,400)"
        let root = try Transcript(Self.tree("{depth: 1, bar: NB}", script: script))
        #expect(root.transitions("NC.edge") == ["failed@33"])
        #expect(pops(root) == [])
        // B13: the app's own delegate forgets the root check; the pop begins on the root screen.
        let replaced = try Transcript(Self.tree("{depth: 1, bar: NB, delegateReplaced: true}", script: script))
        #expect(pops(replaced) == ["began@33", "finished@66"])
    }

    @Test func theBarIsExcludedFromTheEdgeSwipeUnlessTheDelegateIsReplaced() throws {
        let script = "0 down (4,60) · 16 move (16,60) · 33 move (40,60) · 50 move (120,60) · 66 up (120,60)"
        let bar = try Transcript(Self.tree(script: script))
        let hit = bar.trace.compactMap { if case let .hitTest(_, _, _, recognizers) = $0.kind { return recognizers } else { return nil } }
        #expect(hit == [[bar.recognizer("NC.content")]])
        // The content swipe has no bar exclusion: it pops from the bar on iOS 26.
        #expect(pops(bar) == ["began@33", "finished@66"])
        let replaced = try Transcript(Self.tree("{bar: NB, delegateReplaced: true}", script: script))
        #expect(replaced.transitions("NC.edge") == ["began@33", "changed@50", "ended@66"])
    }

    // MARK: N7.2 the leading-edge yield

    static let list = "- { id: TV, kind: tableView, frame: [0, 120, 390, 600], contentSize: [390, 3000] }"

    @Test func aListThatCannotScrollSidewaysWaitsForTheEdgeSwipe() throws {
        // A vertical drag from the edge: the list's pan crosses 10 pt at 16 and waits until the edge swipe fails at
        // its time limit, then begins with its translation reset (G10).
        let script = "0 down (4,400) · 16 move (4,412) · 100 move (4,460) · 300 move (4,500) · 320 up (4,500)"
        let yielding = try Transcript(Self.tree(content: Self.list, script: script))
        #expect(yielding.transitions("TV.pan") == ["began@250", "changed@300", "ended@320"])
        let legacy = try Transcript(Self.tree("{bar: NB, leadingEdgeYield: false}", content: Self.list, script: script))
        #expect(legacy.transitions("TV.pan") == ["began@16", "changed@100", "changed@300", "ended@320"])
        // Away from the edge the edge swipe fails at touch-down and the list loses nothing.
        let mid = try Transcript(Self.tree(content: Self.list, script: "0 down (200,400) · 16 move (200,412) · 33 up (200,412)"))
        #expect(mid.transitions("TV.pan") == ["began@16", "ended@33"])
    }

    @Test func theVersionDecidesTheYieldAndTheContentPop() throws {
        let carousel = "- { id: HC, kind: scrollView, frame: [0, 300, 390, 200], contentSize: [1170, 200] }"
        let script = "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 move (120,400) · 66 up (120,400)"
        let ios17 = try Transcript(Self.tree(parameters: "iosVersion: '17.4'", content: carousel, script: script))
        #expect(ios17.transitions("HC.pan").first == "began@16")
        #expect(pops(ios17) == [])
        let ios18 = try Transcript(Self.tree(parameters: "iosVersion: '18.2'", content: carousel, script: script))
        #expect(ios18.transitions("HC.pan") == ["failed@33"])
        #expect(pops(ios18) == ["began@33", "finished@66"])
        // Without the content pop (iOS 18) NC.content is never collected.
        #expect(!ios18.text.contains("NC.content"))
    }

    // MARK: N10 right to left

    @Test func rightToLeftYieldsAtTheMaximumOffset() throws {
        let script = "0 down (386,400) · 16 move (374,400) · 33 move (350,400) · 50 move (270,400) · 66 up (270,400)"
        func carousel(_ x: Int) -> String {
            "- { id: HC, kind: scrollView, frame: [0, 300, 390, 200], contentSize: [1170, 200], contentOffset: [\(x), 0] }"
        }
        let atLeading = try Transcript(Self.tree("{bar: NB, layoutDirection: rightToLeft}", content: carousel(780), script: script))
        #expect(atLeading.transitions("HC.pan") == ["failed@33"])
        #expect(pops(atLeading) == ["began@33", "finished@66"])
        let atStart = try Transcript(Self.tree("{bar: NB, layoutDirection: rightToLeft}", content: carousel(0), script: script))
        #expect(atStart.transitions("HC.pan").first == "began@16")
        #expect(pops(atStart) == [])
    }

    // MARK: The run summary

    @Test func theSummaryKeepsTheFirstPop() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.tree(script: "0 down (4,400) · 16 move (16,400) · 33 move (40,400) · 50 move (120,400) · 66 up (120,400)"),
            path: "s.yaml"
        ).scene
        let pop = try #require(Engine.summary(scene).pop)
        #expect(pop.navigation == scene.view(named: "NC") && pop.recognizer == scene.recognizer(named: "NC.edge"))
        #expect(pop.began == .ms(33) && pop.outcome == .finished && pop.ended == .ms(66))
        #expect(abs(pop.progress - 101.0 / 390) < 1e-9)
        var noPop = scene
        noPop.script = [noPop.script[0], noPop.script[4]]
        #expect(Engine.summary(noPop).pop == nil)
    }
}

/// `Scene.installNavigation` and `modifyNavigation` from code (what a sweep axis does).
@Suite struct NavigationSceneTests {
    @Test func aNavigationControllerBuiltInCodeCanBeChangedInPlace() throws {
        var scene = Scene()
        let nc = scene.addView(ViewSpec(name: "NC", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        var v = ViewSpec(name: "V", kind: .view, frame: Rect(0, 120, 390, 600), parent: nc)
        v.touches = .logs
        scene.addView(v)
        let ids = scene.installNavigation(NavigationSpec(view: nc))
        #expect(scene.recognizers[ids.edge].name == "NC.edge" && scene.recognizers[ids.content].name == "NC.content")
        scene.script = [
            ScriptEvent(time: .zero, touch: 1, action: .down(Point(4, 400))),
            ScriptEvent(time: .ms(16), touch: 1, action: .move(Point(16, 400))),
            ScriptEvent(time: .ms(33), touch: 1, action: .move(Point(40, 400))),
            ScriptEvent(time: .ms(66), touch: 1, action: .up(nil))
        ]
        #expect(Engine.summary(scene).pop?.began == .ms(33))
        scene.modifyNavigation(of: nc) { $0.depth = 1 }
        #expect(scene.navigations.first?.depth == 1)
        #expect(Engine.summary(scene).pop == nil)
        scene.modifyNavigation(of: nc) { $0.delegateReplaced = true }
        #expect(Engine.summary(scene).pop?.began == .ms(33))
    }
}

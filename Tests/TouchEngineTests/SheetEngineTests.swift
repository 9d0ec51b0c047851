import ScenarioKit
import Testing
import TouchEngine

/// Sheets (spec M1–M7) where no golden pins the rule: the run summary's sheet record, the rubber band above the
/// largest detent, custom detents, a dismiss pan that waits for another recognizer (the N7.6 hook) and scenes
/// without a sheet.
@Suite struct SheetEngineTests {
    /// TREE-SHEET with `sheet` as the sheet block and `extra` views in the sheet.
    static func tree(_ sheet: String = "      delegate: {logs: true}\n", frameY: Double = 60, extra: String = "", recognizers: String = "[]") -> String {
        "views:\n  - { id: P, frame: [0, 0, 390, 844], touches: logs }\n  - id: S\n    frame: [0, \(Int(frameY)), 390, 784]\n"
            + "    sheet:\n" + sheet + "    subviews:\n      - { id: H, frame: [0, 0, 390, 56], touches: logs }\n" + extra
            + "recognizers: \(recognizers)\n"
    }

    @Test func aFastPullOnTheHeaderDismissesAndTheSummaryKeepsIt() throws {
        let t = try Transcript(
            Self.tree() + "script:\n  - 0 down (195,80)\n  - 16 move (195,92)\n  - 33 move (195,160)\n  - 50 move (195,300)\n  - 66 up (195,300)\n")
        let summary = Engine.summary(t.scene)
        #expect(summary.sheets.count == 1)
        #expect(summary.sheets[0].dismissed && !summary.sheets[0].attempted && summary.sheets[0].finalDetent == 0)
        // Dismissed: the sheet went from 60 to the window's bottom.
        #expect(summary.sheets[0].maxDismissDisplacement == 784)
        #expect(!summary.sheets[0].doubleMotion)
        #expect(t.callbacks("H") == ["began@0", "cancelled@16"])
    }

    @Test func aModalPullIsAnAttemptInTheSummary() throws {
        let t = try Transcript(
            Self.tree("      modal: true\n")
                + "script:\n  - 0 down (195,80)\n  - 16 move (195,92)\n  - 33 move (195,160)\n  - 50 move (195,300)\n  - 66 up (195,300)\n")
        let summary = Engine.summary(t.scene)
        #expect(!summary.sheets[0].dismissed && summary.sheets[0].attempted)
        // It rubber-banded: less than the finger's 210 pt.
        #expect(summary.sheets[0].maxDismissDisplacement > 50 && summary.sheets[0].maxDismissDisplacement < 210)
    }

    @Test func pushedAboveTheLargestDetentTheSheetRubberBands() throws {
        let t = try Transcript(
            Self.tree() + "script:\n  - 0 down (195,300)\n  - 16 move (195,288)\n  - 33 move (195,200)\n  - 200 move (195,190)\n  - 216 up (195,190)\n")
        let tops = t.trace.compactMap { e -> Double? in
            if case .sheet(_, .top(let top)) = e.kind { return top }
            return nil
        }
        // The finger went up 100 pt (90 past the hysteresis); the sheet less, and back to 60 at the lift.
        #expect(tops.dropLast().allSatisfy { $0 < 60 && $0 > -30 })
        #expect(tops.last == 60)
        #expect(Engine.summary(t.scene).sheets[0].finalDetent == 0)
    }

    @Test func aSlowPullFromMediumRestsAtTheNearestCustomDetent() throws {
        let t = try Transcript(
            Self.tree("      detents: [{id: short, height: 200}, medium, large]\n      selected: medium\n      delegate: {logs: true}\n", frameY: 422)
                + "script:\n  - 0 down (195,440)\n  - 16 move (195,452)\n  - 33 move (195,560)\n  - 300 move (195,640)\n  - 600 move (195,641)\n  - 616 up (195,641)\n"
        )
        let summary = Engine.summary(t.scene)
        // 422 + 190 = 612: nearer the short detent's 644 than medium's 422 or the bottom's 844.
        #expect(!summary.sheets[0].dismissed && summary.sheets[0].finalDetent == 0)
        #expect(t.text.contains("S selectedDetentIdentifier = short"))
        #expect(t.text.contains("S delegate: sheetPresentationControllerDidChangeSelectedDetentIdentifier"))
    }

    @Test func theDismissPanWaitsForARecognizerItMustSeeFail() throws {
        // N7.6's hook: the dismiss pan's class requires another recognizer to fail (there the navigation controller's
        // back swipe). Here a leftward swipe on the sheet stands in for it: the pan waits at 16 and begins at 33, when
        // the swipe fails, with its translation restarting from zero (G10).
        var scene = try ScenarioLoader.load(
            yaml: Self.tree(recognizers: "[{ id: W, kind: swipe, view: S, directions: [left] }]")
                + "script:\n  - 0 down (195,80)\n  - 16 move (195,92)\n  - 33 move (195,160)\n  - 50 move (195,200)\n  - 216 up (195,200)\n",
            path: "inline.yaml"
        ).scene
        let pan = scene.sheets[0].dismissPan
        scene.recognizers[pan].policies.shouldRequireFailureOf = .only([scene.recognizer(named: "W")!])
        let trace = Engine.trace(scene)
        let text = TraceText.render(scene: scene, trace: trace)
        #expect(text.contains("S.dismissPan: passed its threshold; waits for W to fail"))
        #expect(text.contains("      33  S.dismissPan: possible → began"))
        #expect(text.contains("      50  S.top = 100"))
    }

    @Test func aSceneWithoutASheetHasNoSheetRecord() throws {
        let t = try Transcript("views: [{ id: V, frame: [0, 0, 390, 844] }]\nscript:\n  - 0 down (10,10)\n  - 50 up (10,10)\n")
        #expect(Engine.summary(t.scene).sheets.isEmpty)
        #expect(!t.trace.contains { if case .sheet = $0.kind { return true } else { return false } })
    }

    @Test func aSheetMovedByItsParametersIsHitWhereTheDetentPutsIt() throws {
        // The file puts the sheet at the large detent's 60; a sweep sets that detent's top to 100. The run places the
        // sheet at 100, so a touch at y 80 is outside it: the dimming view takes it and the header hears nothing.
        var scene = try ScenarioLoader.load(yaml: Self.tree() + "script:\n  - 0 down (195,80)\n  - 50 up (195,80)\n", path: "inline.yaml").scene
        scene.parameters.sheetLargeDetentTop = 100
        let trace = Engine.trace(scene)
        let text = TraceText.render(scene: scene, trace: trace)
        #expect(text.contains("S's dimming view takes touch 1"))
        #expect(!text.contains("H.touchesBegan"))
    }

    @Test func aListInsideAVerticalScrollViewDoesNotDriveTheSheet() throws {
        // M3.1's nesting rule: an inner list that scrolls vertically inside an outer one that does finds no sheet. (It
        // keeps the drag at its top only without S11's transfer to the outer one, which at its top would drive the sheet.)
        let extra =
            "      - id: OV\n        kind: scrollView\n        frame: [0, 56, 390, 728]\n        contentSize: [390, 3000]\n"
            + "        subviews:\n          - { id: IV, kind: tableView, frame: [0, 100, 390, 300], contentSize: [390, 2000], transfersVerticalScrollingToParent: false }\n"
        let t = try Transcript(
            Self.tree(extra: extra)
                + "script:\n  - 0 down (195,300)\n  - 16 move (195,312)\n  - 33 move (195,340)\n  - 200 move (195,341)\n  - 216 up (195,341)\n")
        #expect(t.text.contains("      16  IV.pan: possible → began"))
        #expect(!t.text.contains("IV's drag"))
        #expect(!t.trace.contains { if case .sheet(_, .top) = $0.kind { return true } else { return false } })
    }

    @Test func growingToTheLargestDetentAndHandingTheRestToTheListIsNotDoubleMotion() throws {
        let root = String(#filePath.dropLast("Tests/TouchEngineTests/SheetEngineTests.swift".count))
        let scene = try ScenarioLoader.load(path: root + "configs/scenarios/golden/SH-04a-scroll-up-expands-sheet-first.yaml").scene
        let summary = Engine.summary(scene)
        // At 66 the sheet reaches 60 and the list scrolls 28 in the same sample: the handover, not double motion.
        #expect(!summary.sheets[0].doubleMotion && summary.sheets[0].finalDetent == 1 && !summary.sheets[0].dismissed)
    }
}

import Foundation
import TestSupport
import Testing

@testable import ScenarioKit

/// Every key the scenario format accepts reaches the exported file: as UIKit code, or as a comment saying
/// why UIKit has none. For each key a scenario without it and one with it must export differently; the list
/// of keys comes from the loader itself, so a key added there fails `everyLoaderKeyHasACase` until the export
/// handles it. docs/uikit-export.md's mapping table must name every key too.
@Suite struct ScenarioKeyCoverageTests {
    /// The parts of a small scenario that the cases change.
    struct Slots: Sendable {
        var top: [String] = []
        var view = ["id: V", "kind: button", "frame: [10, 10, 100, 44]"]
        var scroll = ["contentSize: [390, 2000]"]
        /// Extra keys of the root view R (under the window: a sheet may be declared there).
        var root: [String] = []
        var recognizer = ["id: G", "kind: tap", "view: R"]
        var controller = "{ id: VC2, view: SV }"
        var script = "0 down (50,50) · 80 up"
        /// Views beside R, directly under the window (a sheet).
        var extraViews: [String] = []

        var yaml: String {
            var lines: [String] = top.contains { $0.hasPrefix("name:") } ? [] : ["name: coverage"]
            lines += top
            lines += [
                "views:", "  - id: R", "    controller: VC", "    frame: [0, 0, 390, 844]"
            ]
            lines += root.map { "    " + $0 }
            lines += [
                "    subviews:",
                "      - id: SV", "        kind: scrollView", "        frame: [0, 0, 390, 844]"
            ]
            lines += scroll.map { "        " + $0 }
            lines += ["        subviews:", "          - " + view[0]]
            lines += view.dropFirst().map { "            " + $0 }
            lines += ["          - { id: Other, frame: [10, 300, 100, 44] }"]
            lines += extraViews.map { "  - " + $0 }
            lines += ["controllers:", "  - " + controller, "recognizers:", "  - " + recognizer[0]]
            lines += recognizer.dropFirst().map { "    " + $0 }
            lines += ["  - { id: H, kind: tap, view: R }", "script: \"\(script)\""]
            return lines.joined(separator: "\n") + "\n"
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var key: String
        var without = Slots()
        var with = Slots()
        var testDescription: String { key }
    }

    static func change(_ key: String, base: (inout Slots) -> Void = { _ in }, _ body: (inout Slots) -> Void) -> Case {
        var c = Case(key: key)
        base(&c.without)
        base(&c.with)
        body(&c.with)
        return c
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // Top level (views, controllers, recognizers, parameters and window are covered key by key below).
        cases.append(change("top.name") { $0.top.append("name: another") })
        cases.append(change("top.description") { $0.top.append("description: some text") })
        cases.append(change("top.source") { $0.top.append("source: S1") })
        cases.append(change("top.script") { $0.script = "0 down (60,60) · 90 up" })
        cases.append(change("top.expect") { $0.top += ["expect:", "  dropped: []"] })
        cases.append(
            change("top.truth") {
                $0.top += ["truth:", "  gesture: quickTap", "  intent: activate V", "  defects: []", "  reason: S1"]
            })
        // Views.
        cases.append(change("view.id") { $0.view[0] = "id: Knob" })
        cases.append(change("view.kind") { $0.view[1] = "kind: slider" })
        cases.append(change("view.frame") { $0.view[2] = "frame: [10, 20, 100, 44]" })
        let viewLines: [(String, String)] = [
            ("bounds", "bounds: [0, 5]"), ("hidden", "hidden: true"), ("alpha", "alpha: 0.5"),
            ("userInteractionEnabled", "userInteractionEnabled: false"), ("enabled", "enabled: false"),
            ("clipsToBounds", "clipsToBounds: true"), ("multipleTouchEnabled", "multipleTouchEnabled: true"),
            ("exclusiveTouch", "exclusiveTouch: true"), ("animating", "animating: true"), ("touches", "touches: consume"),
            ("hitTest", "hitTest: passThrough"), ("value", "value: 1"), ("class", "class: MyButton"),
            ("controller", "controller: VC3"), ("subviews", "subviews: [{ id: Inner, frame: [0, 0, 10, 10] }]")
        ]
        for (key, line) in viewLines { cases.append(change("view." + key) { $0.view.append(line) }) }
        cases.append(change("view.navigation") { $0.view = ["id: V", "frame: [10, 10, 100, 44]", "navigation: {depth: 3}"] })
        cases.append(change("view.transform") { $0.view.append("transform: [{scale: 2}, {rotate: 30}]") })
        // Target-action (§5.5).
        cases.append(change("view.implements") { $0.view.append("implements: [save]") })
        cases.append(change("view.refuses", base: { $0.view.append("implements: [save]") }) { $0.view.append("refuses: [save]") })
        cases.append(change("view.primaryAction") { $0.view.append("primaryAction: open") })
        cases.append(change("view.targetActions") { $0.view.append("targetActions: [{ addTarget: ~, action: save, for: touchUpInside }]") })
        cases.append(change("controller.implements") { $0.controller = "{ id: VC2, view: SV, implements: [save] }" })
        cases.append(
            change("controller.refuses", base: { $0.controller = "{ id: VC2, view: SV, implements: [save] }" }) {
                $0.controller = "{ id: VC2, view: SV, implements: [save], refuses: [save] }"
            })
        cases.append(change("top.firstResponder") { $0.top.append("firstResponder: Other") })
        cases.append(
            change("view.allowUserInteraction", base: { $0.view.append("animating: true") }) {
                $0.view.append("allowUserInteraction: true")
            })
        // Scroll views.
        cases.append(change("scrollView.contentSize") { $0.scroll = ["contentSize: [390, 3000]"] })
        let scrollLines: [(String, String)] = [
            ("contentOffset", "contentOffset: [0, 30]"), ("contentInset", "contentInset: [10, 0, 0, 0]"),
            ("delaysContentTouches", "delaysContentTouches: false"), ("canCancelContentTouches", "canCancelContentTouches: false"),
            ("touchesShouldCancel", "touchesShouldCancel: never"), ("touchesShouldBegin", "touchesShouldBegin: never"),
            ("bounces", "bounces: false"), ("alwaysBounceHorizontal", "alwaysBounceHorizontal: true"),
            ("alwaysBounceVertical", "alwaysBounceVertical: true"), ("scrollEnabled", "scrollEnabled: false"),
            ("pagingEnabled", "pagingEnabled: true"), ("decelerating", "decelerating: [0, 1]"),
            ("transfersHorizontalScrollingToParent", "transfersHorizontalScrollingToParent: false"),
            ("transfersVerticalScrollingToParent", "transfersVerticalScrollingToParent: false"),
            ("panHost", "panHost: R"), ("pan", "pan: { shouldBegin: horizontal }"), ("decelerationRate", "decelerationRate: fast"),
            ("minimumZoomScale", "minimumZoomScale: 0.5"), ("maximumZoomScale", "maximumZoomScale: 3"),
            ("bouncesZoom", "bouncesZoom: false"), ("viewForZooming", "viewForZooming: V")
        ]
        for (key, line) in scrollLines { cases.append(change("scrollView." + key) { $0.scroll.append(line) }) }
        cases.append(change("scrollView.refreshControl") { $0.scroll.append("refreshControl: true") })
        cases.append(change("view.vetoesPans") { $0.view.append("vetoesPans: true") })
        // A sheet on R, whose top (0) is the large detent's once the parameter puts it there.
        cases.append(
            change("view.sheet", base: { $0.top.append("parameters: { sheetLargeDetentTop: 0 }") }) {
                $0.root.append("sheet: { modal: true }")
            })
        cases.append(change("view.panel") { $0.root.append("panel: { policy: floatingPanel, states: {full: 0} }") })
        cases.append(
            change("scrollView.zoomScale", base: { $0.scroll += ["maximumZoomScale: 3", "viewForZooming: V"] }) {
                $0.scroll.append("zoomScale: 2")
            })
        // Recognizers.
        cases.append(change("recognizer.id") { $0.recognizer[0] = "id: G2" })
        cases.append(change("recognizer.kind") { $0.recognizer[1] = "kind: pan" })
        cases.append(change("recognizer.view") { $0.recognizer[2] = "view: SV" })
        let recognizerLines: [(String, String, String)] = [
            ("cancelsTouchesInView", "tap", "cancelsTouchesInView: false"), ("delaysTouchesBegan", "tap", "delaysTouchesBegan: true"),
            ("delaysTouchesEnded", "tap", "delaysTouchesEnded: false"), ("enabled", "tap", "enabled: false"),
            ("taps", "tap", "taps: 2"), ("touches", "tap", "touches: 2"), ("allowableMovement", "tap", "allowableMovement: 20"),
            ("maximumTapDuration", "tap", "maximumTapDuration: 500"),
            ("maximumIntervalBetweenTaps", "tap", "maximumIntervalBetweenTaps: 200"),
            ("minimumPressDuration", "longPress", "minimumPressDuration: 800"), ("minimumTouches", "pan", "minimumTouches: 2"),
            ("maximumTouches", "pan", "maximumTouches: 3"), ("hysteresis", "pan", "hysteresis: 20"),
            ("directions", "swipe", "directions: [left]")
        ]
        for (key, kind, line) in recognizerLines {
            cases.append(change("recognizer." + key, base: { $0.recognizer[1] = "kind: " + kind }) { $0.recognizer.append(line) })
        }
        cases.append(
            change(
                "recognizer.edges",
                base: {
                    $0.recognizer[1] = "kind: screenEdgePan"; $0.recognizer.append("edges: [right]")
                }
            ) {
                $0.recognizer[$0.recognizer.count - 1] = "edges: [left]"
            })
        // Custom recognizers, class G10 overrides, logging delegates and acting handlers (issue 15 §4).
        let custom: (inout Slots) -> Void = { $0.recognizer[1] = "kind: custom" }
        cases.append(change("recognizer.begins", base: custom) { $0.recognizer.append("begins: touchUp") })
        cases.append(
            change(
                "recognizer.delay",
                base: {
                    $0.recognizer += ["kind: custom", "begins: delay", "delay: 300"].suffix(2); $0.recognizer[1] = "kind: custom"
                }
            ) {
                $0.recognizer[$0.recognizer.count - 1] = "delay: 400"
            })
        cases.append(change("recognizer.continuous", base: custom) { $0.recognizer.append("continuous: true") })
        cases.append(
            change(
                "recognizer.failsAfter",
                base: {
                    $0.recognizer += ["kind: custom", "begins: never"]; $0.recognizer.remove(at: 1)
                }
            ) {
                $0.recognizer.append("failsAfter: 150")
            })
        cases.append(change("recognizer.shouldRequireFailureOf") { $0.recognizer.append("shouldRequireFailureOf: [H]") })
        cases.append(change("recognizer.shouldBeRequiredToFailBy") { $0.recognizer.append("shouldBeRequiredToFailBy: [H]") })
        cases.append(change("recognizer.delegateLogs") { $0.recognizer.append("delegateLogs: true") })
        cases.append(change("recognizer.onAction") { $0.recognizer.append("onAction: {toggleEnabled: [H]}") })
        // Delegate policies, on a recognizer and in a scroll view's `pan:` map.
        let policyValues: [(String, String)] = [
            ("shouldReceive", "never"), ("shouldBegin", "never"), ("simultaneousWith", "all"), ("requireToFail", "[H]"),
            ("canPrevent", "none"), ("canBePrevented", "none"), ("toggleEnabledOnBegin", "[H]"),
            ("delegateRequiresFailureOf", "[H]"), ("delegateRequiredToFailBy", "all")
        ]
        for (key, value) in policyValues {
            cases.append(change("policy." + key) { $0.recognizer.append("\(key): \(value)") })
            cases.append(change("pan." + key) { $0.scroll.append("pan: { \(key): \(value) }") })
        }
        // Controllers.
        cases.append(change("controller.id") { $0.controller = "{ id: VC3, view: SV }" })
        cases.append(change("controller.view") { $0.controller = "{ id: VC2, view: V }" })
        cases.append(change("controller.touches") { $0.controller = "{ id: VC2, view: SV, touches: consume }" })
        // Window.
        cases.append(change("window.size") { $0.top.append("window: { size: [400, 900] }") })
        cases.append(change("window.edgeGate") { $0.top.append("window: { edgeGate: [bottom] }") })
        // Navigation controllers, screen-edge pans, sheets and pan vetoes (issue 32).
        cases.append(change("view.navigation") { $0.view.append("navigation: {depth: 2}") })
        let navigationValues: [(String, String)] = [
            ("depth", "1"), ("bar", "Inner"), ("layoutDirection", "rightToLeft"), ("delegateReplaced", "true"),
            ("edgeDelaysTouchesBegan", "false"), ("edgeEnabled", "false"), ("contentPop", "false"),
            ("contentPopEnabled", "false"), ("leadingEdgeYield", "false")
        ]
        let navigationBase: (inout Slots) -> Void = { $0.view.append("subviews: [{ id: Inner, frame: [0, 0, 10, 10] }]") }
        for (key, value) in navigationValues {
            var c = change("navigation." + key, base: navigationBase) { $0.view.append("navigation: {\(key): \(value)}") }
            c.without.view.append("navigation: {}")
            cases.append(c)
        }
        cases.append(change("view.vetoesPans") { $0.view.append("vetoesPans: true") })
        cases.append(change("scrollView.refreshControl") { $0.scroll.append("refreshControl: true") })
        cases.append(
            change(
                "recognizer.edges",
                base: {
                    $0.recognizer[1] = "kind: screenEdgePan"; $0.recognizer.append("edges: [left]")
                }
            ) {
                $0.recognizer[$0.recognizer.count - 1] = "edges: [right]"
            })
        let sheet = { (block: String) in "{ id: S, frame: [0, 60, 390, 784], sheet: \(block) }" }
        cases.append(change("view.sheet") { $0.extraViews = [sheet("{}")] })
        let full = "detents: [large, {id: full, height: 784}]"
        let sheetCases: [(String, String, String)] = [
            ("detents", "{}", "{\(full)}"), ("selected", "{\(full), selected: large}", "{\(full), selected: full}"),
            ("modal", "{}", "{modal: true}"), ("delegate", "{}", "{delegate: {}}"), ("expandsOnScroll", "{}", "{expandsOnScroll: false}"),
            ("undimmedUpTo", "{}", "{undimmedUpTo: large}"),
            ("delegate.shouldDismiss", "{delegate: {}}", "{delegate: {shouldDismiss: false}}"),
            ("delegate.logs", "{delegate: {shouldDismiss: true}}", "{delegate: {shouldDismiss: true, logs: false}}")
        ]
        for (key, without, with) in sheetCases {
            cases.append(change("sheet." + key, base: { $0.extraViews = [sheet(without)] }) { $0.extraViews = [sheet(with)] })
        }
        // Parameters.
        for key in ScenarioLoader.parameterKeys {
            let bools = ["scrollDelayEarlyRelease", "combinedPrimaryActionDispatch", "scrollTransferToParent"]
            // Keys whose range excludes 0.5, or whose default it is.
            let rates = [
                "displayRefreshRate": "120", "springBackRate": "5", "edgeBounceRate": "5", "edgeRegion": "20",
                "edgeBackProjectionFactor": "1.5", "popFinishMaximumProgress": "0.4", "sheetDecelerationRate": "0.95",
                "sheetMediumDetentTop": "400", "floatingPanelProjectionRate": "0.95"
            ]
            let value =
                key == "iosVersion" ? "\"17.0\"" : key == "device" ? "pad" : bools.contains(key) ? "true" : rates[key] ?? "0.5"
            cases.append(change("parameters." + key) { $0.top.append("parameters: { \(key): \(value) }") })
        }
        return cases
    }()

    /// Every key the loader accepts, qualified by where it goes.
    static var loaderKeys: Set<String> {
        var keys: Set<String> = []
        let sections: Set<String> = ["views", "controllers", "recognizers", "parameters", "window"]
        keys.formUnion(ScenarioLoader.topLevelKeys.filter { !sections.contains($0) }.map { "top." + $0 })
        keys.formUnion(ScenarioLoader.viewKeys.map { "view." + $0 })
        keys.formUnion(ScenarioLoader.scrollViewKeys.map { "scrollView." + $0 })
        keys.formUnion((ScenarioLoader.responderActionKeys + ScenarioLoader.controlActionKeys).map { "view." + $0 })
        keys.formUnion(
            ScenarioLoader.recognizerKeys(kind: nil).filter { !ScenarioLoader.policyKeys.contains($0) }
                .map { "recognizer." + $0 })
        keys.formUnion(ScenarioLoader.policyKeys.map { "policy." + $0 })
        keys.formUnion(ScenarioLoader.policyKeys.map { "pan." + $0 })
        keys.formUnion(ScenarioLoader.controllerKeys.map { "controller." + $0 })
        keys.formUnion(ScenarioLoader.windowKeys.map { "window." + $0 })
        keys.formUnion(ScenarioLoader.parameterKeys.map { "parameters." + $0 })
        keys.formUnion(ScenarioLoader.navigationKeys.map { "navigation." + $0 })
        keys.formUnion(ScenarioLoader.sheetKeys.map { "sheet." + $0 })
        keys.formUnion(ScenarioLoader.sheetDelegateKeys.map { "sheet.delegate." + $0 })
        return keys
    }

    @Test func everyLoaderKeyHasACase() {
        let covered = Set(Self.cases.map(\.key))
        #expect(Self.loaderKeys.subtracting(covered).sorted() == [], "keys the export is not tested for")
        #expect(covered.subtracting(Self.loaderKeys).sorted() == [], "cases for keys the loader does not have")
    }

    @Test(arguments: cases)
    func theKeyChangesTheExport(_ c: Case) throws {
        let without = try export(yaml: c.without.yaml, path: "coverage.yaml")
        let with = try export(yaml: c.with.yaml, path: "coverage.yaml")
        #expect(without != with, "\(c.key) leaves no trace in the exported file")
    }

    @Test func theDocsMappingTableNamesEveryKey() throws {
        let docs = try String(contentsOfFile: Repository.path + "/docs/uikit-export.md", encoding: .utf8)
        let bare = Set(Self.loaderKeys.map { String($0.split(separator: ".").last!) })
        let missing = bare.filter { !docs.contains("`\($0)`") }.sorted()
        #expect(missing == [], "docs/uikit-export.md does not mention these scenario keys")
    }
}

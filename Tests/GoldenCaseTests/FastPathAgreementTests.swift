import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// The untraced path (`Engine.summary`, `EngineRunner`) must report what the traced path shows, for every
/// golden scenario, whether the simulation is fresh or reused.
@Suite struct FastPathAgreementTests {
    @Test(arguments: GoldenTraceTests.scenarioFiles)
    func untracedSummaryAgreesWithTheTrace(file: String) throws {
        let path = Repository.url("configs/scenarios/golden/\(file)").path
        let scene = try ScenarioLoader.load(path: path).scene
        let outcome = Engine.outcome(scene)
        let summary = Engine.summary(scene)

        for v in scene.views.indices {
            for event in ControlEvent.allCases {
                let traced = outcome.controlEvents[v]?.filter { $0.event == event }.count ?? 0
                #expect(summary.count(event, of: v) == traced, "\(scene.views[v].name) \(event.rawValue)")
            }
            #expect(summary.selections[v] == outcome.selections[v]?.count ?? 0)
            // §5.5: the performed actions the untraced run counts are the judged ones the trace shows.
            let primary: Set<ControlEvent> = [.touchUpInside, .valueChanged, .primaryActionTriggered]
            let registersPrimary = scene.registrations(of: v).contains { r in primary.contains { r.events.contains($0) } }
            let performed = (outcome.controlActions[v] ?? []).filter { $0.delivery.performed && (!registersPrimary || primary.contains($0.event)) }
            #expect(summary.performedActions[v] == performed.count, "\(scene.views[v].name) performed actions")
            #expect(summary.firstPerformedAction[v] == performed.first?.time ?? .never)
            if let scroll = outcome.scrollViews[v] {
                #expect(summary.finalOffsets[v] == scroll.finalOffset, "\(scene.views[v].name) final offset")
                #expect(summary.dragged[v] == scroll.everDragged)
                // The largest zoom change (swallowed_zoom): every zoom the trace shows, as a ratio to the initial scale.
                let ratios = scroll.zooms.map { max($0.value / scroll.initialZoom, scroll.initialZoom / $0.value) }
                #expect(summary.zoomRatio(of: v) == ratios.reduce(1, max), "\(scene.views[v].name) zoom ratio")
            }
        }
        for r in scene.recognizers.indices {
            #expect(summary.actions[r] == outcome.actions[r]?.count ?? 0, "\(scene.recognizers[r].name) actions")
        }
        #expect(summary.droppedTouches == outcome.dropped.count)
        // Sheets (spec M4): dismissal, attempts and the final detent the trace shows.
        let trace = Engine.trace(scene)
        #expect(summary.sheets.count == scene.sheets.count)
        for (s, sheet) in scene.sheets.enumerated() {
            let events: [SheetEvent] = trace.compactMap {
                if case let .sheet(view, event) = $0.kind, view == sheet.view { return event }
                return nil
            }
            #expect(summary.sheets[s].dismissed == events.contains(.dismissing), "sheet \(s) dismissed")
            #expect(summary.sheets[s].attempted == events.contains(.attemptRefused), "sheet \(s) attempted")
            let detents = sheet.detents.map(\.identifier)
            let last = events.last { if case .detent = $0 { return true } else { return false } }
            if case .detent(let id) = last {
                #expect(detents[summary.sheets[s].finalDetent] == id)
            } else {
                #expect(summary.sheets[s].finalDetent == sheet.selectedDetent)
            }
        }
        // Panels (spec K1, K2): removal and the final state the trace shows.
        #expect(summary.panels.count == scene.panels.count)
        for (p, panel) in scene.panels.enumerated() {
            let events: [PanelEvent] = trace.compactMap {
                if case let .panel(view, event) = $0.kind, view == panel.view { return event }
                return nil
            }
            #expect(summary.panels[p].removed == events.contains(.removed), "panel \(p) removed")
            let last = events.last { if case .state = $0 { return true } else { return false } }
            if case .state(let name) = last {
                #expect(panel.states[summary.panels[p].finalState].name == name)
            } else {
                #expect(summary.panels[p].finalState == panel.initialState)
            }
        }
        // The run's first pop transition (issue 32): which navigation controller, when it began and how it ended.
        let pops = outcome.pops.values.flatMap { $0 }.sorted { $0.time < $1.time }
        let began = pops.first { $0.value.phase == .began }
        #expect(summary.pop?.began == began?.time && summary.pop?.navigation == began?.value.navigation)
        let end = pops.first { $0.value.recognizer == began?.value.recognizer && ($0.value.phase == .finished || $0.value.phase == .cancelled) }
        #expect(summary.pop.flatMap { $0.ended == .never ? nil : $0.outcome } == end?.value.phase)
        #expect(summary.pop.flatMap { $0.ended == .never ? nil : $0.ended } == end?.time)

        // Reusing one simulation (three runs) gives the same summary as a fresh one.
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        for _ in 0 ..< 3 { #expect(runner.summary(prepared) == summary) }
    }

    @Test func aRunnerRunsAnotherScriptOnTheSameTree() throws {
        let scene = try ScenarioLoader.load(
            path: Repository.root
                .appendingPathComponent("configs/scenarios/golden/SV-01-quick-tap-button.yaml").path
        ).scene
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        let tap = runner.summary(prepared)
        let swipe = runner.summary(
            prepared,
            script: [
                ScriptEvent(time: .ms(0), action: .down(Point(70, 122))),
                ScriptEvent(time: .ms(16), action: .move(Point(70, 100))),
                ScriptEvent(time: .ms(33), action: .move(Point(70, 60))),
                ScriptEvent(time: .ms(50), action: .up(nil))
            ])
        let b = scene.view(named: "B")!, sv = scene.view(named: "SV")!
        #expect(tap.count(.touchUpInside, of: b) == 1 && !tap.dragged[sv])
        #expect(swipe.count(.touchDown, of: b) == 0 && swipe.dragged[sv])
        #expect(runner.summary(prepared) == tap)
    }
}

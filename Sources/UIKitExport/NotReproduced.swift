import ScenarioKit
import TouchEngine

/// What the scenario says that UIKit code cannot set, one sentence each, for the header.
struct NotReproduced {
    let scene: Scene

    var notes: [String] {
        var notes: [String] = []
        for entry in parameterEntries {
            notes.append(
                "parameters.\(entry): a simulator parameter (UIKit's own constant on a device); "
                    + "where it names an iOS version or device, run on that one.")
        }
        if scene.windowSize != Size(390, 844) {
            notes.append(
                "window.size \(SwiftLiteral.number(scene.windowSize.width))×\(SwiftLiteral.number(scene.windowSize.height)): "
                    + "use a device with that window, or the script's points land elsewhere.")
        }
        for r in scene.recognizers {
            if case .edgeGate(let edges) = r.kind, edges.contains(.top) {
                notes.append(
                    "window.edgeGate top: the system's top-edge gate is iOS's own; on a device a swipe down from the "
                        + "status bar is the system's (Notification Center, Control Center) without code.")
            } else if case .edgeGate = r.kind {
                notes.append("window.edgeGate: the system gesture gate is iOS's own; it is there on a device without code.")
            }
        }
        for spec in scene.navigations {
            notes.append(
                "\(scene.views[spec.view].name).navigation: in the scenario this view is a UINavigationController's view "
                    + "(depth \(spec.depth), \(spec.layoutDirection.rawValue)\(spec.bar.map { ", bar " + scene.views[$0].name } ?? "")) whose back "
                    + "swipes are \(scene.views[spec.view].name).edge and .content; the export does not build the navigation stack yet "
                    + "(issue 32 §2): push this screen on a UINavigationController to check them on a device.")
        }
        for r in scene.recognizers where r.view == 0 {
            if case .edgeGate = r.kind { continue }
            notes.append("\(r.name) is on the window in the scenario; here it is on the controller's view, which covers the window.")
        }
        for view in scene.views where view.scroll?.initialDeceleration != nil {
            notes.append("\(view.name).decelerating: flick the scroll view just before the script (no property sets a velocity).")
        }
        for r in scene.recognizers {
            let t = r.thresholds
            var keys: [String] = []
            if t.allowableMovement != nil, case .tap = r.kind { keys.append("allowableMovement") }
            if t.hysteresis != nil { keys.append("hysteresis") }
            if t.maximumTapDuration != nil { keys.append("maximumTapDuration") }
            if t.maximumIntervalBetweenTaps != nil { keys.append("maximumIntervalBetweenTaps") }
            if !keys.isEmpty { notes.append("\(r.name).\(keys.joined(separator: ", ")): no public UIKit property.") }
        }
        for (id, view) in scene.views.enumerated() {
            guard let pan = scene.scrollRecognizers(of: id)?.pan else { continue }
            let p = scene.recognizers[pan].policies
            if p.canPrevent != .all || p.canBePrevented != .all {
                notes.append("\(view.name).pan canPrevent/canBePrevented: a scroll view's pan cannot be subclassed.")
            }
        }
        if scene.views.contains(where: { $0.kind == .cell }) {
            notes.append(
                "Cells are placed at their frames with addSubview, not created by a data source, so UIKit's "
                    + "row highlight and selection (didSelectRowAt) may not happen; their touches… calls are logged either way.")
        }
        for view in scene.views where view.isAnimating {
            notes.append("\(view.name).animating: approximated by a 600 s alpha animation started in viewDidAppear.")
        }
        notes += systemNotes
        for view in scene.views where !view.isEnabled && !view.kind.isControl {
            notes.append("\(view.name).enabled: false: isEnabled exists only on controls.")
        }
        return notes
    }

    /// The navigation controllers' and sheets' behaviour that is UIKit's own (touch-model-system N, M).
    var systemNotes: [String] {
        var notes: [String] = []
        let p = scene.parameters
        for spec in scene.navigations {
            let nc = scene.views[spec.view].name
            notes.append(
                "\(nc): the back swipes' rules (edge region, back projection, 15 pt, 250 ms, direction window, the content "
                    + "pop's 30 pt and vertical tolerance, N2–N6) and the pop's finish rule (N9) are UIKit's; the prediction's "
                    + "threshold is the model's. The scenario models iOS \(p.iosVersion): run on that one.")
            notes.append("\(nc).leadingEdgeYield " + NavigationEmitter.yieldNote(spec, p))
            if spec.hasContentPop(p) {
                notes.append(
                    "\(nc).content: interactiveContentPopGestureRecognizer exists only on iOS 26 (apps built with the iOS 26 SDK); "
                        + "on an earlier system this file cannot enable it.")
            }
        }
        for r in scene.recognizers {
            guard case .screenEdgePan = r.kind else { continue }
            notes.append(
                "\(r.name): UIScreenEdgePanGestureRecognizer's edge test (the edge region, back projection, 15 pt, 250 ms "
                    + "limit, direction window, N2.3) is UIKit's; the simulator's values are [INF].")
        }
        let sheetNote =
            ".dismissPan: no public property; the file finds UIKit's _UISheetInteractionBackgroundDismissRecognizer by class "
            + "name once the sheet is presented. The sheet's handoff with its lists (M3), its release rule (M4) and the "
            + "detents' tops are UIKit's; the prediction's release lines are the model's."
        notes += scene.sheets.map { scene.views[$0.view].name + sheetNote }
        for (index, sheet) in scene.sheets.enumerated() where !sheet.isModalInPresentation && sheet.delegate?.shouldDismiss != false {
            // Dimmed at the selected detent: no undimmed detent, or the selected one is larger (its top higher) (M5).
            let tops = scene.detentTops(of: index)
            guard sheet.largestUndimmedDetent.map({ tops[sheet.selectedDetent] < tops[$0] }) ?? true else { continue }
            notes.append(
                "\(scene.views[sheet.view].name): a tap on the dimmed area outside the sheet dismisses it on a device; the "
                    + "simulator's dimming view only takes the touch (tap-outside dismissal is not modelled).")
        }
        return notes
    }

    /// `iosVersion: "17.0"` for each parameter that differs from the default, as the scenario writer prints them.
    var parameterEntries: [String] {
        let yaml = ScenarioWriter.yaml(scene, description: nil)
        var entries: [String] = [], inside = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "parameters:" { inside = true; continue }
            guard inside else { continue }
            guard line.hasPrefix("  ") else { break }
            entries.append(String(line.dropFirst(2)))
        }
        return entries
    }
}

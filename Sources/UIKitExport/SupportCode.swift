/// The fixed part of every exported file: the console log (`Log`), the window stand-in that logs hit tests
/// (`WindowView`) and the scroll delegate that logs offsets and drags (`ScrollLogger`).
enum SupportCode {
    /// `log` for scenarios with multi-touch steps, repeated taps or overlapping touches: its `touches` also prints
    /// `UITouch.tapCount`, the call's set and `event.allTouches` (the view classes pass the event).
    /// Its hit-test log also tells apart the touches that land in one event (same timestamp, other points).
    static var detailedLog: String {
        log.replacing(touchesFunction, with: detailedTouchesFunction)
            .replacing(hitTestGuard, with: detailedHitTestGuard)
            .replacing(lastHitTestDeclaration, with: lastHitTestDeclaration + "\n" + hitPointsDeclaration)
    }

    static let lastHitTestDeclaration = "    private static var lastHitTest: TimeInterval = -1"
    static let hitPointsDeclaration = "    private static var hitPoints: [CGPoint] = []"

    static let hitTestGuard = #"""
                guard let event, event.type == .touches, event.timestamp != lastHitTest else { return }
                lastHitTest = event.timestamp
        """#

    static let detailedHitTestGuard = #"""
                guard let event, event.type == .touches else { return }
                // UIKit may hit-test one touch more than once; several fingers of one event come at other points.
                if event.timestamp != lastHitTest { lastHitTest = event.timestamp; hitPoints = [] }
                guard !hitPoints.contains(point) else { return }
                hitPoints.append(point)
        """#

    static let touchesFunction = #"""
            /// One line per touch of a `touches…` call; `implementation` is the scenario's (inherit, observe, consume).
            static func touches(_ phase: String, of responder: UIResponder, _ touches: Set<UITouch>, _ implementation: String) {
                for touch in touches.sorted(by: { touchNumber($0) < touchNumber($1) }) {
                    let p = touch.location(in: nil)
                    line("\(name(responder)) \(phase) touch \(touchNumber(touch)) ts=\(ms(touch.timestamp)) "
                        + "at (\(number(p.x)),\(number(p.y))) [\(implementation)]")
                }
            }
        """#

    static let detailedTouchesFunction = #"""
            /// One line per touch of a `touches…` call; `implementation` is the scenario's (inherit, observe, consume).
            /// A repeated tap adds `tapCount=`, a call of several touches `call={…}`, an event of several touches
            /// `allTouches={…}` (touch numbers).
            static func touches(_ phase: String, of responder: UIResponder, _ touches: Set<UITouch>, _ implementation: String,
                                event: UIEvent?) {
                func numbers(_ set: Set<UITouch>) -> String {
                    "{" + set.map(touchNumber).sorted().map(String.init).joined(separator: ", ") + "}"
                }
                let call = touches.count > 1 ? " call=\(numbers(touches))" : ""
                let all = (event?.allTouches).map { $0.count > 1 ? " allTouches=\(numbers($0))" : "" } ?? ""
                for touch in touches.sorted(by: { touchNumber($0) < touchNumber($1) }) {
                    let p = touch.location(in: nil)
                    let taps = touch.tapCount > 1 ? " tapCount=\(touch.tapCount)" : ""
                    line("\(name(responder)) \(phase) touch \(touchNumber(touch)) ts=\(ms(touch.timestamp)) "
                        + "at (\(number(p.x)),\(number(p.y)))\(taps)\(call)\(all) [\(implementation)]")
                }
            }
        """#

    static let log = #"""
        /// The console log. Every line starts with "[TouchSweep]" and the time in ms since the first touch-down
        /// (UITouch timestamps and `ProcessInfo.systemUptime` share one clock); `ts=` is the UITouch's own timestamp.
        @MainActor enum Log {
            static var start: TimeInterval?
            /// Runs once, at the first touch-down (the script's code steps are timed from it).
            static var onFirstTouch: (@MainActor () -> Void)?
            private static var names: [ObjectIdentifier: String] = [:]
            private static var kinds: [ObjectIdentifier: String] = [:]
            private static var touchNumbers: [ObjectIdentifier: Int] = [:]
            private static var lastHitTest: TimeInterval = -1

            /// Gives a view or recognizer its scenario name (and a view its scenario kind).
            static func register(_ object: AnyObject, _ name: String, kind: String? = nil) {
                names[ObjectIdentifier(object)] = name
                if let kind { kinds[ObjectIdentifier(object)] = kind }
            }

            static func name(_ object: AnyObject?) -> String {
                guard let object else { return "none" }
                return names[ObjectIdentifier(object)] ?? String(describing: type(of: object))
            }

            static func kind(_ view: UIView?) -> String { view.flatMap { kinds[ObjectIdentifier($0)] } ?? "" }

            /// Whether `view` is one of the named views or inside one of them.
            static func isInside(_ view: UIView?, anyOf viewNames: [String]) -> Bool {
                var current = view
                while let candidate = current {
                    if viewNames.contains(name(candidate)) { return true }
                    current = candidate.superview
                }
                return false
            }

            /// The scroll view's delayed-touches recognizer; UIKit has no public property for it.
            static func delayRecognizer(of scrollView: UIScrollView) -> UIGestureRecognizer? {
                scrollView.gestureRecognizers?.first { String(describing: type(of: $0)).contains("DelayedTouchesBegan") }
            }

            static func number(_ value: CGFloat) -> String {
                let rounded = (value * 1000).rounded() / 1000
                return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.3f", Double(rounded))
            }

            static func ms(_ timestamp: TimeInterval) -> String {
                guard let start else { return "setup" }
                return String(format: "%.1f", (timestamp - start) * 1000)
            }

            static func line(_ text: String, at timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
                print("[TouchSweep] t=\(ms(timestamp)) ms  \(text)")
            }

            static func touchNumber(_ touch: UITouch) -> Int {
                let key = ObjectIdentifier(touch)
                if let number = touchNumbers[key] { return number }
                let number = touchNumbers.count + 1
                touchNumbers[key] = number
                return number
            }

            /// Called by `WindowView.hitTest`: logs the hit view once per touch-down.
            static func hitTest(_ point: CGPoint, _ hit: UIView?, _ event: UIEvent?) {
                guard let event, event.type == .touches, event.timestamp != lastHitTest else { return }
                lastHitTest = event.timestamp
                if start == nil {
                    start = event.timestamp
                    onFirstTouch?()
                }
                line("hit test at (\(number(point.x)),\(number(point.y))) → \(name(hit))", at: event.timestamp)
            }

            /// One line per touch of a `touches…` call; `implementation` is the scenario's (inherit, observe, consume).
            static func touches(_ phase: String, of responder: UIResponder, _ touches: Set<UITouch>, _ implementation: String) {
                for touch in touches.sorted(by: { touchNumber($0) < touchNumber($1) }) {
                    let p = touch.location(in: nil)
                    line("\(name(responder)) \(phase) touch \(touchNumber(touch)) ts=\(ms(touch.timestamp)) "
                        + "at (\(number(p.x)),\(number(p.y))) [\(implementation)]")
                }
            }

            /// The discrete recognizers' `ended` is the simulator's `recognized`.
            static func stateName(_ recognizer: UIGestureRecognizer) -> String {
                let discrete = recognizer is UITapGestureRecognizer || recognizer is UISwipeGestureRecognizer
                switch recognizer.state {
                case .possible: return "possible"
                case .began: return "began"
                case .changed: return "changed"
                case .ended: return discrete ? "recognized" : "ended"
                case .cancelled: return "cancelled"
                case .failed: return "failed"
                @unknown default: return "unknown"
                }
            }

            static let controlEvents: [(UIControl.Event, String)] = [
                (.touchDown, "TouchDown"), (.touchDownRepeat, "TouchDownRepeat"), (.touchDragInside, "TouchDragInside"),
                (.touchDragOutside, "TouchDragOutside"), (.touchDragEnter, "TouchDragEnter"), (.touchDragExit, "TouchDragExit"),
                (.touchUpInside, "TouchUpInside"), (.touchUpOutside, "TouchUpOutside"), (.touchCancel, "TouchCancel"),
                (.valueChanged, "ValueChanged"), (.primaryActionTriggered, "PrimaryActionTriggered"),
            ]

            /// Logs every control event of `control`, with the value for value changes.
            static func observeControlEvents(_ control: UIControl) {
                for (event, label) in controlEvents {
                    control.addAction(UIAction { [unowned control] _ in
                        line("\(name(control)) \(label)\(label == "ValueChanged" ? " value=" + value(of: control) : "")")
                    }, for: event)
                }
            }

            static func value(of control: UIControl) -> String {
                switch control {
                case let slider as UISlider: return number(CGFloat(slider.value))
                case let toggle as UISwitch: return toggle.isOn ? "1" : "0"
                case let stepper as UIStepper: return number(stepper.value)
                case let segmented as UISegmentedControl: return String(segmented.selectedSegmentIndex)
                case let pages as UIPageControl: return String(pages.currentPage)
                default: return "-"
                }
            }
        }
        """#

    static let windowView = #"""
        /// Stands in for the scenario's window (the controller's view, presented full screen): logs each touch-down's
        /// hit-test result and otherwise behaves like a plain view.
        final class WindowView: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                let hit = super.hitTest(point, with: event)
                Log.hitTest(point, hit, event)
                return hit
            }
        }
        """#

    static let scrollLogger = #"""
        /// Every scroll view's delegate: logs offsets (a line per point of travel, so a fling does not flood the
        /// console), drags, decelerations and selections.
        @MainActor final class ScrollLogger: NSObject, UITableViewDelegate, UICollectionViewDelegate, UITextViewDelegate {
            private var lastLogged: [ObjectIdentifier: CGPoint] = [:]

            func scrollViewDidScroll(_ scrollView: UIScrollView) {
                let offset = scrollView.contentOffset, key = ObjectIdentifier(scrollView)
                if let last = lastLogged[key], abs(last.x - offset.x) < 1, abs(last.y - offset.y) < 1 { return }
                lastLogged[key] = offset
                logOffset(scrollView, "offset")
            }

            func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
                Log.line("\(Log.name(scrollView)) willBeginDragging")
            }

            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                Log.line("\(Log.name(scrollView)) didEndDragging willDecelerate=\(decelerate)")
                logOffset(scrollView, "offset")
            }

            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                Log.line("\(Log.name(scrollView)) didEndDecelerating")
                logOffset(scrollView, "final offset")
            }

            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                Log.line("\(Log.name(tableView)) didSelectRowAt \(indexPath)")
            }

            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                Log.line("\(Log.name(collectionView)) didSelectItemAt \(indexPath)")
            }

            private func logOffset(_ scrollView: UIScrollView, _ label: String) {
                let offset = scrollView.contentOffset
                lastLogged[ObjectIdentifier(scrollView)] = offset
                Log.line("\(Log.name(scrollView)) \(label) (\(Log.number(offset.x)),\(Log.number(offset.y)))")
            }
        }
        """#

    /// `scrollLogger` with zooming: the zoom view of each zooming scroll view (`viewForZooming(in:)`) and the zoom
    /// delegate calls. Only files with a zooming scroll view use it, so other exports are unchanged.
    static let zoomingScrollLogger = scrollLogger.replacingOccurrences(
        of: """
                private var lastLogged: [ObjectIdentifier: CGPoint] = [:]

            """,
        with: #"""
                private var lastLogged: [ObjectIdentifier: CGPoint] = [:]
                /// viewForZooming(in:) (§6.1): the view each zooming scroll view scales.
                var zoomViews: [ObjectIdentifier: UIView] = [:]

                func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomViews[ObjectIdentifier(scrollView)] }

                func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
                    Log.line("\(Log.name(scrollView)) willBeginZooming")
                }

                func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
                    Log.line("\(Log.name(scrollView)) didEndZooming atScale=\(Log.number(scale))")
                }

            """#)
}

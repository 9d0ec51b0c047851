/// A value of a sweep axis that no shipped app is known to keep: a sweep may ask for it ("what if the overlay took
/// every touch?"), but a defect it causes is counted apart from the hazards real apps ship (docs/defects.md, "What a
/// count rests on"). Declared by the axis catalog (``AxisCatalog/whatIfs``), by a template for the axes that act on
/// its trees (``TreeTemplate/whatIfs``) or by a config for its own axes (`whatIf:`, docs/sweep-config.md).
public struct WhatIfValue: Sendable, Equatable {
    /// Which values of the axis are what-ifs.
    public enum Match: Sendable, Equatable {
        /// These values.
        case values([AxisValue])
        /// Any number outside this range (the documented one).
        case outside(ClosedRange<Double>)
    }

    /// The axis.
    public let axis: String
    public let match: Match
    /// The defect classes (their column names, `dead_button`) a run may owe to the value; empty: every class. An axis
    /// that sets an engine parameter acts on every tree, so it names the classes the parameter can decide.
    public let classes: [String]
    /// Why no shipped app keeps it, in one line.
    public let reason: String
    /// The value shipped apps keep instead (the fix, UIKit's own value): a run owes a defect to the what-if when, with
    /// this value instead, it does not show it. `nil` when there is none to compare with (a config that declares every
    /// value of its axis): then every defect of the class on a tree the axis acts on is a what-if.
    public let instead: AxisValue?

    public init(axis: String, match: Match, classes: [String] = [], instead: AxisValue?, reason: String) {
        self.axis = axis
        self.match = match
        self.classes = classes
        self.instead = instead
        self.reason = reason
    }

    /// Whether `value` is one of the what-if values.
    public func matches(_ value: AxisValue) -> Bool {
        switch match {
        case .values(let values): return values.contains(value)
        case .outside(let range):
            guard case .number(let v) = value else { return false }
            return !range.contains(v)
        }
    }

    /// "false", "5, 20" or "outside 8–10": the what-if values in a few words.
    public var valuesText: String {
        switch match {
        case .values(let values): return values.map(\.description).joined(separator: ", ")
        case .outside(let range):
            return "outside \(AxisValue.number(range.lowerBound))–\(AxisValue.number(range.upperBound))"
        }
    }
}

extension AxisCatalog {
    /// The what-if values of the catalog's own axes, whatever the template: the one place where they are written
    /// (docs/defects.md's table lists them).
    public static let whatIfs: [WhatIfValue] = [
        // Errata §4.5: iOS 26.1's pinch driver begins past 8 pt (RE); the spec's older 10 pt was inferred. Nothing
        // sources another value, so a sweep's 5 or 20 pt asks what a different UIKit would do.
        WhatIfValue(
            axis: "pinchHysteresis", match: .outside(8 ... 10), classes: ["swallowed_zoom"], instead: .number(8),
            reason: "UIKit's pinch begins past 8 pt (iOS 26.1; an older reading said 10): any other hysteresis is no UIKit's"),
        // S1 and S5: UIScrollView's 150 ms content delay and its pan's 10 pt hysteresis are UIKit's own; no API sets
        // them, so a sweep that varies them asks what a different UIKit would do.
        WhatIfValue(
            axis: "contentTouchDelay", match: .outside(150 ... 150), instead: .number(150),
            reason: "UIScrollView delays content touches 150 ms and no API changes it: another delay is no app's"),
        WhatIfValue(
            axis: "scrollHysteresis", match: .outside(10 ... 10), instead: .number(10),
            reason: "a scroll view's pan begins after 10 pt and no API changes it: another hysteresis is no app's"),
        // docs/templates.md: the swipe pans that apps ship begin on horizontal movement only.
        WhatIfValue(
            axis: "swipePans.beginsInAnyDirection", match: .values([.bool(true)]), instead: .bool(false),
            reason: "swipe-to-delete pans that begin on any movement are a what-if: shipped ones begin only on horizontal drags"),
        // touch-model-system N2.1: 13 pt on the devices read, 35–39 pt on some, about 55 pt observed on iOS 7.
        WhatIfValue(
            axis: "edgeRegion", match: .outside(13 ... 55), classes: ["swallowed_back", "accidental_back"], instead: .number(35),
            reason: "the back swipe's edge region is documented from 13 to 55 pt; a value outside it is no device's")
    ]

    /// The catalog's what-if declaration of axis `name`, if any.
    public static func whatIf(forAxis name: String) -> WhatIfValue? { whatIfs.first { $0.axis == name } }
}

extension TreeTemplate {
    /// The what-if values of the axes that act on this template's trees: settings its screens are built without
    /// because no shipped app keeps them (docs/templates.md).
    public var whatIfs: [WhatIfValue] {
        switch self {
        case .drawer:
            // Seed 002 and WWDC 2014-235 start from the overlay that takes every touch (B12) and ship the fix;
            // Pulley and every drawer library pass touches through. The template is built with the fix.
            return [
                WhatIfValue(
                    axis: "overlay.passThrough", match: .values([.bool(false)]), instead: .bool(true),
                    reason: "a full-screen drawer overlay that takes every touch below it (B12) is the bug the sources "
                        + "start from; no shipped drawer keeps it"),
                WhatIfValue(
                    axis: "overlay.panMoved", match: .values([.bool(false)]), instead: .bool(true),
                    reason: "a drawer overlay whose pan stays on it (B12) is the naive overlay; shipped drawers move it")
            ]
        default: return []
        }
    }
}

import TouchScenarios

/// The configurations of a plan that apply every documented seed fix its config names (docs/reports.md,
/// "Residual after the fix"): for each axis of the config that has a seed fix (`AxisCatalog.seedFixes`), varied
/// or set to one value, the configuration's value is one of the fix's values. Axes without a fix take every
/// value they have. A config that names no seed-fix axis, or one with no fixing value among its values, has no
/// such configuration.
public struct EveryFixConfigurations: Sendable, Equatable {
    /// The seed-fix axes the config names, in axis order.
    public let axes: [String]
    /// Of `axes`, those with no fixing value among the config's values (then `configurations` is empty).
    public let unfixable: [String]
    /// Indices into `SweepPlan.configurations`, in plan order.
    public let configurations: [Int]

    public init(plan: SweepPlan) {
        let fixes = plan.config.axes.compactMap { axis in AxisCatalog.seedFix(forAxis: axis.name).map { (axis, $0) } }
        axes = fixes.map(\.0.name)
        unfixable = fixes.filter { axis, fix in !axis.values.contains(where: fix.isFix) }.map(\.0.name)
        guard !fixes.isEmpty, unfixable.isEmpty else {
            configurations = []
            return
        }
        configurations = plan.configurations.indices.filter { c in
            fixes.allSatisfy { axis, fix in plan.configurations[c][axis.name].map(fix.isFix) ?? false }
        }
    }

    /// The fixing values the config uses, per axis of `axes`: `overlay.passThrough=true`, or with two,
    /// `scrollViews.touchesShouldCancel=always|controlsExceptTextInputsSlidersSwitches` (config order).
    public static func fixValues(plan: SweepPlan) -> [String] {
        plan.config.axes.compactMap { axis in
            guard let fix = AxisCatalog.seedFix(forAxis: axis.name) else { return nil }
            let values = axis.values.filter(fix.isFix).map(\.description)
            return axis.name + "="
                + (values.isEmpty
                    ? "(none of " + axis.values.map(\.description).joined(separator: ", ") + ")"
                    : values.joined(separator: "|"))
        }
    }
}

extension SweepPlan {
    /// The configurations that apply every documented seed fix the config names.
    public var everyFix: EveryFixConfigurations { EveryFixConfigurations(plan: self) }
}

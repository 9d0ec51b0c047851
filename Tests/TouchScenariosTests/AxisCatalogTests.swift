import Testing
import TouchEngine

@testable import TouchScenarios

@Suite struct AxisCatalogTests {
    @Test func axisNamesAreUnique() {
        let names = AxisCatalog.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A sweep skips an axis on a tree without its role (`mayChange` false: `ConfiguredStates` takes no step), so
    /// applying it there, with any value, must leave the tree exactly as it was; and no axis writes the roles,
    /// which `mayChange` reads.
    /// Values of an axis of this type to try: both ends of a number's range, every word of a choice.
    static func values(_ type: AxisValueType) -> [AxisValue] {
        switch type {
        case .bool: [.bool(false), .bool(true)]
        case .choice(let words): words.map { .text($0) }
        case .number(_, let range): [.number(range.lowerBound), .number(range.upperBound)]
        case .version: [.text("15.0"), .text("17.4")]
        }
    }

    @Test func anAxisThatMayNotChangeATreeLeavesItAsItWasAndNoAxisWritesTheRoles() {
        var skipped = 0
        for template in TreeTemplate.generated {
            for seed: UInt64 in [1, 2] {
                let tree = TreeGenerator.generate(template, seed: seed, options: TreeOptions())
                for axis in AxisCatalog.all {
                    let may = axis.mayChange(tree)
                    if !may { skipped += 1 }
                    for value in Self.values(axis.type) where axis.accepts(value) {
                        var changed = tree
                        axis.apply(value, to: &changed)
                        #expect(changed.roles == tree.roles, "\(axis.name)=\(value) on \(template)")
                        if !may { #expect(changed == tree, "\(axis.name)=\(value) on \(template) \(seed)") }
                    }
                }
            }
        }
        #expect(skipped > 0, "some axis lacks its role on some template")
    }

    /// A sweep prepares a tree's configured states reading only the views some axis may write
    /// (`PreparedScene(_:sharingEqualPartsOf:viewsThatMayDiffer:)`): every other view must come out of every axis as
    /// it went in, from the base tree and from a tree every axis has already set.
    @Test func anAxisWritesNoViewBeyondThoseItDeclares() {
        var declaredWritten = 0
        for template in TreeTemplate.generated {
            for seed: UInt64 in [1, 2] {
                let base = TreeGenerator.generate(template, seed: seed, options: TreeOptions())
                // Every axis set to its last value first: a state other axes already changed.
                var set = base
                for axis in AxisCatalog.all { if let value = Self.values(axis.type).last(where: axis.accepts) { axis.apply(value, to: &set) } }
                for start in [base, set] {
                    for axis in AxisCatalog.all {
                        let declared = Set(axis.viewsItMayWrite(start))
                        for value in Self.values(axis.type) where axis.accepts(value) {
                            var changed = start
                            axis.apply(value, to: &changed)
                            for v in start.scene.views.indices where changed.scene.views[v] != start.scene.views[v] {
                                #expect(declared.contains(v), "\(axis.name)=\(value) wrote view \(v) on \(template) \(seed)")
                                if declared.contains(v) { declaredWritten += 1 }
                                // A sweep's examples name their target from the base tree (`UnitRunner.runTree`).
                                #expect(changed.scene.views[v].name == start.scene.views[v].name, "\(axis.name) renamed view \(v)")
                            }
                        }
                    }
                }
            }
        }
        #expect(declaredWritten > 0, "some axis wrote a view it declares")
    }

    @Test func theIssueRequiresTheseAxes() {
        let required = [
            "contentTouchDelay", "longPressDuration", "tapMaximumDuration", "multiTapInterval", "edgeGateDelay",
            "panHysteresis", "tapAllowableMovement", "longPressAllowableMovement", "controlTrackingTolerance",
            "scrollViews.delaysContentTouches", "scrollViews.canCancelContentTouches",
            "scrollViews.touchesShouldCancel", "scrollViews.touchesShouldBegin",
            "dismissTap.cancelsTouchesInView", "dismissTap.delaysTouchesBegan", "dismissTap.delaysTouchesEnded",
            "cellTaps.cancelsTouchesInView", "longPresses.cancelsTouchesInView", "overlay.passThrough",
            "overlay.panMoved", "iosVersion"
        ]
        for name in required { #expect(AxisCatalog.definition(named: name) != nil, "\(name)") }
    }

    @Test func everySeedFixNamesAnAxisOnceWithValuesItAccepts() throws {
        let axes = AxisCatalog.seedFixes.map(\.axis)
        #expect(Set(axes).count == axes.count, "one fix per axis")
        #expect(
            axes == [
                "scrollViews.delaysContentTouches", "scrollViews.touchesShouldCancel", "dismissTap.cancelsTouchesInView",
                "dismissTap.shouldReceive", "overlay.passThrough", "overlay.panMoved", "nav.pansRequirePop",
                "nav.edgeDelaysTouchesBegan", "nav.popEnabled", "canvases.vetoPans", "panel.tracksList", "panel.pinsList"
            ])
        for fix in AxisCatalog.seedFixes {
            let axis = try #require(AxisCatalog.definition(named: fix.axis), "\(fix.axis)")
            #expect(!fix.values.isEmpty && fix.values.allSatisfy(axis.accepts), "\(fix.axis)")
            #expect(fix.source.hasPrefix("seed") || fix.source.hasPrefix("B"), "\(fix.axis): \(fix.source)")
            #expect(axis.fix?.values == fix.values)
        }
        // Seed 004's own class first; the blunt policy the quickstart varies second.
        #expect(
            AxisCatalog.seedFix(forAxis: "scrollViews.touchesShouldCancel")?.values
                == [.text("controlsExceptTextInputsSlidersSwitches"), .text("always")])
        #expect(AxisCatalog.definition(named: "contentTouchDelay")?.fix == nil)
    }

    @Test func valuesAreCheckedAgainstTheirType() throws {
        let delay = try #require(AxisCatalog.definition(named: "contentTouchDelay"))
        #expect(delay.accepts(.number(150)) && !delay.accepts(.number(-1)) && !delay.accepts(.bool(true)))
        let policy = try #require(AxisCatalog.definition(named: "scrollViews.touchesShouldCancel"))
        #expect(policy.accepts(.text("always")) && !policy.accepts(.text("sometimes")))
        #expect(policy.allowedValues == "one of default, always, never, controlsExceptTextInputsSlidersSwitches")
    }

    @Test func aScrollViewFlagReachesEveryScrollViewOfTheTree() throws {
        var scene = Scene(name: "t")
        let a = scene.addView(ViewSpec(name: "A", kind: .scrollView, frame: Rect(0, 0, 390, 400), parent: nil))
        let b = scene.addView(ViewSpec(name: "B", kind: .tableView, frame: Rect(0, 400, 390, 444), parent: nil))
        scene.installScrollViewRecognizers()
        var roles = Roles()
        roles.scrollViews = [a, b]
        var tree = GeneratedTree(template: .random, seed: 1, scene: scene, roles: roles, elements: [])
        try #require(AxisCatalog.definition(named: "scrollViews.delaysContentTouches")).apply(.bool(false), to: &tree)
        try #require(AxisCatalog.definition(named: "contentTouchDelay")).apply(.number(90), to: &tree)
        #expect(tree.scene.views[a].scroll?.delaysContentTouches == false)
        #expect(tree.scene.views[b].scroll?.delaysContentTouches == false)
        #expect(tree.scene.parameters.contentTouchDelay == .ms(90))
    }

    @Test func movingTheOverlayPanAttachesItToTheHostAndBack() throws {
        var scene = Scene(name: "t")
        let root = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        let overlay = scene.addView(ViewSpec(name: "O", kind: .scrollView, frame: Rect(0, 0, 390, 844), parent: root))
        scene.installScrollViewRecognizers()
        var roles = Roles()
        roles.overlays = [overlay]
        roles.overlayPanHosts = [root]
        var tree = GeneratedTree(template: .drawer, seed: 1, scene: scene, roles: roles, elements: [])
        let axis = try #require(AxisCatalog.definition(named: "overlay.panMoved"))
        axis.apply(.bool(true), to: &tree)
        let pan = try #require(tree.scene.recognizer(named: "O.pan"))
        #expect(tree.scene.recognizers[pan].view == root)
        axis.apply(.bool(false), to: &tree)
        #expect(tree.scene.recognizers[pan].view == overlay)
    }
}

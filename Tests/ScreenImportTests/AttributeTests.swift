import ScreenImport
import Testing
import TouchEngine

/// Attributes that do not change which view a touch hits are read past without a word; the ones that do are
/// read, or warned about when the engine cannot model them.
@Suite struct AttributeTests {
    @Test func drawingLayoutAndContentAttributesGiveNoWarning() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x7fb1a0; frame = (0 0; 390 844); autoresize = W+H; autoresizesSubviews = NO; backgroundColor = <UIDynamicSystemColor: 0x6000c1; name = systemBackgroundColor>; layer = <CALayer: 0x6000c2>>
               | <UIImageView: 0x7fb1a1; frame = (0 0; 390 200); clipsToBounds = YES; opaque = NO; contentMode = UIViewContentModeScaleAspectFill; tintColor = UIExtendedSRGBColorSpace 0 0.478 1 1; tag = 7; layer.opaque = NO; anchorPoint = {0.5, 0.5}; position = {195, 100}; zPosition = 0; userInteractionEnabled = NO; layer = <CALayer: 0x6000c3>>
               | <UILabel: 0x7fb1a2; frame = (16 220; 358 24); text = 'Welcome'; transform = [1, 0, 0, 1, 0, 0]; animations = { position=<CASpringAnimation: 0x6000c4>; }; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x6000c5>>
               | <UIButton: 0x7fb1a3; frame = (16 688; 358 50); transform = [1, 0, 0, 1, 0, -12]; hidden = NO; alpha = 1; opaque = NO; gestureRecognizers = <NSArray: 0x6000c6>; layer = <CALayer: 0x6000c7>>
            """, file: "welcome.txt")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.records.count == 4)
        #expect(!r.records[1].isUserInteractionEnabled && r.records[1].clipsToBounds)
        #expect(r.records[3].frame == Rect(16, 688, 358, 50) && r.records[3].hasGestureRecognizers)
    }

    @Test func aRotationIsWarnedAboutBecauseTheDumpDoesNotPrintTheBoundsToUndoIt() throws {
        let w = try DumpParser.parse(
            """
            <UIView: 0x7fb2a0; frame = (0 0; 390 844); layer = <CALayer: 0x6000d1>>
               | <UIButton: 0x7fb2a1; frame = (295 760; 80 80); transform = [0.70710678, 0.70710678, -0.70710678, 0.70710678, 0, 0]; opaque = NO; layer = <CALayer: 0x6000d2>>
               | <UIView: 0x7fb2a2; frame = (0 0; 390 100); layer.hidden = YES; layer = <CALayer: 0x6000d3>>
            """, file: "rotated.txt"
        ).warnings.map(\.description)
        #expect(
            w == [
                "line 2: the transform of UIButton turns it, and the dump does not print its bounds: its frame (the transformed "
                    + "bounding box) is used as is, without the transform",
                "line 3: unknown attribute 'layer.hidden' of UIView ignored"
            ])
    }

    /// No dump of the corpus warns about an attribute or a transform; 24 (iOS 6's remote mail view, scaled ×0.5 by a
    /// real transform) imports that view with its transform.
    @Test(arguments: sharedDumps)
    func theSharedDumpsGiveNoAttributeWarnings(_ name: String) throws {
        let screen = try importShared(name)
        let warnings = screen.report.warnings
        #expect(warnings.filter { $0.message.contains("attribute") }.isEmpty, "\(warnings)")
        #expect(warnings.filter { $0.message.contains("transform") }.isEmpty, "\(warnings)")
        #expect(screen.scene.views.filter { $0.transform != .identity }.map(\.transform) == (name.hasPrefix("24-") ? [.scale(0.5, 0.5)] : []))
    }
}

/// A dump's scale or flip comes back as the view's transform, around the centre of the printed (scaled) frame.
@Suite struct ScaledDumpTests {
    @Test func aScaledViewIsImportedWithItsTransformAndItsUntransformedFrame() throws {
        let screen = try ScreenImporter.importDump(
            """
            <UIView: 0x7fb3a0; frame = (0 0; 390 844); layer = <CALayer: 0x6000e1>>
               | <UIView: 0x7fb3a1; frame = (95 322; 200 200); transform = [0.5, -0, 0, 0.5, -0, 0]; layer = <CALayer: 0x6000e2>>
               |    | <UIButton: 0x7fb3a2; frame = (0 0; 400 100); opaque = NO; layer = <CALayer: 0x6000e3>>
               | <UIView: 0x7fb3a3; frame = (0 600; 390 100); transform = [-1, 0, 0, 1, 0, 0]; layer = <CALayer: 0x6000e4>>
            """, file: "scaled.txt")
        #expect(screen.report.warnings.isEmpty, "\(screen.report.warnings)")
        let card = try #require(screen.scene.views.first { $0.className == "UIView" && $0.transform != .identity && $0.frame.size.width == 400 })
        #expect(card.frame == Rect(-5, 222, 400, 400))
        #expect(card.transform == .scale(0.5, 0.5))
        let flipped = try #require(screen.scene.views.first { $0.transform == .scale(-1, 1) })
        #expect(flipped.frame == Rect(0, 600, 390, 100))
        // The button fills the top quarter of the card's bounds: on screen that is y 322…372, x 95…295.
        var scene = screen.scene
        scene.script = [ScriptEvent(time: .zero, action: .down(Point(290, 360)))]
        let hits = Engine.trace(scene).compactMap { event -> ViewKind? in
            if case .hitTest(_, let v?, _, _) = event.kind { return scene.views[v].kind }
            return nil
        }
        #expect(hits == [.button])
    }
}

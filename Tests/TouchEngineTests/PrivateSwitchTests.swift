import ScenarioKit
import Testing
import TouchEngine

/// From iOS 26 a UISwitch is driven by private recognizers on an internal subview and sends no UIControl tracking
/// events (touch-model §5.4). The engine does not model those recognizers: it says so in the trace and the summary.
@Suite struct PrivateSwitchTests {
    static func tapOnSwitch(ios: String) -> String {
        """
        parameters: { iosVersion: "\(ios)" }
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: Sw, kind: switch, frame: [20, 100, 51, 31] }
        script: ["0 down (45,115)", "80 up (45,115)"]
        """
    }

    @Test func onIOS26ATapOnASwitchSendsNoTrackingEventsAndIsTracedAsUnmodelled() throws {
        let t = try Transcript(Self.tapOnSwitch(ios: "26.1"))
        #expect(t.controls("Sw") == [], "\(t.text)")
        #expect(t.callbacks("Sw") == ["began@0", "ended@80"], "the switch keeps its touch: nothing goes up the chain")
        #expect(t.text.contains("Sw (UISwitch) is driven by private recognizers on this iOS, which the engine does not model"))
        #expect(Engine.summary(t.scene).firstPrivateSwitch == t.scene.view(named: "Sw"))
    }

    @Test func onIOS18TheSameTapTracksAndFlipsTheSwitch() throws {
        let t = try Transcript(Self.tapOnSwitch(ios: "18.0"))
        #expect(t.controls("Sw") == ["TouchDown@0", "TouchUpInside@80", "ValueChanged@80"], "\(t.text)")
        #expect(!t.text.contains("private recognizers"))
        #expect(Engine.summary(t.scene).firstPrivateSwitch == nil)
    }

    @Test func aTouchThatHitsAnotherViewLeavesTheSummaryClear() throws {
        let t = try Transcript(Self.tapOnSwitch(ios: "26.1").replacingOccurrences(of: "(45,115)", with: "(200,400)"))
        #expect(Engine.summary(t.scene).firstPrivateSwitch == nil)
        #expect(!t.text.contains("private recognizers"))
    }
}

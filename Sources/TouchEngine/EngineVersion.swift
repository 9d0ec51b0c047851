/// The engine version workers must share with the coordinator: results from two engines never mix (the protocol
/// version, `ProtocolVersion` in SweepProtocol, is the wire's and separate). 2: per-tree
/// sums and causes in every result (result payload format 2), so a worker of version 1 is refused at its hello.
/// 3: issue 31's recognizer and delivery corrections (pinch and rotation thresholds, multi-finger pan ends, swipe
/// limits, the scroll pan's delaysTouchesEnded, scrolling disabled, cancellations in one call). 4: issue 31's scroll
/// physics fitted to the iOS 26.1 recordings (flights stop at 0.01 pt/ms, no flight after a rest, spring back and
/// edge bounce). 5: issue 32's classes (swallowed_back, accidental_back, accidental_dismiss, stuck_sheet,
/// double_motion: sixteen class lanes in the payload), the system's gesture families and templates, PanModal's
/// list halt as the library does it, and double motion counted only off the handoff sample. 6: issue 34's
/// categories (each cause hazard, designed or what-if: result payload format 4). 7: issue 34's model bands (each run
/// notes the inferred parameters its verdict read; result payload format 5 carries the changes at their range ends).
/// 8: an iOS 26 UISwitch sends no tracking events and a run whose touch reaches one counts in no class (§5.4,
/// `Parameters.switchesUsePrivateRecognizers`). 9: issue 35's element categories (each real screen element's designed
/// and what-if counts: result payload format 6, for `sweep check --per-screen`).
///
/// Bump it with any change that can change a result for the same config: TouchEngine's rules, the scenario
/// generators (TouchScenarios), the classifier, or the result payload's contents. `sweep --version` prints it.
public enum EngineVersion {
    public static let current = "touchsweep-engine-9"
}

/// The range of every number a scenario file (and a `--recognizers` overlay, which uses the same keys) may hold,
/// as docs/scenario-format.md ("Ranges") lists them. Generous for any real screen or gesture, and far inside
/// what the engine computes with: no time, length or count inside them can overflow or exhaust memory.
public enum ScenarioLimits {
    /// Times and durations in ms: script step times, `duration`, `hold`, time parameters, recognizer times.
    /// One hour of virtual time.
    public static let milliseconds: ClosedRange<Double> = 0 ... 3_600_000
    /// The largest file the tools read as text (scenarios, sweep configs, dumps, class maps, recognizer files):
    /// 16 MiB, what a coordinator's `welcome` can carry (a config with its screens embedded). Larger files are
    /// refused before they are read: a 64 MB scenario used to take 1.7 GB of memory and 18 s to refuse.
    public static let fileBytes = 16 * 1024 * 1024
    /// Coordinates in pt (frames' x and y, `bounds`, `contentOffset`, `contentInset`, `enlarge`, script
    /// locations) and content velocities in pt/ms (`decelerating`).
    public static let coordinate: ClosedRange<Double> = -1_000_000 ... 1_000_000
    /// Sizes and distances in pt: widths, heights, `window.size`, `contentSize`, distance parameters and
    /// recognizer distances.
    public static let length: ClosedRange<Double> = 0 ... 1_000_000
    /// A swipe's or drag's sample rate `hz`.
    public static let sampleRate: ClosedRange<Double> = 1 ... 1000
    /// Moves of one swipe or drag step: `round(duration × hz / 1000)`.
    public static let samplesPerStep = 10_000
    /// Finger numbers (`touch`) and recognizers' `taps`, `touches`, `minimumTouches`, `maximumTouches`.
    public static let count: ClosedRange<Int> = 1 ... 100
    /// A view's `value` (slider 0…1 and switch 0 or 1 are narrower).
    public static let value: ClosedRange<Double> = -1_000_000 ... 1_000_000
    /// How deep views nest: the window's subviews are at depth 1. (`sweep import` refuses deeper dumps.)
    public static let viewDepth = 200

    /// Ratios of the engine's parameters that have a narrower meaning than a length.
    public static let decelerationRate: ClosedRange<Double> = 0 ... 0.9999
    /// `decelerationMinimumVelocity`, in pt/ms: 0 would make every flick decelerate forever.
    public static let decelerationMinimumVelocity: ClosedRange<Double> = 0.001 ... 1000
    public static let rubberBandCoefficient: ClosedRange<Double> = 0 ... 100
    /// `springBackRate` and `edgeBounceRate`, per second: 0 would never bring the content back, and below 1 a traced
    /// bounce would show hours of frames.
    public static let springRate: ClosedRange<Double> = 1 ... 1000
    /// `bounceStopDistance`, in pt: 0 would let a bounce run for ever.
    public static let bounceStopDistance: ClosedRange<Double> = 0.001 ... 1000
    /// Speeds in pt/s (`swipeMinimumRate`).
    public static let speed: ClosedRange<Double> = 0 ... 1_000_000
    /// `panVelocitySmoothing`, `hitTestAlphaThreshold` and the swipe decay rates: fractions.
    public static let fraction: ClosedRange<Double> = 0 ... 1
    /// A scroll view's `minimumZoomScale`, `maximumZoomScale` and `zoomScale`.
    public static let zoomScale: ClosedRange<Double> = 0.01 ... 100
    /// `edgeRegion`, in pt: the range touch-model-system §T gives a sweep (13 pt default, 9–10 % of a phone's width,
    /// ≈ 55 pt seen on iOS 7).
    public static let edgeRegion: ClosedRange<Double> = 13 ... 55
    /// `edgeBackProjectionFactor`: 1, or up to 2 on some devices (touch-model-system N2.3).
    public static let backProjectionFactor: ClosedRange<Double> = 1 ... 2
    /// `rotationThreshold`, in radians: up to a half turn.
    public static let angle: ClosedRange<Double> = 0 ... 3.1416

    /// Sheets (spec §T): the large and medium detents' tops (pt, window y), the projection's deceleration rate and
    /// the quick re-swipe and dismissal durations (ms).
    public static let sheetLargeDetentTop: ClosedRange<Double> = 0 ... 200
    public static let sheetMediumDetentTop: ClosedRange<Double> = 100 ... 800
    public static let sheetDecelerationRate: ClosedRange<Double> = 0.9 ... 0.999
    public static let sheetInterval: ClosedRange<Double> = 0 ... 2000
    /// Library panels (spec §T): FloatingPanel's removal threshold (per second) and PanModal's snap velocity (pt/s);
    /// FloatingPanel's projection rate shares `sheetDecelerationRate`'s range.
    public static let panelRemovalThreshold: ClosedRange<Double> = 0 ... 100
    public static let panelSnapVelocity: ClosedRange<Double> = 0 ... 10000

    /// `3600000`, `0.9999`, `-1000000`: a bound as the messages and docs write it.
    public static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `from 0 to 3600000 ms`: a range as the messages write it.
    public static func describe(_ range: ClosedRange<Double>, unit: String = "") -> String {
        "from \(text(range.lowerBound)) to \(text(range.upperBound))" + (unit.isEmpty ? "" : " \(unit)")
    }
}

/// UISwipeGestureRecognizer (touch-model §4.5 swipe, with the limits an iOS 26.1 device probe measured,
/// Vercantez/openuikit's swipe oracle [REAL]):
///
/// * Each required finger is measured on its own, from where it touched down (UIKit keeps a start location per
///   touch, `_startLocations` in its iOS 3.2–5 header), not the fingers' centre: the swipe recognizes on a move
///   when every one of them has travelled at least the minimum along one direction with at most the maximum
///   across it, both shrinking with time (`factor = 1 − min(t, 0.5 s)·(1 − rate)`): 50 pt and 50 pt at t → 0.
/// * Directions are tried right, left, down, up, so with a mask of both axes the horizontal one wins when a move
///   qualifies for both. A direction that qualifies but is not in the mask fails the swipe.
/// * A finger that moves against the direction fails it: travel below zero along every direction of the mask
///   (a mask with both senses of an axis never has this on that axis) [REAL for one direction; INF for a mask of
///   both axes].
/// * The maximum duration (500 ms) is inclusive: a move at exactly 500 ms still counts (P7 runs the script's
///   event before the timer of the same time); the timer then fails it.
/// * `swipeMaximumSecondaryMovement` 200 pt, the value of BackBoard's port of UIKit's recognizer (the spec's
///   earlier default), stays available as a parameter value.
extension Simulation {
    mutating func swipeReceives(
        _ phase: TouchPhase, slot: Int, id: RecognizerID, directions: SwipeDirections,
        required: Int
    ) -> Verdict {
        switch phase {
        case .began:
            recognizers[id].touchesDown += 1
            if recognizers[id].touchesDown > required { return .fail(why(.threshold("more than \(required) finger(s)"))) }
            if recognizers[id].touchesDown == 1 {
                recognizers[id].startTime = now
                timers.set(id, now + params.swipeMaximumDuration)
            }
            if params.swipeMinimumRate > 0 { sampleSwipe(id, restart: true) }
            return .none
        case .moved:
            if params.swipeMinimumRate > 0 { sampleSwipe(id, restart: false) }
            let moved = touches[slot].location - touches[slot].downLocation
            if Self.isAgainst(moved, directions) {
                return .fail(why(.threshold("a finger moved (\(fmt(moved.x)),\(fmt(moved.y))) against the swipe's direction")))
            }
            guard recognizers[id].touchesDown == required else { return .none }
            let t = min((now - recognizers[id].startTime).seconds, 0.5)
            let minPrimary = params.swipeMinimumPrimaryMovement * (1 - t * (1 - params.swipeMinimumMovementDecayRate))
            let maxSecondary = params.swipeMaximumSecondaryMovement * (1 - t * (1 - params.swipeMaximumMovementDecayRate))
            // Right, left, down, up: a direction qualifies when every finger does (no allocation).
            for k in 0 ..< 4 {
                guard let (primary, secondary) = swipeTravel(id, direction: k, minPrimary: minPrimary, maxSecondary: maxSecondary)
                else { continue }
                guard directions.contains(Self.swipeDirection(k)) else {
                    return .fail(why(.threshold("swiped in a direction it does not recognize")))
                }
                // UIKit's minimum rate is unknown (at most 53 pt/s): a swipe recognized on a sample slower than the
                // range's top, or on any sample while the engine checks none, depends on it.
                if params.swipeMinimumRate <= 0 { noteInferred(.swipeMinimumRate) }
                if params.swipeMinimumRate > 0 {
                    let rate = swipeRate(id, direction: k)
                    noteInferred(.swipeMinimumRate, comparing: rate)
                    guard rate >= params.swipeMinimumRate else {
                        // Long enough but too slow on this sample: it may still recognize on a later one [INF].
                        if Recorder.isRecording {
                            emit(
                                .held(
                                    recognizer: id,
                                    reason: .threshold(
                                        "travelled \(fmt(primary)) pt but at \(fmt(rate)) pt/s since "
                                            + "the previous sample, below the minimum rate \(fmt(params.swipeMinimumRate)) pt/s")))
                        }
                        return .none
                    }
                }
                guard Recorder.isRecording else { return .recognize(.untraced) }
                let reason = swipeReason(directions, k, required, primary, minPrimary, secondary)
                return .recognize(why(reason))
            }
            return .none
        case .ended:
            return .fail(why(.note("lifted before the swipe was long enough")))
        case .cancelled:
            return .fail(why(.touchesCancelled))
        }
    }

    /// Why a swipe recognized: its travel (each finger's least, with more than one) against the minimum, and the
    /// direction when the mask has both axes.
    func swipeReason(
        _ directions: SwipeDirections, _ k: Int, _ required: Int, _ primary: Double, _ minPrimary: Double, _ secondary: Double
    ) -> Reason {
        let bothAxes = directions.rawValue & 3 != 0 && directions.rawValue & 12 != 0
        let fingers = required > 1 ? "each of \(required) fingers travelled at least" : "travelled"
        let across = required > 1 ? "at most \(fmt(secondary))" : fmt(secondary)
        let named = bothAxes ? " \(Self.swipeDirectionName(k))" : ""
        let first = bothAxes ? " (a mask of both axes tries horizontal first)" : ""
        return .threshold("\(fingers) \(fmt(primary)) pt\(named) ≥ \(fmt(minPrimary)) pt with \(across) pt across\(first)")
    }

    /// Whether every finger down has travelled (from its touch-down) at least `minPrimary` along direction `k`
    /// (right, left, down, up) with at most `maxSecondary` across it; then the least travel along it and the most
    /// across.
    func swipeTravel(_ id: RecognizerID, direction k: Int, minPrimary: Double, maxSecondary: Double) -> (Double, Double)? {
        var least = Double.infinity, most = 0.0
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            guard isDown(slot) else { continue }
            let d = touches[slot].location - touches[slot].downLocation
            let primary = Self.along(d, k), secondary = k < 2 ? abs(d.y) : abs(d.x)
            guard primary >= minPrimary && secondary <= maxSecondary else { return nil }
            least = min(least, primary)
            most = max(most, secondary)
        }
        return least.isFinite ? (least, most) : nil
    }

    /// Travel below zero along every direction of the mask.
    static func isAgainst(_ d: Point, _ directions: SwipeDirections) -> Bool {
        guard !directions.isEmpty else { return false }
        for k in 0 ..< 4 where directions.contains(swipeDirection(k)) && along(d, k) >= 0 { return false }
        return true
    }

    /// The component of `d` along direction `k` (right, left, down, up).
    @inline(__always) static func along(_ d: Point, _ k: Int) -> Double { k == 0 ? d.x : k == 1 ? -d.x : k == 2 ? d.y : -d.y }

    /// Directions in the order the swipe tries them: right, left, down, up.
    static func swipeDirection(_ k: Int) -> SwipeDirections { k == 0 ? .right : k == 1 ? .left : k == 2 ? .down : .up }

    static func swipeDirectionName(_ k: Int) -> String { k == 0 ? "right" : k == 1 ? "left" : k == 2 ? "down" : "up" }

    /// Records the swipe's centroid sample for the minimum rate: a new instant moves the current sample to the
    /// previous one; more touches of the same instant (a multi-touch event) only update the current one.
    mutating func sampleSwipe(_ id: RecognizerID, restart: Bool) {
        let c = centroid(id)
        if restart || now > recognizers[id].lastSampleTime {
            recognizers[id].previousCentroid = restart ? c : recognizers[id].lastCentroid
            recognizers[id].previousSampleTime = restart ? now : recognizers[id].lastSampleTime
        }
        recognizers[id].lastCentroid = c
        recognizers[id].lastSampleTime = now
    }

    /// Travel along direction `k` (right, left, down, up) between the previous sample and the current one, in pt/s.
    func swipeRate(_ id: RecognizerID, direction k: Int) -> Double {
        let d = recognizers[id].lastCentroid - recognizers[id].previousCentroid
        let primary = Self.along(d, k)
        let dt = (recognizers[id].lastSampleTime - recognizers[id].previousSampleTime).seconds
        return dt > 0 ? primary / dt : primary > 0 ? .infinity : 0
    }
}

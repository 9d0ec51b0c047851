/// UIPinchGestureRecognizer and UIRotationGestureRecognizer (touch-model §4.5 "pinch and rotation", corrected by
/// the iOS 26.1 reading of their drivers):
///
/// * Two touches. A third is ignored (`ignore(_:for:)`) [INF]. With fewer than two down nothing is measured.
/// * Pinch: begins when the distance between the two touches has changed by more than `pinchHysteresis` (8 pt,
///   strict) since the second touch came down; at began the reference distance moves by those 8 pt towards the
///   current one, so the scale reported leaves the hysteresis out (100 → 108.02 → 216 pt reports 1.0002, then 2)
///   [RE iOS 26.1 `_UIPinchGestureRecognizerDriver`]. The scroll view's zoom pinch is a UIPinchGestureRecognizer
///   subclass and does the same.
/// * Rotation: begins when the line through the touches has turned by more than
///   `h = rotationThreshold · (1 + √min(|d − d0| / d0, 1))` (5° growing to 10° as the distance changes) and
///   rotation dominates the motion; at began the reference angle moves by `h`, so the rotation reported leaves it
///   out [RE iOS 26.1 `_UIRotationGestureRecognizerDriver`]. "Dominates" is taken as: the arc the fingers turned
///   (`d · |Δθ|`) is longer than the change of their distance [INF].
/// * `scale` = distance now / reference distance; `rotation` = angle now − reference angle, clockwise positive in
///   window coordinates ("relative to the points of the two touches in screen coordinates" [DOC]).
/// * Changes when a finger moves while two are down; ends when both fingers have lifted
///   (UIPinchGestureRecognizer.h / UIRotationGestureRecognizer.h [DOC]); all lifted before it began: fails.
/// * `velocity`: per second, smoothed like the pan's (`panVelocitySmoothing`) [INF].
extension Simulation {
    mutating func twoFingerReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, rotation: Bool) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            recognizers[id].touchesDown += 1
            if recognizers[id].touchesDown > 2 {
                recognizers[id].touches &= ~bit(slot)
                recognizers[id].touchesDown -= 1
                return .none
            }
            guard recognizers[id].touchesDown == 2, let (span, angle) = twoFingerGeometry(id) else { return .none }
            // A second finger coming back to an active gesture continues it from the current measure.
            let kept = active ? recognizers[id].measure : (rotation ? 0 : 1)
            recognizers[id].baseSpan = kept > 0 && !rotation ? span / kept : span
            recognizers[id].baseAngle = rotation ? angle - kept : angle
            recognizers[id].lastAngle = angle
            recognizers[id].measure = kept
            recognizers[id].lastSampleTime = now
            if !active { recognizers[id].measureVelocity = 0; recognizers[id].hasVelocity = false }
            return .none
        case .moved:
            guard recognizers[id].touchesDown == 2, let (span, angle) = twoFingerGeometry(id) else { return .none }
            let value: Double
            if rotation {
                var a = angle
                while a - recognizers[id].lastAngle > .pi { a -= 2 * .pi }
                while a - recognizers[id].lastAngle < -.pi { a += 2 * .pi }
                recognizers[id].lastAngle = a
                value = a - recognizers[id].baseAngle
            } else {
                value = recognizers[id].baseSpan > 0 ? span / recognizers[id].baseSpan : 1
            }
            sampleMeasure(id, value)
            // Another touch of the same UIEvent already made it a candidate: its reference has moved once.
            if active || candidates.contains(id) { return active ? .change : .none }
            return rotation ? rotationMayBegin(id, turned: value, span: span) : pinchMayBegin(id, span: span)
        case .ended, .cancelled:
            recognizers[id].touchesDown -= 1
            if phase == .cancelled { return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled)) }
            guard recognizers[id].touchesDown == 0 else { return .none }
            return active
                ? .end(why(.touchesEnded))
                : .fail(why(.note("touches ended before the \(rotation ? "rotation" : "pinch") began")))
        }
    }

    /// The pinch's threshold: more than `pinchHysteresis` of change in distance; the reference distance then moves
    /// by the hysteresis so the scale starts from (nearly) 1.
    mutating func pinchMayBegin(_ id: RecognizerID, span: Double) -> Verdict {
        let base = recognizers[id].baseSpan, change = span - base, h = params.pinchHysteresis
        // A change within the range begins the pinch at some values and not others; a pinch that begins moves its
        // reference by the hysteresis, so every scale it reports depends on it.
        noteInferred(.pinchHysteresis, comparing: abs(change))
        guard abs(change) > h else { return .none }
        noteInferred(.pinchHysteresis)
        let moved = change > 0 ? base + h : base - h
        recognizers[id].baseSpan = moved
        recognizers[id].measure = moved > 0 ? span / moved : 1
        // The velocity too is a scale per second: relative to the moved reference.
        if moved > 0 { recognizers[id].measureVelocity *= base / moved }
        return .begin(
            why(.threshold("the distance between the touches changed by \(fmt(change)) pt > the \(fmt(h)) pt pinch hysteresis")))
    }

    /// The rotation's threshold, which grows with the change of distance (`h = t·(1 + √min(|d − d0|/d0, 1))`), and
    /// the dominance of the turn over that change; the reference angle then moves by `h`.
    mutating func rotationMayBegin(_ id: RecognizerID, turned: Double, span: Double) -> Verdict {
        let d0 = recognizers[id].baseSpan
        let spread = abs(span - d0)
        let h = params.rotationThreshold * (1 + min(d0 > 0 ? spread / d0 : 1, 1).squareRoot())
        guard abs(turned) > h, span * abs(turned) > spread else { return .none }
        recognizers[id].baseAngle += turned > 0 ? h : -h
        recognizers[id].measure = turned > 0 ? turned - h : turned + h
        return .begin(why(.threshold("turned \(fmt(turned)) rad > the \(fmt(h)) rad rotation threshold")))
    }

    /// Distance and angle (atan2, window coordinates) between the first two touches down (`isDown`) the recognizer tracks.
    func twoFingerGeometry(_ id: RecognizerID) -> (Double, Double)? {
        var first: Point?
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            guard isDown(slot) else { continue }
            let p = touches[slot].location
            guard let a = first else { first = p; continue }
            let d = p - a
            return (d.distance(to: .zero), arcTangent(d.y, d.x))
        }
        return nil
    }

    /// Records a new measure sample and its smoothed velocity per second.
    mutating func sampleMeasure(_ id: RecognizerID, _ value: Double) {
        let dt = (now - recognizers[id].lastSampleTime).seconds
        if dt > 0 {
            let instant = (value - recognizers[id].measure) / dt
            let k = params.panVelocitySmoothing
            recognizers[id].measureVelocity =
                recognizers[id].hasVelocity
                ? instant * k + recognizers[id].measureVelocity * (1 - k) : instant
            recognizers[id].hasVelocity = true
            recognizers[id].lastSampleTime = now
        }
        recognizers[id].measure = value
    }
}

/// UIPinchGestureRecognizer and UIRotationGestureRecognizer (touch-model §4.5 "pinch and rotation"):
///
/// * Two touches. A third is ignored (`ignore(_:for:)`) [INF]. With fewer than two down nothing is measured.
/// * Begins when the distance between the two touches changed by `pinchHysteresis` (pt), or the angle of the line
///   through them by `rotationThreshold` (rad), since the second touch came down [DOC: "begins when the two touches
///   have moved enough"; values INF, see `Parameters`].
/// * `scale` = distance now / distance when the second touch came down; `rotation` = angle now − angle then,
///   clockwise positive in window coordinates ("relative to the points of the two touches in screen
///   coordinates" [DOC]); the threshold is not taken off [INF].
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
            if active { return .change }
            if rotation {
                let t = params.rotationThreshold
                guard abs(value) >= t else { return .none }
                return .begin(why(.threshold("turned \(fmt(value)) rad ≥ the \(fmt(t)) rad rotation threshold")))
            }
            let change = span - recognizers[id].baseSpan, h = params.pinchHysteresis
            guard abs(change) >= h else { return .none }
            return .begin(why(.threshold("the distance between the touches changed by \(fmt(change)) pt ≥ the \(fmt(h)) pt pinch hysteresis")))
        case .ended, .cancelled:
            recognizers[id].touchesDown -= 1
            if phase == .cancelled { return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled)) }
            guard recognizers[id].touchesDown == 0 else { return .none }
            return active
                ? .end(why(.touchesEnded))
                : .fail(why(.note("touches ended before the \(rotation ? "rotation" : "pinch") began")))
        }
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

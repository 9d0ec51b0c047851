/// G8 and G9 as matrices, `[a * n + b]` for n recognizers: `simultaneous`, either delegate allows the two together (or
/// one is the edge gate); `prevents`, `a.canPrevent(b) && b.canBePrevented(by: a)` and the tap rule.
struct ArbitrationMatrices: PreparedTableGroup {
    var simultaneous: [Bool]
    var prevents: [Bool]

    init(_ scene: Scene, views: ViewTables) {
        let n = scene.recognizers.count
        simultaneous = Array(repeating: false, count: n * n)
        prevents = Array(repeating: false, count: n * n)
        // Each recognizer's relations read once (copying a whole `RecognizerSpec` per pair cost more than the rest).
        let policies = scene.recognizers.map(\.policies)
        let isGate = scene.recognizers.map {
            if case .edgeGate = $0.kind { return true }; return false
        }
        let taps = scene.recognizers.map {
            if case .tap(let t, _) = $0.kind { return t }; return -1
        }
        for a in 0 ..< n {
            for b in 0 ..< n where a != b {
                simultaneous[a * n + b] =
                    isGate[a] || isGate[b] || policies[a].simultaneousWith.contains(b)
                    || policies[b].simultaneousWith.contains(a)
                var may = policies[a].canPrevent.contains(b) && policies[b].canBePrevented.contains(a)
                // A tap cannot be prevented by a tap that needs fewer taps [REPL Chameleon][WIDE].
                if taps[a] >= 0 && taps[b] > taps[a] { may = false }
                prevents[a * n + b] = may
            }
        }
    }

    /// The inputs: the recognizers' kinds and policies.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        pair.recognizersAgree { a, b, r in a[r].kind == b[r].kind && a[r].policies == b[r].policies }
    }
}

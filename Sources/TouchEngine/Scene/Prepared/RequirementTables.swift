/// G10 and §8: each recognizer's failure requirements, `requirementList[requirementStart[r] ..< requirementStart[r +
/// 1]]` (the delegates' and the class overrides', and the top-edge gates' that the app's pans and swipes wait for);
/// and the recognizers linked to r by the app's failure requirements in either direction (reset together, §4.1),
/// `linkedList[linkedStart[r] ..< linkedStart[r + 1]]`.
struct RequirementTables: PreparedTableGroup {
    var requirementStart: [Int]
    var requirementList: [RecognizerID]
    var linkedStart: [Int]
    var linkedList: [RecognizerID]

    init(_ scene: Scene, views: ViewTables) {
        let n = scene.recognizers.count
        // §8 [WWDC 2017-219]: the app's pans and swipes (scroll views' pans included) get a touch only "after the
        // system gesture recognizers are done with" it: each waits for a gate that watches the top edge to fail, as
        // if it required it to fail (G10). A gate fails at once for a touch away from its edge, so only touches that
        // start in the top area wait.
        let topGates = scene.recognizers.indices.filter {
            if case .edgeGate(let edges) = scene.recognizers[$0].kind { return edges.contains(.top) }
            return false
        }
        requirementStart = []; requirementList = []
        var linked = Array(repeating: [RecognizerID](), count: n)
        let dynamic = Self.dynamicRequirements(scene)
        for r in scene.recognizers.indices {
            requirementStart.append(requirementList.count)
            var required = scene.recognizers[r].policies.requireToFail
            // The class overrides add requirements the delegate did not make (G10); they link resets too.
            let added = dynamic[r].filter { !required.contains($0) }
            required += added
            for other in added {
                linked[r].append(other)
                linked[other].append(r)
            }
            switch scene.recognizers[r].kind {
            case .pan, .swipe, .scrollPan: required += topGates.filter { !required.contains($0) }
            default: break
            }
            requirementList += required
            // Only the app's own requirements link resets (§4.1); the gates' implicit ones do not.
            for other in scene.recognizers[r].policies.requireToFail {
                linked[r].append(other)
                linked[other].append(r)
            }
        }
        requirementStart.append(requirementList.count)
        linkedStart = []; linkedList = []
        for l in linked { linkedStart.append(linkedList.count); linkedList += l }
        linkedStart.append(linkedList.count)
    }

    /// The inputs: the recognizers' kinds, views and policies, and the view hierarchy (which recognizers' views lie
    /// inside which, for the dynamic requirements).
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        pair.recognizersAgree { a, b, r in a[r].kind == b[r].kind && a[r].view == b[r].view && a[r].policies == b[r].policies }
            && pair.sameHierarchy
    }

    /// G10's dynamic requirements, from the class overrides and the delegates: `a` requires `b` to fail when
    /// `a.shouldRequireFailure(of: b)`, `b.shouldBeRequiredToFail(by: a)`, `a`'s delegate's
    /// `gestureRecognizer(a, shouldRequireFailureOf: b)` or `b`'s delegate's `gestureRecognizer(b,
    /// shouldBeRequiredToFailBy: a)` says so ("returning true is guaranteed to set up the failure requirement"
    /// [DOC]). UIKit only relates recognizers that see the same touches, so pairs on views that are not one inside
    /// the other never count, nor do the system's gates (not app objects).
    static func dynamicRequirements(_ scene: Scene) -> [[RecognizerID]] {
        let recs = scene.recognizers
        var result = Array(repeating: [RecognizerID](), count: recs.count)
        guard recs.contains(where: { $0.policies.hasDynamicRequirements }) else { return result }
        func isGate(_ r: RecognizerSpec) -> Bool { if case .edgeGate = r.kind { return true }; return false }
        for a in recs.indices where !isGate(recs[a]) {
            for b in recs.indices where b != a && !isGate(recs[b]) {
                let pa = recs[a].policies, pb = recs[b].policies
                guard
                    pa.shouldRequireFailureOf.contains(b) || pb.shouldBeRequiredToFailBy.contains(a)
                        || pa.delegateRequiresFailureOf.contains(b) || pb.delegateRequiredToFailBy.contains(a)
                else { continue }
                guard scene.isView(recs[a].view, inside: recs[b].view) || scene.isView(recs[b].view, inside: recs[a].view)
                else { continue }
                result[a].append(b)
            }
        }
        return result
    }
}

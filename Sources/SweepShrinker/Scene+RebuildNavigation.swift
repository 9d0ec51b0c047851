import TouchEngine

extension Scene {
    /// The navigation controllers of kept views, installed again in `out` as the loader installs them (after the edge
    /// gates, before the user recognizers), their bar mapped (a removed bar is no bar) and the flags of their two back
    /// swipes kept; `recognizerMap` learns the new ids. A removed navigation view takes its back swipes with it.
    func reinstallNavigations(into out: inout Scene, viewMap: [ViewID?], recognizerMap: inout [RecognizerID?]) {
        for spec in navigations {
            guard let view = viewMap[spec.view], let old = navigationRecognizers(of: spec.view) else { continue }
            var copy = spec
            copy.view = view
            copy.bar = spec.bar.flatMap { viewMap[$0] }
            let ids = out.installNavigation(copy)
            for (from, to) in [(old.edge, ids.edge), (old.content, ids.content)] {
                out.recognizers[to].isEnabled = recognizers[from].isEnabled
                out.recognizers[to].delaysTouchesBegan = recognizers[from].delaysTouchesBegan
                recognizerMap[from] = to
            }
        }
    }
}

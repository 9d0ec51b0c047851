import TouchEngine

extension Scene {
    /// The sheets and library panels of kept views, added again in `out` as the loader adds them (after the navigation
    /// controllers, before the user recognizers): a panel's tracked list mapped (a removed list is none), the flags of
    /// their pans kept; `recognizerMap` learns the new ids. A removed sheet or surface view takes its pan with it.
    func reinstallSheetsAndPanels(into out: inout Scene, viewMap: [ViewID?], recognizerMap: inout [RecognizerID?]) {
        for sheet in sheets {
            guard let view = viewMap[sheet.view] else { continue }
            var copy = sheet
            copy.view = view
            let index = out.addSheet(copy)
            let new = out.sheets[index].dismissPan
            out.recognizers[new].isEnabled = recognizers[sheet.dismissPan].isEnabled
            recognizerMap[sheet.dismissPan] = new
        }
        for panel in panels {
            guard let view = viewMap[panel.view] else { continue }
            var copy = panel
            copy.view = view
            copy.trackedScrollView = panel.trackedScrollView.flatMap { viewMap[$0] }
            let index = out.addPanel(copy)
            let new = out.panels[index].pan
            out.recognizers[new].isEnabled = recognizers[panel.pan].isEnabled
            recognizerMap[panel.pan] = new
        }
    }
}

import TouchEngine

/// A page sheet presented over a screen (touch-model-system M8; docs/templates.md), as share sheets, pickers,
/// comment lists and "sign here" screens ship it:
///
/// * `R` (controller `VC`), the presenting screen, dimmed behind the sheet (M5: the dimming view takes touches
///   outside the sheet, so nothing there is a target): a title and a picture.
/// * `S`, the sheet (`UISheetPresentationController`, controller `SheetVC`): detents `[large]` or
///   `[medium, large]` (Maps, Find My, comment sheets), shown at one of them; its dismiss pan `S.dismissPan`
///   (M2) and the scroll-view handoff of M3. Not modal, no delegate (the `sheet.*` axes change that).
/// * In the sheet: a header `S.Header` (grabber and a Done button), then either a list (`S.List`, a table of
///   rows, at its top or scrolled, in some sheets with a horizontal shelf of items above the rows, as share
///   sheets show apps) or, in about a quarter of the sheets, a signature or drawing canvas (`S.Canvas`, reading its
///   own touches, B19) with Clear and Save buttons.
enum PageSheetTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        b.view("R.Title", .label, Rect(Metrics.margin, Metrics.statusBar + 11, 240, 22), in: r)
        b.view("R.Picture", .imageView, Rect(0, Metrics.top, Metrics.width, rng.pt(240 ... 320)), in: r)

        var spec = SheetSpec(view: 0)
        spec.detents = rng.chance(0.5) ? [.large] : [.medium, .large]
        spec.selectedDetent = spec.detents.count == 1 ? 0 : rng.int(0 ... 1)
        let top = spec.detents[spec.selectedDetent].top(windowHeight: Metrics.height, parameters: b.scene.parameters)
        let height = Metrics.height - top
        let sheet = b.view("S", .view, Rect(0, top, Metrics.width, height), in: nil) { $0.className = "UIDropShadowView" }
        b.controller("SheetVC", for: sheet)
        spec.view = sheet
        let header = b.view("S.Header", .view, Rect(0, 0, Metrics.width, 56), in: sheet)
        b.view("S.Grabber", .view, Rect(Metrics.width / 2 - 18, 5, 36, 5), in: header)
        b.view("S.Done", .button, Rect(Metrics.width - 76, 6, 60, 44), in: header)

        if rng.chance(0.25) {
            let canvasHeight = min(rng.pt(220 ... 320), height - 56 - 80)
            let canvas = b.view("S.Canvas", .view, Rect(Metrics.margin, 64, Metrics.width - 2 * Metrics.margin, canvasHeight), in: sheet) {
                $0.className = "SignatureView"
                $0.touches = .logs
            }
            b.canvases.append(canvas)
            b.view("S.Clear", .button, Rect(Metrics.margin, 64 + canvasHeight + 12, 100, 44), in: sheet)
            b.view("S.Save", .button, Rect(Metrics.width - Metrics.margin - 100, 64 + canvasHeight + 12, 100, 44), in: sheet)
        } else {
            let listFrame = Rect(0, 56, Metrics.width, height - 56)
            let shelf = rng.chance(0.4)
            let shelfHeight = shelf ? 110.0 : 0
            let heights = (0 ..< rng.count(b.options.rows, atLeast: 8)).map { _ in rng.pt(52 ... 64) }
            let rows = ListLayout.rows(heights: heights, top: shelfHeight)
            let content = (rows.last.map { $0.y + $0.height } ?? 0) + Metrics.homeIndicator
            let offset = ListLayout.offset(content: content, visible: listFrame.size.height, rng: &rng, atTop: 0.6)
            let list = b.view("S.List", .tableView, listFrame, in: sheet) {
                $0.scroll?.contentSize = Size(Metrics.width, content)
                $0.boundsOrigin = Point(0, offset)
            }
            if shelf && offset < shelfHeight {
                let items = rng.int(6 ... 10), itemWidth = 76.0
                let shelfContent = Metrics.margin * 2 + Double(items) * (itemWidth + 8) - 8
                let apps = b.view("S.Shelf", .collectionView, Rect(0, 0, Metrics.width, shelfHeight), in: list) {
                    $0.scroll?.contentSize = Size(shelfContent, shelfHeight)
                }
                for i in 0 ..< items {
                    let x = Metrics.margin + Double(i) * (itemWidth + 8)
                    guard x < Metrics.width else { continue }
                    b.view("S.Shelf.Item\(i + 1)", .cell, Rect(x, 8, itemWidth, 94), in: apps) { $0.className = "UICollectionViewCell" }
                }
            }
            for row in ListLayout.onScreen(rows, offset: offset, visible: listFrame.size.height) {
                let name = "S.Row\(row.index + 1)"
                let cell = b.view(name, .cell, Rect(0, row.y, Metrics.width, row.height), in: list) { $0.className = "UITableViewCell" }
                b.view(name + ".Title", .label, Rect(Metrics.margin, (row.height - 20) / 2, 240, 20), in: cell)
            }
        }
        b.sheets.append(spec)
    }
}

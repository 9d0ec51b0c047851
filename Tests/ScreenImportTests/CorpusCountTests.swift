import ScreenImport
import Testing

/// Every dump of configs/screens imports with the counts a person made by reading it (not by running the
/// importer): its views, the controls and cells a finger can reach, and its scroll views — and with exactly the
/// warnings its shape calls for. The counting rules are those of docs/real-screens.md ("What the counts mean"):
/// - views: records (the root included); not `(layer)` lines, not the extra lines of a multi-line text, not a
///   record cut mid-line. A record an elision interrupts is read up to the elision and counts.
/// - interactive: controls and cells (class table, `baseClass`, name heuristics) that neither they nor any
///   superview hide (`hidden`, alpha < 0.01, `userInteractionEnabled = NO`), and whose rectangle in window
///   coordinates (frame origins summed, scroll offsets subtracted) overlaps every superview's — except where a
///   superview's `point(inside:)` defers to its own superview (UITableViewWrapperView).
/// - scroll views: the scroll-view, table, collection and text-view kinds.
@Suite struct CorpusCountTests {
    struct Counts: Sendable, CustomStringConvertible {
        var views: Int
        var interactive: Int
        var scrollViews: Int
        /// Warnings the import gives (each one is explained beside its entry below).
        var warnings: Int = 0
        var description: String { "\(views) views, \(interactive) interactive, \(scrollViews) scroll views, \(warnings) warnings" }
    }

    static let handCounts: [String: Counts] = [
        "01-appleid-signin-sheet-cycript.txt": Counts(views: 82, interactive: 6, scrollViews: 3),
        "03-wechat-contacts-cycript.txt": Counts(views: 31, interactive: 2, scrollViews: 1),
        // A row's delete confirmation mid-swipe: its two private controls are no targets (5 controls and cells
        // before), and the dump is warned about as transient.
        "04-storyboards-tutorial-players-table-lldb.txt": Counts(views: 36, interactive: 3, scrollViews: 1, warnings: 1),
        // The hidden UISearchResultsTableView counts as a scroll view; its cell is not reachable.
        // The search display controller's table and its rows animate their bounds: transient (1 warning).
        "05-searchdisplaycontroller-contents-lldb.txt": Counts(views: 32, interactive: 2, scrollViews: 3, warnings: 1),
        "06-introlevels-ctf-level2-frida.txt": Counts(views: 36, interactive: 6, scrollViews: 1),
        "07-whatsapp-welcome-cycript.txt": Counts(views: 15, interactive: 1, scrollViews: 0),
        "09-owasp-uncrackable-level1-cycript.txt": Counts(views: 10, interactive: 2, scrollViews: 0),
        // The root cell and the Delete button the cell's scroll offset {82, 0} brings on screen.
        // The delete confirmation of a swiped row: its button is no target (the cell is), transient (1 warning).
        "10-ios7-swipeable-cell-delete-nslog.txt": Counts(views: 10, interactive: 1, scrollViews: 1, warnings: 1),
        "12-sample-navcontroller-428x926-lldb.txt": Counts(views: 16, interactive: 0, scrollViews: 0),
        "13-fridadev-firefly-login-frida.txt": Counts(views: 19, interactive: 3, scrollViews: 0),
        // Mid-transition: the navigation bar and the wrapper view take no touches.
        "14-ios7-empty-back-button-navbar-lldb.txt": Counts(views: 18, interactive: 0, scrollViews: 0),
        "16-neteasemusic-phone-login-view-cycript.txt": Counts(views: 22, interactive: 4, scrollViews: 1),
        "17-monkeydev-testcycript-375x667-cycript.txt": Counts(views: 12, interactive: 1, scrollViews: 1),
        // The author stopped inside the first cell; `alpha = nan` is read as 0 (warned).
        "19-wechat-home-chats-cycript-TRUNCATED.txt": Counts(views: 20, interactive: 1, scrollViews: 1, warnings: 1),
        // The last record is cut mid-line (warned); it was the alert's scroll view.
        // The elision, and a presented alert (transient).
        "21-alertcontroller-shim-window-cycript-TRUNCATED.txt": Counts(views: 13, interactive: 0, scrollViews: 0, warnings: 2),
        "22-wechat-iphone4-login-cycript-TRUNCATED.txt": Counts(views: 12, interactive: 2, scrollViews: 1, warnings: 1),
        // iOS 5: controller annotations and 14 `XX (` marks (one note each kind, no warning).
        "23-oleb-mfmailcompose-ios5-320x480-lldb-pimped.txt": Counts(views: 44, interactive: 4, scrollViews: 1),
        // iOS 6: the remote view's transform is not modelled (warned).
        "24-oleb-mfmailcompose-ios6-remoteview-320x480-lldb-pimped.txt": Counts(views: 6, interactive: 0, scrollViews: 0, warnings: 0),
        "25-kif-camera-crop-overlay-bottombar-ios6-lldb.txt": Counts(views: 9, interactive: 2, scrollViews: 0),
        // Instance-variable names and a quoted controller in front of records: notes, no warnings.
        "26-hourecursivedescription2-example-window-320x568-ivarnames.txt": Counts(views: 9, interactive: 2, scrollViews: 0),
        "27-introlevels-ctf-level1-tabbar-320x480-frida.txt": Counts(views: 27, interactive: 4, scrollViews: 0),
        "28-componentkit-quotes-collectionview-320x568-pviews.txt": Counts(views: 24, interactive: 3, scrollViews: 1),
        "29-uiimagepicker-photos-grid-320x568-lldb.txt": Counts(views: 52, interactive: 17, scrollViews: 1),
        // Two cells and a button lie below the table wrapper's frame: reachable, since the wrapper defers to the table.
        "30-wechat-chat-multiselect-table-320x568-cycript-TRUNCATED.txt": Counts(views: 47, interactive: 5, scrollViews: 1),
        "31-dvia-home-table-cycript-TRUNCATED.txt": Counts(views: 9, interactive: 1, scrollViews: 1),
        "32-jsqmessages-outgoing-cell-contentview-312x170-lldb.txt": Counts(views: 8, interactive: 0, scrollViews: 0),
        // The root cell; its only button lies outside it (x 375.5).
        // A cell mid-swipe: the delete confirmation is no target, the cell is; transient (1 warning).
        "33-sma11case-cell-swipe-delete-375x44-lldb.txt": Counts(views: 7, interactive: 1, scrollViews: 0, warnings: 1),
        "34-chisel-pviews-sample-button-320x568.txt": Counts(views: 7, interactive: 1, scrollViews: 0),
        // A root cell of height 0 (no usable frame: warned); its button is hidden.
        "35-zero-height-flight-cell-375-lldb.txt": Counts(views: 9, interactive: 0, scrollViews: 0, warnings: 1),
        "36-zyp-wkwebview-viewdidload-zero-frames-375x667.txt": Counts(views: 7, interactive: 0, scrollViews: 1),
        // Markdown escaped two `_UILayoutGuide` names as `\_UILayoutGuide`.
        "37-insomnihack-beback-ctf-375x667-lldb.txt": Counts(views: 13, interactive: 0, scrollViews: 0),
        "38-qinz-lldb-pviews-login-414x736-chisel.txt": Counts(views: 5, interactive: 1, scrollViews: 0),
        "39-chisel-pviews-presented-stack-414x736.txt": Counts(views: 7, interactive: 1, scrollViews: 0),
        "40-chisel-pviews-border-overlay-414x736.txt": Counts(views: 7, interactive: 1, scrollViews: 0),
        // swift-snapshot-testing's address-less records.
        "41-snapshottesting-tableviewcontroller-320x568-noaddress.txt": Counts(views: 53, interactive: 10, scrollViews: 1),
        "42-coreanimation-demo-clipped-views-414x736-lldb.txt": Counts(views: 6, interactive: 0, scrollViews: 0),
        // One line with `\n` escapes (warned once).
        "43-cycriptdemo-keywindow-414x896-cycript-oneline.txt": Counts(views: 6, interactive: 0, scrollViews: 0, warnings: 1),
        // The author's `......` (warned), then three lines indented under views the elision stands for (warned each).
        "44-chisel-pviews-tabbar-375x667-elided.txt": Counts(views: 8, interactive: 0, scrollViews: 0, warnings: 4),
        // The last record runs into the author's `.......` (warned; read up to it).
        "45-discover-tab-table-414x896-lldb-TRUNCATED.txt": Counts(views: 18, interactive: 1, scrollViews: 1, warnings: 1),
        // SwiftUI List (iOS 16): a collection view hosting three cells.
        // SwiftUI: each hosting view warns that what SwiftUI draws without views cannot be targets.
        "46-sentry-swiftui-list-ios16-300x500-lldb.txt": Counts(views: 29, interactive: 3, scrollViews: 1, warnings: 1),
        "47-sentry-swiftui-text-ios16-17-250x250-lldb.txt": Counts(views: 6, interactive: 0, scrollViews: 0, warnings: 1),
        "48-sentry-swiftui-text-ios18-120x60-lldb.txt": Counts(views: 6, interactive: 0, scrollViews: 0, warnings: 1),
        "49-sentry-uitextview-test-rig-ios18-100x100-lldb.txt": Counts(views: 6, interactive: 0, scrollViews: 1),
        "50-sentry-wkwebview-test-rig-100x100-lldb.txt": Counts(views: 11, interactive: 0, scrollViews: 1),
        "51-sentry-uiswitch-ios16-26-100x100-lldb.txt": Counts(views: 10, interactive: 1, scrollViews: 0),
        "52-sentry-uitextfield-ios16-26-100x100-lldb.txt": Counts(views: 6, interactive: 1, scrollViews: 0),
        "53-sentry-uislider-liquidglass-ios26-100x100-lldb.txt": Counts(views: 9, interactive: 1, scrollViews: 0)
    ]

    @Test func theCorpusHasAtLeastFortyDumpsAndEachHasItsHandCounts() {
        #expect(sharedDumps.count >= 40, "configs/screens holds \(sharedDumps.count) dumps")
        for name in sharedDumps { #expect(Self.handCounts[name] != nil, "\(name) has no hand counts in CorpusCountTests") }
        for name in Self.handCounts.keys.sorted() { #expect(sharedDumps.contains(name), "\(name) is not in configs/screens") }
    }

    @Test(arguments: sharedDumps)
    func importsWithItsHandCounts(_ name: String) throws {
        let expected = try #require(Self.handCounts[name], "\(name) has no hand counts")
        let report = try importShared(name).report
        let got = Counts(
            views: report.views, interactive: report.interactive, scrollViews: report.scrollViews,
            warnings: report.warnings.count)
        #expect(got.description == expected.description, "\(name): \(report.warnings.map(\.description))")
    }
}

import SweepHTMLReport
import SweepNode
import Synchronization

/// The live view of a running sweep on the metrics port: the latest ``LiveSnapshot`` the coordinator's loop handed
/// over (``update(_:)``, on its thread), served as `/live` (``LivePage``) and `/live.json` (``LiveJSON``) from the
/// HTTP server's tasks. Only immutable snapshots cross threads; nothing here touches the coordinator's state.
public final class LiveView: Sendable {
    let latest = Mutex<LiveSnapshot?>(nil)

    public init() {}

    /// Replaces the snapshot served.
    public func update(_ snapshot: LiveSnapshot) { latest.withLock { $0 = snapshot } }

    /// The snapshot served now; nil until the coordinator has bound its endpoint and made the first.
    public var snapshot: LiveSnapshot? { latest.withLock { $0 } }

    /// `/live` and `/live.json` for ``MetricsServer``: each answers 503 until the first snapshot.
    public var pages: [MetricsServer.Page] {
        [
            MetricsServer.Page(path: "/live", contentType: "text/html; charset=utf-8") { [self] in
                snapshot.map { LivePage.render(status: $0.status, endpoint: $0.endpoint, table: $0.table) }
            },
            MetricsServer.Page(path: "/live.json", contentType: "application/json") { [self] in snapshot.map(LiveJSON.render) }
        ]
    }
}

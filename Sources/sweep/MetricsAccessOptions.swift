import ArgumentParser
import Foundation

/// Who reaches `sweep submit`'s metrics port (docs/operations.md, "The metrics port"): the address it binds, and
/// the token its live view (`/live`, `/live.json`: per-configuration results) asks for.
struct MetricsAccessOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The address the metrics port binds (default: the host --listen binds, 127.0.0.1 without a tcp:// --listen).",
            valueName: "address"))
    var metricsAddress: String?

    @Option(
        help: ArgumentHelp(
            "A file whose first line is the live view's token (at least 16 characters); default: a random token, logged "
                + "with the live view's URL.",
            valueName: "file"))
    var liveToken: String?

    @Flag(help: "Serve the live view without a token (/metrics never needs one).")
    var metricsPublic = false

    func validate(metricsPort: Int?) throws {
        if metricsPort == nil, metricsAddress != nil || liveToken != nil || metricsPublic {
            let given = metricsAddress != nil ? "--metrics-address" : liveToken != nil ? "--live-token" : "--metrics-public"
            throw ValidationError("\(given) needs --metrics-port.")
        }
        if metricsPublic && liveToken != nil { throw ValidationError("--metrics-public and --live-token cannot be combined.") }
    }

    /// `--metrics-address`, else the host of a `tcp://HOST:PORT` `--listen` (`*` is every address), else 127.0.0.1.
    func address(listen: String?) -> String {
        if let metricsAddress { return metricsAddress }
        guard let listen, listen.hasPrefix("tcp://") else { return "127.0.0.1" }
        var host = String(listen.dropFirst("tcp://".count))
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "*" || host.isEmpty ? "0.0.0.0" : host
    }

    /// The live view's token: nil with `--metrics-public`, the file's first line with `--live-token`, else a new random one.
    func token() throws -> String? {
        if metricsPublic { return nil }
        guard let liveToken else {
            var generator = SystemRandomNumberGenerator()
            return (0 ..< 16).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255, using: &generator)) }.joined()
        }
        guard let text = try? String(contentsOfFile: liveToken, encoding: .utf8) else {
            printError("sweep submit: --live-token \(liveToken): cannot read the file.")
            throw ExitStatus.badInput
        }
        let token = text.split(separator: "\n", omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "&" && $0 != "#" }) else {
            printError("sweep submit: --live-token \(liveToken): the first line must be a token of at least 16 characters without spaces, '&' or '#'.")
            throw ExitStatus.badInput
        }
        return token
    }
}

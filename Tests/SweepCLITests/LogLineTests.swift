import Foundation
import Logging
import SweepLogging
import Testing

/// The one log handler of every command: exact lines in text and JSON, with a fixed clock.
@Suite struct LogLineTests {
    /// 2026-11-25T02:03:04.123Z.
    static let time = Date(timeIntervalSince1970: 1_795_572_184.1235)

    /// A logger whose lines land in `lines`, at `level`, with `time` as its clock.
    static func logger(_ component: String, format: LogFormat, level: Logger.Level = .info) -> (Logger, Lines) {
        let lines = Lines()
        let output = LogOutput(clock: { time }, write: { lines.append($0) })
        return (Logger(label: component) { SweepLogHandler(component: $0, level: level, format: format, output: output) }, lines)
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    @Test func textIsTimeLevelComponentMessageThenMetadataInKeyOrder() {
        let (log, lines) = Self.logger("coordinator", format: .text)
        log.info("worker joined", metadata: ["worker": "w3", "host": "a.local", "slots": .stringConvertible(2)])
        log.warning("retrying a unit", metadata: ["unit": "c0:t4-5", "reason": "c0:t4-5 attempt 1 on w3 passed its deadline", "empty": ""])
        #expect(
            lines.all == [
                "2026-11-25T02:03:04.123Z info coordinator: worker joined host=a.local slots=2 worker=w3\n",
                "2026-11-25T02:03:04.123Z warning coordinator: retrying a unit empty=\"\" reason=\"c0:t4-5 attempt 1 on w3 passed its deadline\" unit=c0:t4-5\n"
            ])
    }

    @Test func jsonIsOneObjectALineWithTheMetadataAsFieldsNumbersAsNumbers() throws {
        let (log, lines) = Self.logger("worker", format: .json)
        log.error(
            "quarantined a unit",
            metadata: [
                "unit": "c1:t7-8", "failures": .stringConvertible(3), "message": "clash",
                "reason": "injected \"failure\"\non tree 7"
            ])
        #expect(
            lines.all == [
                #"{"timestamp":"2026-11-25T02:03:04.123Z","level":"error","component":"worker","message":"quarantined a unit","#
                    + #""failures":3,"meta_message":"clash","reason":"injected \"failure\"\non tree 7","unit":"c1:t7-8"}"# + "\n"
            ])
        let object = try #require(JSONSerialization.jsonObject(with: Data(lines.all[0].utf8)) as? [String: Any])
        #expect(object["failures"] as? Int == 3 && object["reason"] as? String == "injected \"failure\"\non tree 7")
    }

    @Test func eventsBelowTheLevelAreNotWritten() {
        let (log, lines) = Self.logger("submit", format: .text, level: .warning)
        log.info("coordinator listening")
        log.notice("worker said hello again")
        log.warning("worker silent: declared dead", metadata: ["worker": "sleeper"])
        #expect(lines.all == ["2026-11-25T02:03:04.123Z warning submit: worker silent: declared dead worker=sleeper\n"])
    }

    @Test func aLiveLineIsClearedBeforeALogLineAndEndedWithANewline() {
        let lines = Lines()
        let output = LogOutput(clock: { Self.time }, write: { lines.append($0) })
        let log = Logger(label: "coordinator") { SweepLogHandler(component: $0, level: .info, format: .text, output: output) }
        output.showLive("sweep submit: trees 1/4 (25%)")
        log.info("worker joined", metadata: ["worker": "w1"])
        output.showLive("sweep submit: trees 4/4 (100%)")
        output.endLive()
        output.endLive()
        #expect(
            lines.all == [
                "\r\u{1B}[Ksweep submit: trees 1/4 (25%)",
                "\r\u{1B}[K2026-11-25T02:03:04.123Z info coordinator: worker joined worker=w1\n",
                "\r\u{1B}[Ksweep submit: trees 4/4 (100%)", "\n"
            ])
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(LogLine.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(LogLine.timestamp(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(LogLine.timestamp(Self.time) == "2026-11-25T02:03:04.123Z")
    }

    @Test func levelsAreNamedAsTheOptionTakesThem() {
        #expect(Logger.Level.names == "trace, debug, info, notice, warning, error, critical")
        #expect(Logger.Level(named: "WARNING") == .warning && Logger.Level(named: "loud") == nil)
    }

    @Test func aCommandsErrorOrWarningIsAJSONEventUnderJSONAndLeftAsItIsUnderText() {
        let error = "sweep run: c.yaml:3:7: axes.contentTouchDelay must be a list of milliseconds, got 'soon'."
        #expect(CommandMessage.render(error, format: .text, time: Self.time) == error)
        #expect(
            CommandMessage.render(error, format: .json, time: Self.time)
                == #"{"timestamp":"2026-11-25T02:03:04.123Z","level":"error","component":"run","message":"c.yaml:3:7: axes.contentTouchDelay must be a list of milliseconds, got 'soon'."}"#
        )
        #expect(
            CommandMessage.render("sweep submit: warning: --insecure: traffic is not encrypted", format: .json, time: Self.time)
                == #"{"timestamp":"2026-11-25T02:03:04.123Z","level":"warning","component":"submit","message":"--insecure: traffic is not encrypted"}"#)
        #expect(
            CommandMessage.render("no prefix \"here\"", format: .json, time: Self.time)
                == #"{"timestamp":"2026-11-25T02:03:04.123Z","level":"error","component":"sweep","message":"no prefix \"here\""}"#)
    }
}

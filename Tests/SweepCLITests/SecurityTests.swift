import Foundation
import SweepTransportZMQ
import Testing

/// CURVE on real processes over loopback TCP: keys, the allow-list, refusals, and secrets kept out of every log.
extension ServiceFaultTests {
    /// The text of every secret key under `dir` (the values of `secret-key = "…"` lines).
    func secrets(under dir: String) throws -> [String] {
        let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".secret") } ?? []
        return try files.flatMap { name in
            try String(contentsOfFile: dir + "/" + name, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("secret-key") }.map { String($0.split(separator: "\"")[1]) }
        }
    }

    /// Every file under `dir` as text, for leak checks.
    func everything(under dir: String) -> String {
        let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        return files.filter { !$0.hasSuffix(".secret") }.compactMap { try? String(contentsOfFile: dir + "/" + $0, encoding: .utf8) }
            .joined(separator: "\n")
    }

    /// The endpoint a coordinator bound to `tcp://127.0.0.1:*`, read from its log.
    func boundEndpoint(_ log: String) -> String? {
        guard waitForLog(log, "coordinator listening endpoint=tcp://"), let text = try? String(contentsOfFile: log, encoding: .utf8),
            let start = text.range(of: "coordinator listening endpoint=")?.upperBound
        else { return nil }
        return String(text[start...].prefix { $0 != " " })
    }

    @Test func keysGenerateWritesOwnerOnlySecretsAndNeverOverwrites() throws {
        let f = try fixture("keys")
        let made = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "2")
        #expect(made.status == 0, "\(made.stderr)")
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: f.dir + "/keys/" + path))?[.posixPermissions] as? Int) ?? -1 }
        #expect(mode("") == 0o700 && mode("workers") == 0o700)
        #expect(mode("coordinator.secret") == 0o600 && mode("workers/worker-2.secret") == 0o600)
        #expect(mode("coordinator.pub") == 0o644 && mode("workers/worker-1.pub") == 0o644)
        #expect(mode("status.secret") == 0o600 && mode("status.pub") == 0o644)
        #expect(try secrets(under: f.dir + "/keys").count == 4)
        #expect(try secrets(under: f.dir + "/keys").allSatisfy { $0.count == 40 })
        let again = try cli.sweep("keys", "generate", "--output", f.dir + "/keys")
        #expect(again.status == 2)
        #expect(again.stderr == "sweep keys generate: \(f.dir)/keys/coordinator.secret already exists; remove it or choose another --output\n")
    }

    @Test func tcpWithoutKeysIsRefusedUnlessInsecureWhichWarns() throws {
        let f = try fixture("insecure")
        let submit = try cli.sweep("submit", f.config, "--listen", "tcp://127.0.0.1:*", "--workers", "0")
        #expect(submit.status == 64)
        #expect(
            submit.stderr == "sweep: --listen tcp://127.0.0.1:* needs CURVE keys (--key and --allow; see `sweep keys generate`) "
                + "or an explicit --insecure.\n")
        let worker = try cli.sweep("worker", "--connect", "tcp://127.0.0.1:9")
        #expect(worker.status == 64 && worker.stderr.contains("needs CURVE keys (--coordinator-key and --key"))
        let status = try cli.sweep("status", "tcp://127.0.0.1:9")
        #expect(status.status == 64 && status.stderr.contains("or an explicit --insecure"))
        let mixed = try cli.sweep("worker", "--connect", "tcp://127.0.0.1:9", "--insecure", "--key", "x.secret")
        #expect(mixed.status == 64 && mixed.stderr.contains("--insecure cannot be combined with --key or --coordinator-key."))

        let out = f.dir + "/out"
        let plain = try cli.sweep(
            "submit", f.config, "--output", out, "--listen", "tcp://127.0.0.1:*", "--insecure", "--workers", "2",
            "--quiet", "--unit-seconds", "0.05")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.hasPrefix("sweep submit: warning: --insecure: traffic on tcp://127.0.0.1:* is not encrypted"))
        try expectSameReports(out, f)
    }

    @Test func localWorkersOverCurveGetKeysOfTheirOwnAndTheReportsMatchRun() throws {
        let f = try fixture("curve-local")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "1")
        let out = f.dir + "/out"
        let run = try cli.sweep(
            "submit", f.config, "--output", out, "--listen", "tcp://127.0.0.1:*", "--workers", "2",
            "--key", f.dir + "/keys/coordinator.secret", "--allow", f.dir + "/keys/workers", "--unit-seconds", "0.05")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("refused"), "\(run.stderr)")
        try expectSameReports(out, f)
    }

    @Test func refusedWorkersGetNoWorkAndAreEachLoggedOnceWhileSecretsNeverAppear() throws {
        let f = try fixture("curve-cluster")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "1")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/other", "--workers", "1")
        let keys = f.dir + "/keys", other = f.dir + "/other"
        let coordinator = try start(
            [
                "submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", "tcp://127.0.0.1:*",
                "--key", keys + "/coordinator.secret", "--allow", keys + "/workers"
            ],
            stderr: f.dir + "/coordinator.log")
        let endpoint = try #require(boundEndpoint(f.dir + "/coordinator.log"))

        let strangerKey = try String(contentsOfFile: other + "/workers/worker-1.pub", encoding: .utf8)
            .split(separator: "\"")[1]
        let stranger = try start(
            [
                "worker", "--connect", endpoint, "--id", "stranger", "--coordinator-key", keys + "/coordinator.pub",
                "--key", other + "/workers/worker-1.secret"
            ], stderr: f.dir + "/stranger.log")
        let plain = try start(["worker", "--connect", endpoint, "--id", "plain", "--insecure"], stderr: f.dir + "/plain.log")
        let impostor = try start(
            [
                "worker", "--connect", endpoint, "--id", "misled", "--coordinator-key", other + "/coordinator.pub",
                "--key", keys + "/workers/worker-1.secret"
            ], stderr: f.dir + "/misled.log")
        let log = f.dir + "/coordinator.log"
        // The relay names the peer behind its loopback connection: its address and port.
        #expect(waitForLog(log, "key=\(Self.logValue(strangerKey))"))
        let refusedLine = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first {
            $0.contains("refused a worker key not on the allow-list")
        }
        #expect(refusedLine?.contains(/\sfrom=127\.0\.0\.1:\d+\skey=/) == true, "\(refusedLine ?? "no line")")
        #expect(waitForLog(log, "it does not speak CURVE (a worker started with --insecure or without keys)"))
        #expect(waitForLog(log, "its CURVE handshake did not decrypt (a worker holding the wrong --coordinator-key)"))
        #expect(waitForLog(f.dir + "/stranger.log", "refused this worker's key: its public half is not on the coordinator's allow-list"))
        #expect(waitForLog(f.dir + "/plain.log", "refused a plain connection: it expects CURVE"))
        #expect(waitForLog(f.dir + "/misled.log", "check that --coordinator-key is its public key"))

        // Nothing was handed out: the coordinator still has every unit, and none of them joined.
        let status = try cli.sweep("status", endpoint, "--coordinator-key", keys + "/coordinator.pub", "--key", keys + "/workers/worker-1.secret")
        #expect(status.status == 0 && status.stdout.contains("trees 0/1600 (0%)") && status.stdout.contains("0 workers"), "\(status.stdout)")

        let good = try start(
            [
                "worker", "--connect", endpoint, "--id", "good", "--coordinator-key", keys + "/coordinator.pub",
                "--key", keys + "/workers/worker-1.secret"
            ], stderr: f.dir + "/good.log")
        #expect(wait(coordinator) == 0)
        stopIfRunning(good)
        for p in [stranger, plain, impostor] { kill(p.processIdentifier, SIGKILL); p.waitUntilExit() }
        try expectSameReports(f.dir + "/out", f)
        let said = try String(contentsOfFile: log, encoding: .utf8)
        #expect(said.components(separatedBy: "refused a worker key not on the allow-list").count == 2, "one line for the stranger's key: \(said)")
        #expect(!said.contains("worker=stranger") && !said.contains("worker=plain") && !said.contains("worker=misled"))
        #expect(said.contains("worker joined") && said.contains(" worker=good\n"))
        let written = everything(under: f.dir)
        for secret in try secrets(under: keys) + secrets(under: other) {
            #expect(!written.contains(secret), "a secret key appears in a log, report or public file")
        }
    }

    /// Issue 14 §5: a flood of random keys does not flood the log. Sixty clients, each with a key of its own, try
    /// to join: at most a line a second names a key, and every other refusal is counted in the next line.
    @Test func sixtyRandomKeysGiveALineASecondAndACountNotSixtyLines() throws {
        let f = try fixture("key-flood")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "1")
        let keys = f.dir + "/keys"
        let coordinator = try start(
            [
                "submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", "tcp://127.0.0.1:*",
                "--key", keys + "/coordinator.secret", "--allow", keys + "/workers"
            ],
            stderr: f.dir + "/coordinator.log")
        defer { if coordinator.isRunning { kill(coordinator.processIdentifier, SIGKILL) }; coordinator.waitUntilExit() }
        let endpoint = try #require(boundEndpoint(f.dir + "/coordinator.log"))
        let serverText = try String(contentsOfFile: keys + "/coordinator.pub", encoding: .utf8).split(separator: "\"")[1]
        let server = try #require(CurvePublicKey(z85: String(serverText)))
        let context = try ZMQContext()
        var clients: [ZMQSocket] = []
        for _ in 0 ..< 60 {
            var options = ZMQSocketOptions()
            options.linger = 0
            options.curve = .client(serverKey: server, secretKey: try CurveKeyPair.generate().secretKey)
            let client = try ZMQSocket(context: context, type: .dealer, options: options)
            try client.connect(endpoint)
            clients.append(client)
        }
        usleep(2_500_000)
        for c in clients { c.close() }
        context.terminate()
        kill(coordinator.processIdentifier, SIGTERM)
        let said = try String(contentsOfFile: f.dir + "/coordinator.log", encoding: .utf8).split(separator: "\n")
        let named = said.filter { $0.contains("refused a worker key not on the allow-list") }
        let counted = said.compactMap { line -> Int? in
            guard line.contains("refused other unknown worker keys in the last second (one key a second is named)"),
                let r = line.range(of: " keys=")
            else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
        #expect(named.count >= 1 && named.count <= 4, "\(named.count) lines name a key, for 60 keys")
        #expect(named.count + counted.reduce(0, +) == 60, "every key named or counted once: \(named.count) named, counted \(counted)")
    }

    @Test func allowAnyWorkerTakesAnyKeyButStillRefusesPlainText() throws {
        let f = try fixture("curve-any")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "0")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/anyone", "--workers", "1")
        let log = f.dir + "/coordinator.log"
        let coordinator = try start(
            [
                "submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", "tcp://127.0.0.1:*",
                "--key", f.dir + "/keys/coordinator.secret", "--allow-any-worker"
            ], stderr: log)
        let endpoint = try #require(boundEndpoint(log))
        let plain = try start(["worker", "--connect", endpoint, "--id", "plain", "--insecure"])
        #expect(waitForLog(log, "it does not speak CURVE"))
        let anyone = try start([
            "worker", "--connect", endpoint, "--id", "anyone", "--coordinator-key", f.dir + "/keys/coordinator.pub",
            "--key", f.dir + "/anyone/workers/worker-1.secret"
        ])
        #expect(wait(coordinator) == 0)
        stopIfRunning(anyone)
        kill(plain.processIdentifier, SIGKILL)
        plain.waitUntilExit()
        let said = try String(contentsOfFile: log, encoding: .utf8)
        #expect(said.contains(" worker=anyone\n") && said.contains("worker joined") && !said.contains(" worker=plain\n"))
        try expectSameReports(f.dir + "/out", f)
    }

    @Test func aBrokenKeyFileIsOneLineNamingFileLineAndColumn() throws {
        let f = try fixture("badkeys")
        _ = try cli.sweep("keys", "generate", "--output", f.dir + "/keys", "--workers", "1")
        let bad = f.dir + "/keys/bad.secret"
        try "# truncated\npublic-key = \"abc\"\nsecret-key = \"tooshort\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try cli.sweep("worker", "--connect", "tcp://127.0.0.1:9", "--coordinator-key", f.dir + "/keys/coordinator.pub", "--key", bad)
        #expect(result.status == 2)
        #expect(result.stderr == "sweep worker: \(bad):3:14: the secret-key is not 40 Z85 characters (8 characters)\n")
        // A "key file" that never ends is read no further than 1 MiB.
        let endless = try cli.sweep("worker", "--connect", "tcp://127.0.0.1:9", "--coordinator-key", f.dir + "/keys/coordinator.pub", "--key", "/dev/zero")
        #expect(endless.status == 2)
        #expect(endless.stderr == "sweep worker: /dev/zero is larger than 1 MiB, more than any key file or list of keys\n")
        let empty = f.dir + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let noKeys = try cli.sweep(
            "submit", f.config, "--listen", "tcp://127.0.0.1:*", "--workers", "0",
            "--key", f.dir + "/keys/coordinator.secret", "--allow", empty)
        #expect(noKeys.status == 2)
        #expect(noKeys.stderr == "sweep submit: the allow-list directory \(empty) holds no .pub files\n")
    }
}

import SweepCore
import SweepProtocol
import SweepResultCodec
import Testing

/// Garbage in: drip-fed prefixes and random mutations of valid frames and payloads. The decoders never
/// crash; they either decode or throw, and whatever they accept re-encodes to exactly the same bytes.
@Suite struct FuzzTests {
    /// Every strict prefix of every frame is reported as truncated, never as anything else and never decoded.
    @Test func dripFedPrefixesAreTruncated() throws {
        var rng = Seeded(11)
        var messages = Fixtures.samples
        for type in MessageType.allCases { for _ in 0 ..< 5 { messages.append(rng.message(type)) } }
        for m in messages {
            let frames = FrameCodec.encode(m)
            for i in 0 ..< 2 {
                for n in 0 ..< frames[i].count {
                    let cut = Fixtures.replacing(frames, i, with: Array(frames[i].prefix(n)))
                    let error = try #require(Fixtures.decodeError(cut), "frame \(i) cut at \(n) of \(m.type.name) decoded")
                    guard case .truncated = error else {
                        Issue.record("frame \(i) cut at \(n) of \(m.type.name): \(error)")
                        continue
                    }
                }
            }
            // Frames arriving one at a time: every incomplete message is a frame-count error.
            for k in 0 ..< frames.count {
                let error = Fixtures.decodeError(Array(frames.prefix(k)))
                #expect(error == (k == 0 ? .noFrames : .frameCount(message: m.type.name, found: k, expected: frames.count)))
            }
        }
    }

    @Test func dripFedPayloadPrefixesAreTruncated() throws {
        var rng = Seeded(12)
        for _ in 0 ..< 20 {
            let bytes = ResultCodec.encode(rng.unitResult(scenarios: 50, examples: 3))
            for n in 0 ..< bytes.count {
                let error = try #require(Fixtures.resultError(Array(bytes.prefix(n))))
                guard case .truncated = error else {
                    Issue.record("payload cut at \(n): \(error)")
                    continue
                }
            }
        }
    }

    static func mutate(_ frames: [[UInt8]], _ rng: inout Seeded) -> [[UInt8]] {
        var frames = frames
        for _ in 0 ... Int.random(in: 0 ... 2, using: &rng) {
            let op = Int.random(in: 0 ..< 10, using: &rng)
            if op >= 7 { // frame-level damage
                switch op {
                case 7: if !frames.isEmpty { frames.remove(at: Int.random(in: 0 ..< frames.count, using: &rng)) }
                case 8: if let f = frames.randomElement(using: &rng) { frames.insert(f, at: Int.random(in: 0 ... frames.count, using: &rng)) }
                default: frames.shuffle(using: &rng)
                }
                continue
            }
            guard !frames.isEmpty else { continue }
            let i = Int.random(in: 0 ..< frames.count, using: &rng)
            frames[i] = mutate(frames[i], op, &rng)
        }
        return frames
    }

    static func mutate(_ bytes: [UInt8], _ op: Int, _ rng: inout Seeded) -> [UInt8] {
        var b = bytes
        let at = b.isEmpty ? 0 : Int.random(in: 0 ..< b.count, using: &rng)
        switch op {
        case 0: if !b.isEmpty { b[at] ^= 1 << UInt8.random(in: 0 ... 7, using: &rng) }
        case 1: if !b.isEmpty { b[at] = UInt8.random(in: 0 ... 255, using: &rng) }
        case 2: if !b.isEmpty { b[at] = [0x00, 0x7F, 0x80, 0xFF].randomElement(using: &rng)! }
        case 3: b.insert(UInt8.random(in: 0 ... 255, using: &rng), at: Int.random(in: 0 ... b.count, using: &rng))
        case 4: if !b.isEmpty { b.remove(at: at) }
        case 5: b = Array(b.prefix(Int.random(in: 0 ... b.count, using: &rng)))
        default: for _ in 0 ..< Int.random(in: 1 ... 8, using: &rng) { b.append(UInt8.random(in: 0 ... 255, using: &rng)) }
        }
        return b
    }

    @Test func mutatedFramesDecodeOrThrowAndNeverCrash() {
        var rng = Seeded(0xF022)
        var decoded = 0, rejected = 0
        for iteration in 0 ..< 30_000 {
            let m = iteration % 3 == 0 ? Fixtures.samples.randomElement(using: &rng)! : rng.message(MessageType.allCases.randomElement(using: &rng)!)
            let frames = Self.mutate(FrameCodec.encode(m), &rng)
            do {
                let message = try FrameCodec.decode(frames)
                #expect(FrameCodec.encode(message) == frames, "an accepted message re-encodes to the same frames")
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        #expect(decoded > 100 && rejected > 10_000, "both outcomes are exercised: \(decoded) decoded, \(rejected) rejected")
    }

    @Test func mutatedPayloadsDecodeOrThrowAndNeverCrash() {
        var rng = Seeded(0xF033)
        var decoded = 0, rejected = 0
        let payloads = (0 ..< 40).map { i in ResultCodec.encode(rng.unitResult(scenarios: i * 7, examples: i % 5)) }
        for _ in 0 ..< 12_000 {
            var bytes = payloads.randomElement(using: &rng)!
            for _ in 0 ... Int.random(in: 0 ... 2, using: &rng) { bytes = Self.mutate(bytes, Int.random(in: 0 ..< 7, using: &rng), &rng) }
            do {
                let result = try ResultCodec.decode(bytes)
                #expect(ResultCodec.encode(result) == bytes, "an accepted payload re-encodes to the same bytes")
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        #expect(decoded > 50 && rejected > 6_000, "both outcomes are exercised: \(decoded) decoded, \(rejected) rejected")
    }

    /// Pure noise of every length up to 64 bytes, as frames and as payloads: rejected, but for the rare noise that
    /// happens to be a valid message (which must then re-encode to the same bytes).
    @Test func randomNoiseIsRejected() {
        var rng = Seeded(0x2015E)
        var framesRejected = 0, payloadsRejected = 0, headerless = 0, headerlessRejected = 0
        let trials = 20_000
        for _ in 0 ..< trials {
            var frames: [[UInt8]] = []
            var headed = false
            for k in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
                let header = Int.random(in: 0 ..< 4, using: &rng) == 0
                if k == 0 { headed = header }
                var f: [UInt8] = header ? FrameCodec.header(MessageType.allCases.randomElement(using: &rng)!) : []
                for _ in 0 ..< Int.random(in: 0 ... 64, using: &rng) { f.append(UInt8.random(in: 0 ... 255, using: &rng)) }
                frames.append(f)
            }
            if let m = try? FrameCodec.decode(frames) {
                #expect(FrameCodec.encode(m) == frames)
            } else {
                framesRejected += 1
            }
            if !headed {
                // No message starts without the protocol's header (a random one matches it by chance ~1 in 2^40).
                headerless += 1
                if (try? FrameCodec.decode(frames)) == nil { headerlessRejected += 1 }
            }
            if let first = frames.first, let r = try? ResultCodec.decode(first) {
                #expect(ResultCodec.encode(r) == first)
            } else {
                payloadsRejected += 1
            }
        }
        #expect(headerless > trials / 2 && headerlessRejected == headerless, "\(headerlessRejected) of \(headerless) headerless")
        #expect(framesRejected > trials * 95 / 100, "\(framesRejected) of \(trials) noise messages rejected")
        #expect(payloadsRejected > trials * 99 / 100, "\(payloadsRejected) of \(trials) noise payloads rejected")
    }
}

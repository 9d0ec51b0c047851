import Foundation
import Testing

/// The PNG reader the Chromium test counts colours with, on files made by another encoder.
@Suite struct PNGPixelsTests {
    static func image(_ base64: String) throws -> PNGPixels { try PNGPixels(Array(try #require(Data(base64Encoded: base64)))) }

    @Test func everyKindOfDeflateBlockAndRowFilterDecodesToTheKnownColours() throws {
        for (name, file, colours) in [
            ("blocks", PNGFixtures.blocks, 44), ("noise", PNGFixtures.noise, 12), ("stored", PNGFixtures.stored, 44),
            ("tiny", PNGFixtures.tiny, 3), ("flat", PNGFixtures.flat, 1)
        ] {
            let png = try Self.image(file)
            #expect(png.colourCount() == colours, "\(name)")
            #expect(png.pixels.count == png.width * png.height * png.channels, "\(name)")
        }
        let blocks = try Self.image(PNGFixtures.blocks)
        #expect(blocks.width == 40 && blocks.height == 30 && blocks.channels == 3)
        // Row 10 is a gradient: pixel x is (6x mod 256, 100, 200).
        #expect(Array(blocks.pixels[(10 * 40 + 7) * 3 ..< (10 * 40 + 8) * 3]) == [UInt8(42), 100, 200])
        #expect(try Self.image(PNGFixtures.stored).pixels == blocks.pixels)
        let flat = try Self.image(PNGFixtures.flat)
        #expect(Array(flat.pixels.prefix(4)) == [UInt8(247), 247, 247, 255])
    }

    @Test func aDamagedFileIsRefused() throws {
        var bytes = Array(try #require(Data(base64Encoded: PNGFixtures.blocks)))
        bytes[0] = 0
        #expect(throws: PNGPixels.Failure.self) { try PNGPixels(bytes) }
        #expect(throws: PNGPixels.Failure.self) { try PNGPixels(Array(bytes.prefix(60))) }
        // zlib checks the stream's Adler-32 (the last 4 bytes of the image data, before the IDAT's CRC and IEND).
        var adler = Array(try #require(Data(base64Encoded: PNGFixtures.blocks)))
        #expect(throws: Never.self) { try PNGPixels(adler) }
        adler[adler.count - 12 - 4 - 1] ^= 0xFF
        #expect(throws: PNGPixels.Failure.self) { try PNGPixels(adler) }
    }
}

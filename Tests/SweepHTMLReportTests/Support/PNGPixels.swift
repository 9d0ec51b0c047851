import CZlib

/// Just enough of PNG to count an image's colours: chunks, IHDR, the zlib stream of the IDAT chunks inflated by
/// zlib itself (`uncompress`, which checks the stream's Adler-32 too), and the five row filters undone. Only 8-bit
/// RGB and RGBA without interlacing, which is what Chromium's screenshots are.
struct PNGPixels {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let width: Int
    let height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    let channels: Int
    /// Unfiltered rows, `width × channels` bytes each, top to bottom.
    let pixels: [UInt8]

    init(_ file: [UInt8]) throws {
        guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "not a PNG file") }
        var i = 8, header: [UInt8] = [], zlib: [UInt8] = []
        while i + 12 <= file.count {
            let length = file[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[i + 4 ..< i + 8], as: UTF8.self)
            guard i + 12 + length <= file.count else { throw Failure(description: "chunk \(type) runs past the end") }
            let data = file[i + 8 ..< i + 8 + length]
            if type == "IHDR" { header = Array(data) } else if type == "IDAT" { zlib += data }
            i += 12 + length
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR chunk") }
        width = header[0 ..< 4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4 ..< 8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[9] == 2 || header[9] == 6, header[12] == 0 else {
            throw Failure(description: "only 8-bit RGB or RGBA without interlacing is read (bit depth \(header[8]), colour type \(header[9]))")
        }
        channels = header[9] == 2 ? 3 : 4
        guard zlib.count > 6 else { throw Failure(description: "no image data") }
        let filtered = try Self.inflate(zlib, size: height * (width * channels + 1))
        pixels = try Self.unfilter(filtered, width: width, height: height, channels: channels)
    }

    /// The zlib stream `stream` inflated; it must hold exactly `size` bytes (the filtered rows).
    static func inflate(_ stream: [UInt8], size: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var length = uLongf(size)
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &length, i.baseAddress, uLong(i.count)) }
        }
        guard status == Z_OK, length == size else {
            throw Failure(description: "the image data does not inflate to \(size) bytes (zlib status \(status), \(length) bytes)")
        }
        return out
    }

    /// The distinct colours, counting at most `limit` of them.
    func colourCount(limit: Int = 1000) -> Int {
        var seen = Set<UInt32>()
        var p = 0
        while p + channels <= pixels.count && seen.count < limit {
            var key: UInt32 = 0
            for c in 0 ..< channels { key = key << 8 | UInt32(pixels[p + c]) }
            seen.insert(key)
            p += channels
        }
        return seen.count
    }

    static func unfilter(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        guard data.count >= height * (stride + 1) else { throw Failure(description: "the image data is \(data.count) bytes, too short") }
        var out = [UInt8](repeating: 0, count: height * stride)
        for y in 0 ..< height {
            let filter = data[y * (stride + 1)]
            for x in 0 ..< stride {
                let raw = Int(data[y * (stride + 1) + 1 + x])
                let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
                let prediction: Int
                switch filter {
                case 0: prediction = 0
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    prediction = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "unknown row filter \(filter)")
                }
                out[y * stride + x] = UInt8((raw + prediction) & 0xFF)
            }
        }
        return out
    }
}

/// A DEFLATE decoder (RFC 1951) over a byte array, bits least significant first.

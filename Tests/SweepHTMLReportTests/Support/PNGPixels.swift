/// Just enough of PNG to count an image's colours: chunks, IHDR, the zlib stream of the IDAT chunks inflated
/// (RFC 1951: stored, fixed and dynamic Huffman blocks), and the five row filters undone. Only 8-bit RGB and
/// RGBA without interlacing, which is what Chromium's screenshots are.
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
        var inflater = Inflater(Array(zlib.dropFirst(2)))
        let filtered = try inflater.inflate() // 2 bytes of zlib header; the Adler-32 is not checked
        pixels = try Self.unfilter(filtered, width: width, height: height, channels: channels)
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
struct Inflater {
    private let input: [UInt8]
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            for length in 1 ... 15 { for (symbol, l) in lengths.enumerated() where l == length { symbols.append(symbol) } }
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    mutating func inflate() throws -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1:
                let literals = (0 ..< 288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                try codes(Code(lengths: literals), Code(lengths: [Int](repeating: 5, count: 30)))
            case 2: try dynamic()
            default: throw PNGPixels.Failure(description: "invalid deflate block type")
            }
        }
        return output
    }

    private mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard position < input.count else { throw PNGPixels.Failure(description: "the deflate stream ends early") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << n) - 1)
        bitBuffer >>= n
        bitCount -= n
        return value
    }

    private mutating func stored() throws {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw PNGPixels.Failure(description: "a stored block ends early") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        position += 4
        guard position + length <= input.count else { throw PNGPixels.Failure(description: "a stored block ends early") }
        output += input[position ..< position + length]
        position += length
    }

    private mutating func decode(_ code: Code) throws -> Int {
        var value = 0, first = 0, index = 0
        for length in 1 ... 15 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw PNGPixels.Failure(description: "an invalid Huffman code")
    }

    private mutating func dynamic() throws {
        let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, lengthCodeCount = try bits(4) + 4
        var lengthLengths = [Int](repeating: 0, count: 19)
        for i in 0 ..< lengthCodeCount { lengthLengths[Self.codeLengthOrder[i]] = try bits(3) }
        let lengthCode = Code(lengths: lengthLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0 ..< 16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw PNGPixels.Failure(description: "a repeat with nothing to repeat") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        try codes(Code(lengths: Array(lengths[0 ..< literalCount])), Code(lengths: Array(lengths[literalCount...])))
    }

    private mutating func codes(_ literals: Code, _ distances: Code) throws {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 { output.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            let l = symbol - 257
            guard l < Self.lengthBase.count else { throw PNGPixels.Failure(description: "an invalid length symbol") }
            let length = Self.lengthBase[l] + (try bits(Self.lengthExtra[l]))
            let d = try decode(distances)
            guard d < Self.distanceBase.count else { throw PNGPixels.Failure(description: "an invalid distance symbol") }
            let distance = Self.distanceBase[d] + (try bits(Self.distanceExtra[d]))
            guard distance <= output.count else { throw PNGPixels.Failure(description: "a distance before the start") }
            for _ in 0 ..< length { output.append(output[output.count - distance]) }
        }
    }
}

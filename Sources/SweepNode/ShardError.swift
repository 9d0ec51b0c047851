/// Why a shard could not be written or the shards could not be merged. Every ``description`` is one sentence
/// naming the file at fault (or, for a missing shard, which one).
public enum ShardError: Error, Equatable, CustomStringConvertible {
    /// The shard file or its directory could not be written.
    case cannotWrite(path: String, reason: String)
    /// The file cannot be read (missing, not a TouchSweep file).
    case unreadable(path: String, reason: String)
    /// The file is a shard file, but damaged, truncated or inconsistent.
    case damaged(path: String, reason: String)
    /// Two shards belong to different configs.
    case differentConfig(path: String, hash: String, first: String, firstHash: String)
    /// Two shards come from splits into different numbers of shards.
    case differentCount(path: String, index: Int, count: Int, first: String, firstCount: Int)
    /// Two files are the same shard.
    case duplicate(index: Int, count: Int, path: String, other: String)
    /// Some shards of the split were not given.
    case missing(indices: [Int], count: Int)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "Cannot write \(path): \(reason)"
        case let .unreadable(path, reason):
            return "\(path) cannot be read as a shard file: \(reason)."
        case let .damaged(path, reason):
            return "\(path) is damaged or truncated (\(reason)); run that shard again."
        case let .differentConfig(path, hash, first, firstHash):
            return "\(path) is a shard of a different config (hash \(hash)) than \(first) (hash \(firstHash)); "
                + "only shards of one config can be merged."
        case let .differentCount(path, index, count, first, firstCount):
            return "\(path) is shard \(index) of \(count) but \(first) is one of \(firstCount) shards; "
                + "merge the shards of one split."
        case let .duplicate(index, count, path, other):
            return "\(other) and \(path) are both shard \(index) of \(count); give each shard once."
        case let .missing(indices, count):
            let list = indices.map(String.init)
            let names =
                list.count == 1 ? "Shard \(list[0]) of \(count) is" : "Shards \(list.dropLast().joined(separator: ", ")) and \(list.last!) of \(count) are"
            return "\(names) missing: no directory given holds \(list.count == 1 ? "it" : "them") (`sweep run CONFIG --shard I/\(count)` writes shard I)."
        }
    }
}

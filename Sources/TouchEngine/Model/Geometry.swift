/// A point in some view's coordinate space, in points (pt).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

    /// Euclidean distance to another point.
    @inlinable public func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A width and height in points. Negative sizes are rejected by the scenario loader.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle. Containment is half-open like `CGRectContainsPoint` (touch-model §0.2):
/// the minimum edges are inside, the maximum edges are outside.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    @inlinable public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    /// Half-open containment: `minX <= p.x < maxX && minY <= p.y < maxY`.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The rectangle grown by `insets` on each side (negative insets shrink it).
    @inlinable public func outset(by insets: EdgeInsets) -> Rect {
        Rect(
            minX - insets.left, minY - insets.top,
            size.width + insets.left + insets.right, size.height + insets.top + insets.bottom)
    }
}

/// Per-edge distances in points, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    @inlinable public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public static let zero = EdgeInsets()
}

/// One of the two scrolling axes.
public enum Axis: Int, Sendable, CaseIterable {
    case horizontal = 0
    case vertical = 1
}

extension Point {
    /// The coordinate along `axis`.
    @inlinable public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}
extension Size {
    @inlinable public subscript(axis: Axis) -> Double { axis == .horizontal ? width : height }
}

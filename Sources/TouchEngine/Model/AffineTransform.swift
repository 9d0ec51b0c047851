/// A 2-D affine transform, as `CGAffineTransform`: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
///
/// A view's `transform` applies about the centre of its bounds (the default anchor point, 0.5 × 0.5) [DOC
/// UIView.transform, UIView.anchorPoint]: a point `p` of the view's bounds space appears in its superview at
/// `center + T(p − boundsCenter)`. With y pointing down, a positive rotation turns clockwise on screen.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part: 0 when the transform flattens the plane (a scale of 0).
    @inlinable public var determinant: Double { a * d - b * c }

    /// `CGAffineTransform(scaleX:y:)`.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransform(translationX:y:)`.
    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `CGAffineTransform(rotationAngle:)` for an angle in degrees. Multiples of 90° are exact (cos 90° is 0, not
    /// 6e-17), so a quarter turn puts edges exactly where they belong and half-open containment holds.
    public static func rotation(degrees: Double) -> AffineTransform {
        let turns = degrees / 90
        let (cos, sin): (Double, Double)
        if turns == turns.rounded(), abs(turns) < 1e15 {
            switch ((Int(turns) % 4) + 4) % 4 {
            case 0: (cos, sin) = (1, 0)
            case 1: (cos, sin) = (0, 1)
            case 2: (cos, sin) = (-1, 0)
            default: (cos, sin) = (0, -1)
            }
        } else {
            let radians = degrees * Double.pi / 180
            (cos, sin) = (cosine(radians), sine(radians))
        }
        return AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first, then `next` (`self.concatenating(next)` in Core Graphics).
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The inverse, or nil when the determinant is 0.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The point `p` mapped by the whole transform.
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The vector `v` mapped by the linear part only (a displacement does not move with the translation).
    @inlinable public func applyLinear(_ v: Point) -> Point {
        Point(a * v.x + c * v.y, b * v.x + d * v.y)
    }
}

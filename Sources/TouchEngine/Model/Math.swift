// The C math library (libm) for logarithms, powers and exponentials in deceleration and bounce curves, and sines and cosines of view
// rotations and two-finger angles. This is arithmetic only:
// the engine still does no I/O.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@inline(__always) func log(_ x: Double) -> Double { libmLog(x) }
@inline(__always) func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }

// `cos`, `sin` and `atan2` are not shadowed in this module (unlike `log` and `pow` above), so the imported C
// functions are called directly.
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
/// `e^x` (the springs of a scroll view's bounce).
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
/// The angle of the vector (x, y) in radians, `-π…π` (pinch and rotation recognizers).
@inline(__always) func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

@inline(__always) private func libmLog(_ x: Double) -> Double {
    #if canImport(Darwin)
        return Darwin.log(x)
    #elseif canImport(Glibc)
        return Glibc.log(x)
    #else
        return Musl.log(x)
    #endif
}

@inline(__always) private func libmPow(_ x: Double, _ y: Double) -> Double {
    #if canImport(Darwin)
        return Darwin.pow(x, y)
    #elseif canImport(Glibc)
        return Glibc.pow(x, y)
    #else
        return Musl.pow(x, y)
    #endif
}

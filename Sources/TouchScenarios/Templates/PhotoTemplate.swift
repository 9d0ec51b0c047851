import TouchEngine

/// A full-screen photo viewer, as photo browsers and "tap a picture to see it" screens ship it (docs/templates.md):
///
/// * `Photo`: a full-screen `UIScrollView` whose view for zooming is the image view `Photo.Image` (filling it,
///   aspect-fit), `minimumZoomScale` 1 and `maximumZoomScale` 3 or 4; at zoom 1 it has nothing to scroll.
/// * Chrome on top: a top bar with Close and Share buttons, and in about half the viewers a bottom toolbar of 2–4
///   buttons. The bars are opaque (`occluders`): a finger aimed at the photo lands off them.
/// * `Photo.doubleTapZoom`: a two-tap `UITapGestureRecognizer` on the scroll view (double tap to zoom), and
///   `Photo.chromeTap`: a one-tap recognizer on it that toggles the chrome and requires the double tap to fail
///   (`require(toFail:)`, G10) — Apple's documented way to tell a single tap from a double tap.
/// * `R.dismissPan`: a swipe-down-to-dismiss `UIPanGestureRecognizer` on the container, as shipped: default
///   `maximumNumberOfTouches` (unlimited), `cancelsTouchesInView` false, and a delegate that begins it only on
///   mostly vertical movement (`shouldBegin: vertical`, G11; shipped delegates also ask that the photo be at its
///   minimum zoom, which it is when a gesture starts here). It does not recognize with the zoom pinch: a pinch
///   whose centre drifts down 10 pt before its fingers' distance changes 10 pt is taken by it (G7) — the
///   `swallowed_zoom` the axes `dismissPans.maximumTouches`, `dismissPans.simultaneousWithZoom` and
///   `pinchHysteresis` explore.
enum PhotoTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let maximumZoom = Double(rng.int(3 ... 4))
        let photo = b.view("Photo", .scrollView, Rect(0, 0, Metrics.width, Metrics.height), in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, Metrics.height)
            $0.scroll?.minimumZoomScale = 1
            $0.scroll?.maximumZoomScale = maximumZoom
        }
        let image = b.view("Photo.Image", .imageView, Rect(0, 0, Metrics.width, Metrics.height), in: photo)
        b.scene.modifyView(photo) { $0.scroll?.viewForZooming = image }

        let top = b.view("Chrome.Top", .view, Rect(0, 0, Metrics.width, Metrics.top), in: r)
        b.view("Chrome.Close", .button, Rect(8, Metrics.statusBar, 44, 44), in: top)
        b.view("Chrome.Share", .button, Rect(Metrics.width - 52, Metrics.statusBar, 44, 44), in: top)
        b.occluders.append(top)
        if rng.chance(0.5) {
            let h = Metrics.tabBar + Metrics.homeIndicator
            let bar = b.view("Chrome.Bottom", .view, Rect(0, Metrics.height - h, Metrics.width, h), in: r) { $0.className = "UIToolbar" }
            let names = ["Like", "Edit", "Info", "Delete"]
            let n = rng.int(2 ... 4)
            let w = (Metrics.width / Double(n)).rounded(.down)
            for i in 0 ..< n {
                b.view("Chrome." + names[i], .button, Rect(Double(i) * w + ((w - 44) / 2).rounded(.down), 0, 44, 44), in: bar)
            }
            b.occluders.append(bar)
        }

        b.recognizer("Photo.doubleTapZoom", .tap(taps: 2, touches: 1), on: photo, role: .doubleTap)
        b.recognizer("Photo.chromeTap", .tap(taps: 1, touches: 1), on: photo, role: .none)
        b.requireToFail("Photo.chromeTap", "Photo.doubleTapZoom")
        b.recognizer("R.dismissPan", .pan(minimumTouches: 1, maximumTouches: .max), on: r, role: .dismissPan) {
            $0.cancelsTouchesInView = false
            $0.policies.shouldBegin = .vertical
        }
    }
}

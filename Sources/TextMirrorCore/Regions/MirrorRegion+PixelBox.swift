extension MirrorRegion {
    /// The region in pixels of a `frameWidth` x `frameHeight` frame.
    public func pixelBox(frameWidth: Int, frameHeight: Int) -> PixelBox {
        let w = Double(frameWidth), h = Double(frameHeight)
        return PixelBox(
            centerX: centerX * w, centerY: centerY * h,
            width: width * w, height: height * h, angle: angle)
    }
}

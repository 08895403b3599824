import Testing
import TextMirrorCore

@Suite struct BoxOutlineTests {
    /// A 64x48 frame of one format, every byte 128, with a row padding of 8 bytes.
    private func withFrame(_ format: PixelFormat, _ body: (FrameBuffer, FrameLayout) -> Void) {
        let layout = FrameLayout(format)
        let width = 64, height = 48
        var storage: [[UInt8]] = []
        var strides: [Int] = []
        for plane in 0...(layout.planes.map(\.index).max() ?? 0) {
            let p = layout.planes.first { $0.index == plane }!
            let rows = p.rows(frameHeight: height)
            strides.append(p.rowBytes(frameWidth: width) + 8)
            storage.append([UInt8](repeating: 128, count: strides[plane] * rows))
        }
        var pointers: [UnsafeMutableRawPointer] = []
        for i in storage.indices {
            let p = UnsafeMutableRawPointer.allocate(byteCount: storage[i].count, alignment: 16)
            p.copyMemory(from: storage[i], byteCount: storage[i].count)
            pointers.append(p)
        }
        defer { pointers.forEach { $0.deallocate() } }
        body(FrameBuffer(width: width, height: height, planes: pointers, strides: strides), layout)
    }

    @Test func outlinesAnAxisAlignedBoxInRGBA() {
        withFrame(.rgba) { frame, layout in
            let outline = BoxOutline(layout: layout, width: 64, height: 48)
            outline.draw(PixelBox(centerX: 32, centerY: 24, width: 40, height: 20), color: .fresh, in: frame)
            let edge = frame.planes[0] + 14 * frame.strides[0] + 32 * 4  // top edge, inside
            let inside = frame.planes[0] + 24 * frame.strides[0] + 32 * 4  // centre
            let outside = frame.planes[0] + 5 * frame.strides[0] + 32 * 4
            #expect([0, 1, 2].map { edge.load(fromByteOffset: $0, as: UInt8.self) } == [0, 230, 60])
            #expect(inside.load(as: UInt8.self) == 128)
            #expect(outside.load(as: UInt8.self) == 128)
        }
    }

    @Test func outlinesLumaAndChromaInI420() {
        withFrame(.i420) { frame, layout in
            BoxOutline(layout: layout, width: 64, height: 48)
                .draw(
                    PixelBox(centerX: 32, centerY: 24, width: 40, height: 20, angle: 10),
                    color: .tracked, in: frame)
            let luma = UnsafeRawBufferPointer(start: frame.planes[0], count: frame.strides[0] * 48)
            let chroma = UnsafeRawBufferPointer(start: frame.planes[1], count: frame.strides[1] * 24)
            #expect(luma.contains { $0 != 128 })
            #expect(chroma.contains { $0 != 128 })
            // The centre stays untouched.
            #expect(frame.planes[0].load(fromByteOffset: 24 * frame.strides[0] + 32, as: UInt8.self) == 128)
        }
    }

    /// The outline has the colour it is given whatever the stream's colorimetry: fresh green
    /// (0, 230, 60) is Y 138, U 87, V 39 in BT.601 limited range, and Y 142, U 82, V 27 in BT.601
    /// full range (Y = 0.299 R + 0.587 G + 0.114 B, U = 128 + (B − Y) / 1.772,
    /// V = 128 + (R − Y) / 1.402); in BT.709 full range (0.2126, 0.7152,
    /// 0.0722; 1.8556, 1.5748), Y 169, U 69, V 21.
    @Test(
        arguments: [
            (YUVEncoding.bt601Limited, [138, 87, 39]), (YUVEncoding(matrix: .bt601, fullRange: true), [142, 82, 27]),
            (YUVEncoding(matrix: .bt709, fullRange: true), [169, 69, 21])
        ] as [(YUVEncoding, [UInt8])])
    func outlinesInTheFramesEncoding(encoding: YUVEncoding, yuv: [UInt8]) {
        withFrame(.i420) { frame, layout in
            var frame = frame
            frame.encoding = encoding
            BoxOutline(layout: layout, width: 64, height: 48)
                .draw(PixelBox(centerX: 32, centerY: 24, width: 40, height: 20), color: .fresh, in: frame)
            // The top edge, inside the box: luma row 14, chroma row 7.
            let y = frame.planes[0].load(fromByteOffset: 14 * frame.strides[0] + 32, as: UInt8.self)
            let u = frame.planes[1].load(fromByteOffset: 7 * frame.strides[1] + 16, as: UInt8.self)
            let v = frame.planes[2].load(fromByteOffset: 7 * frame.strides[2] + 16, as: UInt8.self)
            #expect([y, u, v] == yuv)
        }
    }

    /// Fresh green is Y 138 in BT.601 studio range: 138 << 2 = 0x228 in 10 bits, 0x8A00 in 16.
    @Test(
        "Samples of more than 8 bits hold the colour in their top bits, in their byte order",
        arguments: [
            (PixelFormat.i420_10be, [0x02, 0x28]), (.i420_10le, [0x28, 0x02]),
            (.gray16le, [0x00, 0x8A]), (.gray16be, [0x8A, 0x00])
        ] as [(PixelFormat, [UInt8])])
    func wideSamples(format: PixelFormat, luma: [UInt8]) {
        withFrame(format) { frame, layout in
            BoxOutline(layout: layout, width: 64, height: 48)
                .draw(PixelBox(centerX: 32, centerY: 24, width: 40, height: 20), color: .fresh, in: frame)
            let edge = frame.planes[0] + 14 * frame.strides[0] + 32 * 2
            #expect([0, 1].map { edge.load(fromByteOffset: $0, as: UInt8.self) } == luma)
        }
    }

    @Test(arguments: PixelFormat.allCases)
    func drawsInEveryFormatWithoutTouchingPadding(_ format: PixelFormat) {
        withFrame(format) { frame, layout in
            BoxOutline(layout: layout, width: 64, height: 48)
                .draw(PixelBox(centerX: 60, centerY: 44, width: 30, height: 30, angle: 33), color: .fresh, in: frame)
            for plane in frame.planes.indices {
                let p = layout.planes.first { $0.index == plane }!
                let used = p.rowBytes(frameWidth: 64)
                let rows = p.rows(frameHeight: 48)
                for row in 0..<rows {
                    for byte in used..<frame.strides[plane] {
                        #expect(
                            frame.planes[plane].load(fromByteOffset: row * frame.strides[plane] + byte, as: UInt8.self)
                                == 128)
                    }
                }
            }
        }
    }
}

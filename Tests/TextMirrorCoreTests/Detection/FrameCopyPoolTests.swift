import Testing
import TextMirrorCore

@Suite struct FrameCopyPoolTests {
    @Test("a block given back is the one the next take of that size gets")
    func reusesBlocks() {
        let pool = FrameCopyPool()
        let first = pool.take(byteCount: 4096)
        pool.give(first)
        let second = pool.take(byteCount: 4096)
        #expect(second.bytes == first.bytes)
        #expect(pool.freeCount == 0)
        pool.give(second)
    }

    @Test("a take of another size frees the blocks of the old size (new caps)")
    func dropsOtherSizes() {
        let pool = FrameCopyPool()
        pool.give(pool.take(byteCount: 100))
        #expect(pool.freeCount == 1)
        let other = pool.take(byteCount: 200)
        #expect(other.byteCount == 200)
        #expect(pool.freeCount == 0)
        pool.give(other)
        #expect(pool.freeCount == 1)
    }

    @Test("the pool keeps at most its capacity of free blocks")
    func boundedByCapacity() {
        let pool = FrameCopyPool(capacity: 2)
        let blocks = (0..<4).map { _ in pool.take(byteCount: 64) }
        blocks.forEach(pool.give)
        #expect(pool.freeCount == 2)
    }

    @Test("snapshots from a pool copy every plane and give their memory back when released")
    func snapshotsUseThePool() {
        let pool = FrameCopyPool()
        let frame = TestFrame(.nv12, width: 33, height: 17, padding: 5, seed: 7)
        let layout = FrameLayout(.nv12)
        var addresses: [UnsafeMutableRawPointer] = []
        for _ in 0..<3 {
            let snapshot = FrameSnapshot(frame.buffer, layout: layout, pool: pool)
            snapshot.withFrame { copy in
                addresses.append(copy.planes[0])
                for plane in 0..<2 {
                    let rows = plane == 0 ? 17 : 9
                    let bytes = frame.strides[plane] * rows
                    let same = (0..<bytes).allSatisfy {
                        copy.planes[plane].load(fromByteOffset: $0, as: UInt8.self)
                            == frame.buffer.planes[plane].load(fromByteOffset: $0, as: UInt8.self)
                    }
                    #expect(same, "plane \(plane) differs from the frame")
                }
            }
        }
        // Each snapshot was released before the next was made: one block served all three.
        #expect(Set(addresses).count == 1)
        #expect(pool.freeCount == 1)
    }
}

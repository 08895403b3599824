import Synchronization

/// Memory for frame copies (`FrameSnapshot`), reused from one copy to the next.
///
/// Why: a 1080p frame copy is a few megabytes, and a fresh allocation of that size is fresh
/// pages from the kernel, each faulted in and zeroed on first write: on the streaming thread
/// that made a copy's p99 several times its median. Measured by
/// `textmirror-motion-bench --cost-only`.
///
/// In async mode at most three copies are alive at once (the one the detector reads, the one
/// waiting, the one being made), so the pool keeps at most `capacity` free blocks; a copy of
/// another size (new caps) frees the blocks of the old size.
public final class FrameCopyPool: Sendable {
    /// A block of memory owned by whoever took it from the pool until it is given back.
    public struct Block: @unchecked Sendable {
        // Unchecked Sendable: a block has one owner at a time (taken, then given back).
        public let bytes: UnsafeMutableRawPointer
        public let byteCount: Int
    }

    public static let defaultCapacity = 3
    public static let alignment = 64

    private struct FreeBlocks: @unchecked Sendable {
        // Unchecked Sendable: only touched under the pool's mutex.
        var blocks: [Block] = []
    }

    private let free = Mutex(FreeBlocks())
    private let capacity: Int

    public init(capacity: Int = FrameCopyPool.defaultCapacity) {
        precondition(capacity >= 0, "a pool keeps zero or more blocks")
        self.capacity = capacity
    }

    deinit {
        free.withLock { $0.blocks.forEach { $0.bytes.deallocate() } }
    }

    /// A block of exactly `byteCount` bytes (at least one), reused when one is free.
    public func take(byteCount: Int) -> Block {
        let size = max(byteCount, 1)
        let (reused, stale): (Block?, [Block]) = free.withLock { list in
            // Blocks of another size belong to caps that are gone.
            let stale = list.blocks.filter { $0.byteCount != size }
            list.blocks.removeAll { $0.byteCount != size }
            return (list.blocks.popLast(), stale)
        }
        stale.forEach { $0.bytes.deallocate() }
        if let reused { return reused }
        return Block(bytes: .allocate(byteCount: size, alignment: Self.alignment), byteCount: size)
    }

    /// Returns a block taken from this pool; it is freed instead when the pool is full.
    public func give(_ block: Block) {
        let kept = free.withLock { list -> Bool in
            guard list.blocks.count < capacity else { return false }
            list.blocks.append(block)
            return true
        }
        if !kept { block.bytes.deallocate() }
    }

    /// Free blocks held now (for tests).
    public var freeCount: Int { free.withLock { $0.blocks.count } }
}

/// How points are followed (Lucas–Kanade window side, pyramid levels above the picture,
/// iterations per level and the step that ends them); fixed for the life of a flow object.
public struct FlowParameters: Sendable, Equatable {
    public var window: Int
    public var levels: Int
    public var iterations: Int
    public var epsilon: Float

    public init(window: Int, levels: Int, iterations: Int, epsilon: Float) {
        self.window = window
        self.levels = levels
        self.iterations = iterations
        self.epsilon = epsilon
    }
}

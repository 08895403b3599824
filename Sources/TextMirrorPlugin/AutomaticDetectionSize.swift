import CShim
import TextMirrorCore

extension DetectorInputSize {
    /// The long side a detector loads with for `detection-size` `requested`: `automatic` asks
    /// OpenVINO whether it computes the networks in bf16 on this CPU, which it does only at
    /// `inference-precision=auto`, where it picks the precision itself.
    public static func longSide(
        requested: Int, precision: TextMirrorPrecision = TEXTMIRROR_PRECISION_AUTO
    ) -> Int {
        longSide(requested: requested) {
            precision == TEXTMIRROR_PRECISION_AUTO && textmirror_networks_compute_bf16() != 0
        }
    }
}

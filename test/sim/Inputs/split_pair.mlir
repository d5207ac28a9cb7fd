// A cube pushes 16x16 tiles with split = 1 (up/down); each of the two
// vector sub-blocks pops its 8x16 half and frees it (operand-less, in order).
module {
  func.func @cube(%a: tensor<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%a) {split = 1 : i8} : (tensor<16x16xf32>) -> ()
    }
    return
  }
  func.func @vector() -> tensor<HALFxf32> attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant dense<0.0> : tensor<HALFxf32>
    %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (tensor<HALFxf32>) {
      %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<HALFxf32>
      %r = arith.addf %acc, %h : tensor<HALFxf32>
      "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
      scf.yield %r : tensor<HALFxf32>
    }
    return %s : tensor<HALFxf32>
  }
}

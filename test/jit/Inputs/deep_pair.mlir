// A round trip of trip 8 with pto.pipeline_stages = 6: planned for 8 slots,
// the pass skews the cube by 4, more than 2 slots per pipe can hold.
module {
  func.func @cube(%k: tensor<8x16xf32>) -> tensor<8x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %init = tensor.empty() : tensor<8x16xf32>
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {
      %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
      scf.yield %o : tensor<8x16xf32>
    } {pto.pipeline_stages = 6 : i64}
    return %r : tensor<8x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %e = math.exp %s : tensor<1x16xf32>
      "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
    } {pto.pipeline_stages = 6 : i64}
    return
  }
}

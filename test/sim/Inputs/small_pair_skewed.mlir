// Hand-written producer skew of small_pair.mlir, depth 2 (docs/ir-contract.md).
module {
  func.func @cube(%k: tensor<4x16xf32>) -> tensor<4x16xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %init = tensor.empty() : tensor<4x16xf32>
    %s0 = tensor.extract_slice %k[%c0, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s0) : (tensor<1x16xf32>) -> ()
    %s1 = tensor.extract_slice %k[%c1, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s1) : (tensor<1x16xf32>) -> ()
    %r = scf.for %j = %c2 to %c4 step %c2 iter_args(%acc = %init) -> (tensor<4x16xf32>) {
      %j1 = arith.addi %j, %c1 : index
      %sa = tensor.extract_slice %k[%j, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%sa) : (tensor<1x16xf32>) -> ()
      %sb = tensor.extract_slice %k[%j1, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<1x16xf32>
      "pto.tpush_to_aiv"(%sb) : (tensor<1x16xf32>) -> ()
      %jm2 = arith.subi %j, %c2 : index
      %jm1 = arith.subi %j, %c1 : index
      %pa = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %oa = tensor.insert_slice %pa into %acc[%jm2, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
      %pb = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
      %ob = tensor.insert_slice %pb into %oa[%jm1, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
      scf.yield %ob : tensor<4x16xf32>
    }
    %p2 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o2 = tensor.insert_slice %p2 into %r[%c2, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
    %p3 = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o3 = tensor.insert_slice %p3 into %o2[%c3, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<4x16xf32>
    return %o3 : tensor<4x16xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x16xf32>
      %e = math.exp %s : tensor<1x16xf32>
      "pto.tpush_to_aic"(%e) : (tensor<1x16xf32>) -> ()
    }
    return
  }
}

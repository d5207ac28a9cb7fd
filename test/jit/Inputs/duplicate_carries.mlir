// The soak's pair of seed 2026445240, shrunk (test/jit/duplicate-carries.test):
// skewed, the cube's loop carries the sum to two stages in two iter_args that
// start from one tensor and are yielded one tensor.
module attributes {pto.fifo_depth = 2 : i64} {
  func.func @cube(%src: tensor<2x4xf32>, %w: tensor<4xf32>) -> (tensor<4xf32>) attributes {pto.core = "aic"} {
    %c1 = arith.constant 0.0 : f32
    %c2 = arith.constant 0 : index
    %c4 = arith.constant 1 : index
    %c5 = arith.constant 4 : index
    %c12 = arith.constant 3 : index
    %c14 = arith.constant 2 : index
    %r3 = scf.for %i6 = %c2 to %c5 step %c4 iter_args(%a7 = %w) -> (tensor<4xf32>) {
      %p9 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %v10 = arith.subi %i6, %c2 : index
      %v11 = arith.divsi %v10, %c4 : index
      %v13 = arith.remsi %v11, %c12 : index
      %v15 = arith.cmpi eq, %v13, %c14 : index
      %v16 = arith.select %v15, %w, %a7 : tensor<4xf32>
      "pto.tpush_to_aiv"(%v16) : (tensor<4xf32>) -> ()
      %v17 = tensor.empty() : tensor<4xf32>
      %v18 = linalg.add ins(%a7, %v16 : tensor<4xf32>, tensor<4xf32>) outs(%v17 : tensor<4xf32>) -> tensor<4xf32>
      %p19 = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %v20 = arith.constant dense<0.5> : tensor<4xf32>
      %v21 = arith.mulf %v20, %v18 : tensor<4xf32>
      "pto.tpush_to_aiv"(%v21) : (tensor<4xf32>) -> ()
      scf.yield %v18 : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r3 : tensor<4xf32>
  }
  func.func @vector(%src: tensor<2x4xf32>, %w: tensor<4xf32>) -> () attributes {pto.core = "aiv"} {
    %c2 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i64
    %c4 = arith.constant 12 : i64
    scf.for %i5 = %c2 to %c4 step %c3 : i64 {
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p7 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%w) : (tensor<4xf32>) -> ()
      %p8 = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }
}

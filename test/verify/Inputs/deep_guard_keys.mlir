// Both loops run (2 %n + 63) / 64 mod 50 times: four levels of arith over
// the launch argument. The pass skews the cube's loop behind a run-time
// guard, which adds six more; pto-verify-fifo reads the output as deep.
module {
  func.func @cube(%n: index, %x: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c50 = arith.constant 50 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %a = arith.muli %n, %c2 : index
    %b = arith.addi %a, %c63 : index
    %d = arith.divui %b, %c64 : index
    %t = arith.remui %d, %c50 : index
    %r = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %s = arith.addf %x, %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %e = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %e : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector(%n: index) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c50 = arith.constant 50 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %a = arith.muli %n, %c2 : index
    %b = arith.addi %a, %c63 : index
    %d = arith.divui %b, %c64 : index
    %t = arith.remui %d, %c50 : index
    %r = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
      %m = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %q = arith.mulf %m, %m : tensor<4xf32>
      "pto.tpush_to_aic"(%q) : (tensor<4xf32>) -> ()
      %e = arith.addf %acc, %m : tensor<4xf32>
      scf.yield %e : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}

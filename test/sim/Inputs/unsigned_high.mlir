// scf.for unsigned bounds past the i32 signed maximum: the skewed loop runs
// from 2147483645 to 2147483648 (printed -2147483648), compared unsigned.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %lo = arith.constant 2147483642 : i32
    %hi = arith.constant 2147483647 : i32
    %st = arith.constant 3 : i32
    %r = scf.for unsigned %i = %lo to %hi step %st iter_args(%acc = %w) -> (tensor<4xf32>) : i32 {
      %f = arith.sitofp %i : i32 to f32
      %t = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// The cube's pipeline loop (in @body, which the cube kernel calls) pushes
// one tile itself and another through @send: two C2V messages per
// iteration. Skewing the direct push alone (as
// if the call were an ordinary op) would send iteration i+2's first tile
// ahead of iteration i's second one.
module {
  func.func @send(%t: tensor<4xf32>) {
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    return
  }
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %r = func.call @body(%w) : (tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @body(%w: tensor<4xf32>) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %w) -> (tensor<4xf32>) {
      %x = arith.index_cast %i : index to i32
      %f = arith.sitofp %x : i32 to f32
      %t = tensor.splat %f : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %u = arith.negf %a : tensor<4xf32>
      func.call @send(%u) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %a, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %s = arith.subf %p, %q : tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

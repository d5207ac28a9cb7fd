// The cube loads %g[i] after popping the answer to message i-1; the vector
// stores %g[i] before pushing that answer. Both kernels get the same %g.
module {
  func.func @cube(%g: memref<9xf32>, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %v = memref.load %g[%i] : memref<9xf32>
      %t = linalg.fill ins(%v : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec(%g: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %t[%c0] : tensor<4xf32>
      %e1 = arith.addf %e, %one : f32
      %next = arith.addi %i, %c1 : index
      memref.store %e1, %g[%next] : memref<9xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

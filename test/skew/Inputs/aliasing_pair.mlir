// The cube kernel binds one buffer to both memref arguments of @kernel, whose
// pipeline loop reads element i of %k and writes element i+1 of %out: skewed,
// the reads of later iterations would land before the writes they must see.
module {
  func.func @kernel(%k: memref<9xf32>, %out: memref<9xf32>, %v: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %k[%i] : memref<9xf32>
      %t = tensor.splat %x : tensor<4xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %c = arith.constant 0 : index
      %e = tensor.extract %p[%c] : tensor<4xf32>
      %s = arith.addf %e, %v : f32
      %n = arith.addi %i, %c1 : index
      memref.store %s, %out[%n] : memref<9xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @cube(%buf: memref<9xf32>, %v: f32) attributes {pto.core = "aic"} {
    func.call @kernel(%buf, %buf, %v) : (memref<9xf32>, memref<9xf32>, f32) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %q = arith.negf %p : tensor<4xf32>
      "pto.tpush_to_aic"(%q) : (tensor<4xf32>) -> ()
    }
    return
  }
}

// Kernels launched by a pto.entry with their memref arguments in another
// order (test/sim/entry-launch-args.test, test/skew/entry-launch-args.mlir).
module {
  func.func @launch(%x: memref<9xf32>, %y: memref<9xf32>, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%x, %y, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%y, %x, %o) : (memref<9xf32>, memref<9xf32>, tensor<4xf32>) -> ()
    return
  }
  func.func private @cube(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: producer-half op 'memref.load' reads global memory that @vec may write}}
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
  func.func private @vec(%g: memref<9xf32> {llvm.noalias}, %h: memref<9xf32> {llvm.noalias}, %o: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %e = tensor.extract %t[%c0] : tensor<4xf32>
      %e1 = arith.addf %e, %one : f32
      %next = arith.addi %i, %c1 : index
      memref.store %e1, %h[%next] : memref<9xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}


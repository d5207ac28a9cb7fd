// Plain upstream IR in three chunks, for pipelines that give the same output
// through every driver.
func.func @fold(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.muli %a, %s : i32
  %u = arith.muli %a, %s : i32
  %r = arith.addi %t, %u : i32
  return %r : i32
}

// -----

func.func @hoist(%m: memref<16xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %y = arith.mulf %x, %x : f32
    memref.store %y, %m[%i] : memref<16xf32>
  }
  return
}

// -----

func.func private @unused()
func.func @tensor(%t: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.transpose ins(%t : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  return %r : tensor<8x4xf32>
}

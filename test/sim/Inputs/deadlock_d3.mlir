// Producer skew of depth 3 (trip 6) against a demoted consumer: the cube
// pushes rows 0..5 before its first pop, so it needs 2*3-1 = 5 buffered
// messages. Two slots per pipe hold 4: deadlock. Three slots hold 6: runs.
module {
  func.func @cube(%k: tensor<6x8xf32>) -> tensor<6x8xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %init = tensor.empty() : tensor<6x8xf32>
    scf.for %i = %c0 to %c3 step %c1 {
      %s = tensor.extract_slice %k[%i, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<1x8xf32>
      "pto.tpush_to_aiv"(%s) : (tensor<1x8xf32>) -> ()
    }
    %r = scf.for %j = %c3 to %c6 step %c3 iter_args(%acc = %init) -> (tensor<6x8xf32>) {
      %acc2 = scf.for %d = %c0 to %c3 step %c1 iter_args(%a = %acc) -> (tensor<6x8xf32>) {
        %row = arith.addi %j, %d : index
        %s = tensor.extract_slice %k[%row, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<1x8xf32>
        "pto.tpush_to_aiv"(%s) : (tensor<1x8xf32>) -> ()
        scf.yield %a : tensor<6x8xf32>
      }
      %acc3 = scf.for %d = %c0 to %c3 step %c1 iter_args(%a = %acc2) -> (tensor<6x8xf32>) {
        %back = arith.subi %j, %c3 : index
        %row = arith.addi %back, %d : index
        %p = "pto.tpop_from_aiv"() : () -> tensor<1x8xf32>
        %o = tensor.insert_slice %p into %a[%row, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<6x8xf32>
        scf.yield %o : tensor<6x8xf32>
      }
      scf.yield %acc3 : tensor<6x8xf32>
    }
    %out = scf.for %d = %c3 to %c6 step %c1 iter_args(%a = %r) -> (tensor<6x8xf32>) {
      %p = "pto.tpop_from_aiv"() : () -> tensor<1x8xf32>
      %o = tensor.insert_slice %p into %a[%d, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<6x8xf32>
      scf.yield %o : tensor<6x8xf32>
    }
    return %out : tensor<6x8xf32>
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<1x8xf32>
      %e = math.exp %s : tensor<1x8xf32>
      "pto.tpush_to_aic"(%e) : (tensor<1x8xf32>) -> ()
    }
    return
  }
}

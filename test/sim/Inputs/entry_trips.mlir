// The entry passes its %n to the cube and its %m to the vector, which pops
// (and answers) one message per iteration (test/sim/entry-launch-args.test).
module {
  func.func @launch(%n: index, %m: index, %o: tensor<4xf32>) attributes {pto.entry} {
    %r = func.call @cube(%n, %o) : (index, tensor<4xf32>) -> tensor<4xf32>
    func.call @vec(%o, %m) : (tensor<4xf32>, index) -> ()
    return
  }
  func.func private @cube(%n: index, %o: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%o) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
  func.func private @vec(%o: tensor<4xf32>, %n: index) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

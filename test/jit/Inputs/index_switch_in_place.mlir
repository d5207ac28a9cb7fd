// The vector writes into what an scf.index_switch yields: a constant (read-only
// memory once bufferized) or its argument %w, which it pushes every other
// iteration and must not change.
module {
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %k = arith.remsi %i, %c2 : index
      %s = scf.index_switch %k -> tensor<4xf32>
      case 0 {
        %z = arith.constant dense<0.0> : tensor<4xf32>
        scf.yield %z : tensor<4xf32>
      }
      default {
        scf.yield %w : tensor<4xf32>
      }
      %f = arith.constant 1.0 : f32
      %t = tensor.insert %f into %s[%c1] : tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

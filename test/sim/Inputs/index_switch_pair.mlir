// The cube scales each pushed tile by a factor an scf.index_switch picks
// from the iteration (case 0, case 2, default).
module {
  func.func @cube() -> tensor<4xf32> attributes {pto.core = "aic"} {
    %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %o = arith.constant dense<0.0> : tensor<4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %o) -> (tensor<4xf32>) {
      %k = arith.remui %i, %c3 : index
      %s = scf.index_switch %k -> tensor<4xf32>
      case 0 {
        %d = arith.addf %a, %a : tensor<4xf32>
        scf.yield %d : tensor<4xf32>
      }
      case 2 {
        %m = arith.mulf %a, %a : tensor<4xf32>
        scf.yield %m : tensor<4xf32>
      }
      default {
        scf.yield %a : tensor<4xf32>
      }
      "pto.tpush_to_aiv"(%s) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %n = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %n : tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return %r : tensor<4xf32>
  }
  func.func @vec() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%t) : (tensor<4xf32>) -> ()
    }
    return
  }
}

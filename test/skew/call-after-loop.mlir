// A kernel that pushes through a call after its pipeline loop, at the module
// anchor: the pair cannot be proved (the model does not follow calls that
// use the FIFO), nor can the kernel's pushes be counted, and the remark says
// why. It said "@send is outside the op the pass runs on (run it on the
// module)": the push count followed calls inside the kernel only.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -o /dev/null

module {
  func.func @send(%t: tensor<4xf32>) {
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    return
  }
  func.func @cube(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{demoted: the pair cannot be proved as written ('func.call' to @send, which uses the FIFO), and the kernel's own FIFO use cannot be counted ('func.call' to @send, which uses the FIFO): no skew is safe against every peer}}
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %w) -> (tensor<4xf32>) {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      %s = arith.addf %acc, %p : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    } {pto.pipeline_stages = 3 : i64}
    func.call @send(%r) : (tensor<4xf32>) -> ()
    return %r : tensor<4xf32>
  }
  func.func @vector(%w: tensor<4xf32>) -> tensor<4xf32> attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      %u = arith.addf %t, %w : tensor<4xf32>
      "pto.tpush_to_aic"(%u) : (tensor<4xf32>) -> ()
    }
    %last = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return %last : tensor<4xf32>
  }
}

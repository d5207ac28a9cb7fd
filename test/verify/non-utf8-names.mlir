// Symbol names and string attributes need not be UTF-8 ("\FF" is a valid
// string in the IR): the verifier and the pass name such kernels with
// escapes, never a conversion error.
// RUN: pto-opt %s --pto-verify-fifo=remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: pto-opt %s --pto-skew-cross-core=remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKEW
// VERIFY: remark: FIFO verified for @cu\xffbe / @ve\xfector at 4 slot(s) per pipe
// SKEW: remark: co-skewed with @ve\xfector's loop at {{.*}}: 2 stages, depth 2
// SKEW: remark: co-skewed with @cu\xffbe's loop at {{.*}}: 2 stages, depth 2
module {
  func.func @"cu\FFbe"(%w: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      "pto.tpush_to_aiv"(%w) : (tensor<4xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
      "pto.tpush_to_aiv"(%p) : (tensor<4xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @"ve\FEctor"() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %s = "pto.tpop_from_aic"() : () -> tensor<4xf32>
      "pto.tpush_to_aic"(%s) : (tensor<4xf32>) -> ()
      %q = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

// Functions without bodies: the passes leave them alone; the simulator, which
// needs a body to run, says which declaration stopped it.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" --pto-verify-fifo -split-input-file -verify-diagnostics | FileCheck %s
// RUN: split-file %s %t
// RUN: not pto-sim run %t/kernels.mlir 2>&1 | FileCheck %s --check-prefix=KERNEL --implicit-check-not=Traceback
// KERNEL: pto-sim: error: {{.*}}kernels.mlir:7:3: @cube is a declaration without a body
// RUN: not pto-sim check %t/callee.mlir 2>&1 | FileCheck %s --check-prefix=CALLEE --implicit-check-not=Traceback
// CALLEE: FAIL: before the pipeline: {{.*}}callee.mlir:9:3: @ext is a declaration without a body

//--- kernels.mlir
// Kernel declarations only.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @cube(tensor<16xf32>) attributes {pto.core = "aic"}
// CHECK-NEXT:    func.func private @vector() attributes {pto.core = "aiv"}
// CHECK-NEXT:  }
module {
  func.func private @cube(tensor<16xf32>) attributes {pto.core = "aic"}
  func.func private @vector() attributes {pto.core = "aiv"}
}

// -----
//--- callee.mlir
// A pipeline loop calling a declaration: what the call does (FIFO traffic
// included) is unknown, so the loop is demoted; the declaration is kept.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @ext(tensor<16xf32>) -> tensor<16xf32>
// CHECK:         scf.for
// CHECK-NEXT:      func.call @ext
// CHECK-NOT:     pto.pipeline_stages
module {
  func.func private @ext(tensor<16xf32>) -> tensor<16xf32>
  func.func @cube(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark @below {{demoted: FIFO traffic unknown: 'func.call' to @ext cannot be followed: @ext is a declaration}}
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: 'func.call' to @ext: @ext is a declaration}}
      %t = func.call @ext(%a) : (tensor<16xf32>) -> tensor<16xf32>
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark @below {{not skewed: consumer role (expected: the peer's producer runs ahead): its first FIFO op 'pto.tpop_from_aic' is a pop}}
    scf.for %i = %c0 to %c4 step %c1 {
      %t = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tpush_to_aic"(%t) : (tensor<16xf32>) -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

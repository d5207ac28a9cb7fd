// Empty modules, functions and loop bodies: left as they are (or demoted
// when they hold a lone FIFO op), no diagnostics but the remarks.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: printf '' > %t.empty.mlir
// RUN: pto-opt %t.empty.mlir --pto-skew-cross-core --pto-verify-fifo="remarks=true" 2>&1 | FileCheck %s --check-prefix=FILE
// FILE:      module {
// FILE-NEXT: }
// FILE-NOT:  remark
// RUN: not pto-sim run %t.empty.mlir 2>&1 | FileCheck %s --check-prefix=NOKERNEL --implicit-check-not=Traceback
// NOKERNEL: pto-sim: error: no kernel to run: mark functions with pto.core = "aic"/"aiv" or pto.kernel_kind, or name them with --cube/--vector
// No cycles before or after are no change (it printed "(infx)").
// RUN: pto-sim check %s --cube=empty_cube --vector=empty_vector | FileCheck %s --check-prefix=SIM
// SIM: PASS: 0 outputs and messages (C2V 0, V2C 0) bitwise identical; cycles 0 -> 0 (1.00x){{$}}

// CHECK: module {
// CHECK-NEXT: }
module {
}

// -----

// CHECK-LABEL: func.func @empty_cube() attributes {pto.core = "aic"} {
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @empty_vector() attributes {pto.core = "aiv"} {
// CHECK-NEXT:    return
func.func @empty_cube() attributes {pto.core = "aic"} {
  return
}
func.func @empty_vector() attributes {pto.core = "aiv"} {
  return
}

// -----

// Same-core loops: an empty body and one that only forwards its iter_arg
// keep their marker.
// CHECK-LABEL: func.func @empty_loops
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK-NEXT:    } {pto.pipeline_stages = 2 : i64}
// CHECK:         scf.for
// CHECK-NEXT:      scf.yield %{{.*}} : tensor<16xf32>
// CHECK-NEXT:    } {pto.pipeline_stages = 2 : i64}
func.func @empty_loops(%a: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{not skewed: not cross-core: it neither pushes nor pops, no round trip to overlap; left as it was}}
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a) -> tensor<16xf32> {
    scf.yield %x : tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  return %r : tensor<16xf32>
}

// -----

// A cross-core loop that never runs: demoted, body as is. A lone push is not
// cross-core (no push/pop pair): left as it was, marker kept.
// CHECK-LABEL: func.func @degenerate_cross_core
// CHECK:         scf.for %{{.*}} = %c0 to %c0 step %c1 {
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:      "pto.tpop_from_aiv"
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK-NEXT:      "pto.tpush_to_aiv"
// CHECK-NEXT:    } {pto.pipeline_stages = 2 : i64}
func.func @degenerate_cross_core(%a: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{demoted: trip count 0 < 2}}
  scf.for %i = %c0 to %c0 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  } {pto.pipeline_stages = 2 : i64}
  // expected-remark @below {{not skewed: not cross-core: it pushes but never pops, no round trip to overlap; left as it was}}
  scf.for %i = %c0 to %c8 step %c1 {
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
  } {pto.pipeline_stages = 2 : i64}
  return
}

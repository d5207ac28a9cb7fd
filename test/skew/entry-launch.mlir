// In a kernel file with a `pto.entry` launch function (PTOAS's), the pass
// works on the kernels the entry launches and leaves the file's other
// functions alone: it neither skews their loops nor rejects their FIFO
// forms (a GM-entry talloc, which it does not model). Without the entry,
// the same talloc is an error, as before.
// RUN: pto-opt %s --pto-skew-cross-core="remarks=true" -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cube
// CHECK-COUNT-2: "pto.tpush_to_aiv"
// CHECK:         scf.for
// CHECK-LABEL: func.func private @coverage_cube
// CHECK:         scf.for
// CHECK:         } {pto.pipeline_stages = 2 : i64}
module {
  func.func @launch(%k: tensor<8x16xf32>) attributes {pto.entry} {
    func.call @cube(%k) : (tensor<8x16xf32>) -> ()
    return
  }
  func.func @cube(%k: tensor<8x16xf32>) attributes {pto.core = "aic"} {
    %m = memref.alloc() : memref<16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // expected-remark @below {{skewed: depth 2 (requested 2, trip 8, slots 4; no vector kernel in this module: planned alone}}
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %m[%i] : memref<16xf32>
      %s = tensor.splat %x : tensor<1x16xf32>
      "pto.tpush_to_aiv"(%s) {split = 0 : i8} : (tensor<1x16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() {split = 0 : i8} : () -> tensor<1x16xf32>
      "pto.tfree_from_aiv"() {split = 0 : i8} : () -> ()
    } {pto.pipeline_stages = 2 : i64}
    return
  }
  // Not launched: its loop keeps its marker, its talloc is no error.
  func.func private @coverage_cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %slots = pto.make_tensor_view %gm, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024}
      (gm_slot_tensor = %slots : !pto.tensor_view<16x16xf32>)
    scf.for %i = %c0 to %c4 step %c1 {
      %entry = pto.talloc_to_aiv {split = 0} -> !pto.tensor_view<16x16xf32>
      pto.tpush_to_aiv(%entry : !pto.tensor_view<16x16xf32>) {split = 0}
    } {pto.pipeline_stages = 2 : i64}
    return
  }
}

// -----

module {
  func.func private @coverage_cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    // expected-error @below {{'pto.talloc_to_aiv' acts on a pipe in a way the FIFO model does not model}}
    %entry = pto.talloc_to_aiv {split = 0} -> !pto.tensor_view<16x16xf32>
    return
  }
}

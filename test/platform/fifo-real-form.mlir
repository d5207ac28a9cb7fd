// The FIFO ops in the generic form of the PTOAS front-end ops (see
// docs/fifo-contract.md): split / id attributes, a pop's valid shape, the
// pushing sub-block, operand-less tfree beside the older one-operand form,
// the initialise ops and the kernel kind (the old quoted spelling
// #pto.kernel_kind<"cube"> reads as PTOAS's #pto.kernel_kind<cube>). Ops over
// tensors print generic; an operand-less tfree with its split prints in
// PTOAS's syntax; the generic form reads back the same.
// RUN: pto-opt %s | FileCheck %s
// RUN: pto-opt %s -mlir-print-op-generic | pto-opt | FileCheck %s

// CHECK-LABEL: func.func @cube
// CHECK-SAME:    pto.kernel_kind = #pto.kernel_kind<cube>
// CHECK:         "pto.aic_initialize_pipe"(%{{.*}}, %{{.*}}) {dir_mask = 3 : i8, id = 1 : i32, slot_num = 2 : i32, slot_size = 1024 : i32} : (i32, i32) -> ()
// CHECK:         "pto.tpush_to_aiv"(%{{.*}}) {id = 1 : i32, split = 1 : i8} : (tensor<16x16xf32>) -> ()
// CHECK:         "pto.tpop_from_aiv"() {id = 1 : i32, split = 0 : i8} : () -> tensor<16x16xf32>
// CHECK:         "pto.tpop_from_aiv"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1>, split = 0 : i8} : (index, index) -> tensor<16x16xf32>
// CHECK:         pto.tfree_from_aiv {id = 1, split = 0}{{$}}
// CHECK:         "pto.tfree_from_aiv"(%{{.*}}) : (tensor<16x16xf32>) -> ()
func.func @cube(%t: tensor<16x16xf32>, %b: i32, %n: index) attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
  "pto.aic_initialize_pipe"(%b, %b) {dir_mask = 3 : i8, slot_size = 1024 : i32, slot_num = 2 : i32, id = 1 : i32} : (i32, i32) -> ()
  "pto.tpush_to_aiv"(%t) {split = 1 : i8, id = 1 : i32} : (tensor<16x16xf32>) -> ()
  %p = "pto.tpop_from_aiv"() {split = 0 : i8, id = 1 : i32} : () -> tensor<16x16xf32>
  %q = "pto.tpop_from_aiv"(%n, %n) {split = 0 : i8, operandSegmentSizes = array<i32: 1, 1>} : (index, index) -> tensor<16x16xf32>
  "pto.tfree_from_aiv"() {split = 0 : i8, id = 1 : i32} : () -> ()
  "pto.tfree_from_aiv"(%q) : (tensor<16x16xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @vector
// CHECK-SAME:    pto.kernel_kind = #pto.kernel_kind<vector>
// CHECK:         "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 1024 : i32} : () -> ()
// CHECK:         pto.get_subblock_idx{{$}}
// CHECK:         "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<8x16xf32>
// CHECK:         pto.tfree_from_aic {split = 1}{{$}}
// CHECK:         "pto.tpush_to_aic"(%{{.*}}, %{{.*}}) {split = 0 : i8} : (tensor<8x16xf32>, i64) -> ()
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
  "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 1024 : i32} : () -> ()
  %sb = "pto.get_subblock_idx"() : () -> i64
  %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<8x16xf32>
  "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
  "pto.tpush_to_aic"(%h, %sb) {split = 0 : i8} : (tensor<8x16xf32>, i64) -> ()
  return
}

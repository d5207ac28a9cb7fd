// Split messages of memref tiles: each vector sub-block pops half the cube's
// memref (pto-verify-fifo raised an internal AttributeError on any split
// memref message); a memref with a non-identity layout cannot be halved.
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-verify-fifo="remarks=true"

// expected-remark @below {{FIFO verified for @cube / @vector}}
module {
  func.func @cube(%t: memref<16x16xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (memref<16x16xf32>) -> ()
    "pto.tpush_to_aiv"(%t) {split = 2 : i8} : (memref<16x16xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %x = "pto.tpop_from_aic"() {split = 1 : i8} : () -> memref<8x16xf32>
    "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
    %y = "pto.tpop_from_aic"() {split = 2 : i8} : () -> memref<16x8xf32>
    "pto.tfree_from_aic"() {split = 2 : i8} : () -> ()
    return
  }
}

// -----

func.func @cube(%t: memref<16x16xf32, strided<[32, 1]>>) attributes {pto.core = "aic"} {
  // expected-error @below {{split 1 (up/down) of a memref with a non-identity layout: memref<16x16xf32, strided<[32, 1]>>}}
  "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (memref<16x16xf32, strided<[32, 1]>>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %x = "pto.tpop_from_aic"() {split = 1 : i8} : () -> memref<8x16xf32>
  "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
  return
}

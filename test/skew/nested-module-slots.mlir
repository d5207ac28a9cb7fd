// The slot count of a loop's pipes: its kernel's initialise op, else the
// fifo-depth option, else the pto.fifo_depth of the nearest module enclosing
// the loop, else 4. Run from the top module, the pass used to read the top
// module's attribute for kernels in a nested module (issue 10 item 4).
// The kernels have no peer: at the module anchor each is planned alone.
// RUN: pto-opt %s --pass-pipeline="builtin.module(pto-skew-cross-core{remarks=true})" -verify-diagnostics
// RUN: pto-opt %s --pass-pipeline="builtin.module(pto-skew-cross-core{remarks=true fifo-depth=3})" 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: remark: skewed: depth 3 (requested 3, trip 12, slots 3; no vector kernel in this module: planned alone
// OPTION: remark: skewed: depth 3 (requested 3, trip 12, slots 3; no vector kernel in this module: planned alone
// OPTION: remark: skewed: depth 1 (requested 3, trip 12, slots 1; C2V has 1 slot: at most 1 iteration ahead; no vector kernel in this module: planned alone
module attributes {pto.fifo_depth = 8 : i64} {
  func.func @outer(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    // expected-remark @below {{skewed: depth 3 (requested 3, trip 12, slots 8; no vector kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
    scf.for %i = %c0 to %c12 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
      %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
    } {pto.pipeline_stages = 4 : i64}
    return
  }
  module attributes {pto.fifo_depth = 2 : i64} {
    func.func @inner(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c12 = arith.constant 12 : index
      // expected-remark @below {{skewed: depth 2 (requested 3, trip 12, slots 2; C2V has 2 slots: at most 2 iterations ahead; no vector kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
      scf.for %i = %c0 to %c12 step %c1 {
        "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
        %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      } {pto.pipeline_stages = 4 : i64}
      return
    }
    // The initialise op wins over the option and the attributes.
    func.func @initialised(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c12 = arith.constant 12 : index
      "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, slot_num = 1 : i32} : () -> ()
      // expected-remark @below {{skewed: depth 1 (requested 3, trip 12, slots 1; C2V has 1 slot: at most 1 iteration ahead; no vector kernel in this module: planned alone, assuming a peer that pops each message in order (as pto-sim's echo peer does))}}
      scf.for %i = %c0 to %c12 step %c1 {
        "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
        %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
      } {pto.pipeline_stages = 4 : i64}
      return
    }
  }
}

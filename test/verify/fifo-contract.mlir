// pto-verify-fifo on the real FIFO contract (docs/fifo-contract.md): pipes
// told apart by id, slot counts from the initialise ops, split halves and
// the two vector sub-blocks, in-order operand-less tfree.
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics

// Two pipes by id: each is its own FIFO, so popping id 1 first is fine and
// the types are checked per pipe.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 1 messages, peak 1 of 4 slots held; C2V id 1 1 messages, peak 1 of 4 slots held; no deadlock}}
module {
  func.func @cube(%a: tensor<16xf32>, %b: tensor<8xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<"cube">} {
    "pto.tpush_to_aiv"(%a) {id = 0 : i32, split = 0 : i8} : (tensor<16xf32>) -> ()
    "pto.tpush_to_aiv"(%b) {id = 1 : i32, split = 0 : i8} : (tensor<8xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
    %y = "pto.tpop_from_aic"() {id = 1 : i32, split = 0 : i8} : () -> tensor<8xf32>
    %x = "pto.tpop_from_aic"() {id = 0 : i32, split = 0 : i8} : () -> tensor<16xf32>
    "pto.tfree_from_aic"() {id = 1 : i32} : () -> ()
    "pto.tfree_from_aic"() {id = 0 : i32} : () -> ()
    return
  }
}

// -----

// Up/down split: the cube pushes 16x16, each of the two sub-blocks pops and
// frees its 8x16 half; back on V2C each pushes its half and the cube pops
// the whole tile.
// expected-remark @below {{FIFO verified for @cube / @vector at 1 slot(s) per pipe, 2 vector sub-blocks: C2V 4 messages, peak 1 of 1 slots held; V2C 4 messages, peak 1 of 1 slots held; no deadlock}}
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<16x16xf32>) -> ()
      %r = "pto.tpop_from_aiv"() {split = 1 : i8} : () -> tensor<16x16xf32>
      "pto.tfree_from_aiv"() {split = 1 : i8} : () -> ()
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<8x16xf32>
      "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
      "pto.tpush_to_aic"(%h) {split = 1 : i8} : (tensor<8x16xf32>) -> ()
    }
    return
  }
}

// -----

// Left/right halves the columns: popping the full tile is a mismatch.
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  // expected-note @below {{message #0 pushed here}}
  "pto.tpush_to_aiv"(%t) {split = 2 : i8} : (tensor<16x16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  // expected-error @below {{tile type mismatch on C2V: pops tensor<16x16xf32>, but message #0 is tensor<16x16xf32> (split 2 halves tensor<16x16xf32>)}}
  %h = "pto.tpop_from_aic"() {split = 2 : i8} : () -> tensor<16x16xf32>
  return
}

// -----

// Push and pop of one message disagree on split.
func.func @cube(%t: tensor<16x16xf32>) attributes {pto.core = "aic"} {
  // expected-note @below {{message #0 pushed here}}
  "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<16x16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  // expected-error @below {{split mismatch on C2V: pops with split 2, but message #0 is pushed with split 1}}
  %h = "pto.tpop_from_aic"() {split = 2 : i8} : () -> tensor<16x8xf32>
  return
}

// -----

// An odd number of rows cannot be halved.
func.func @cube(%t: tensor<15x16xf32>) attributes {pto.core = "aic"} {
  // expected-error @below {{split 1 (up/down) halves dimension 0 of tensor<15x16xf32>, which is odd}}
  "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<15x16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<7x16xf32>
  return
}

// -----

// Unsplit with two sub-blocks (the vector asks for its sub-block): each
// sub-block pops the whole tile, and the slot is free again only when both
// freed it. One slot suffices when each frees before its next pop ...
// expected-remark @below {{FIFO verified for @cube / @vector at 1 slot(s) per pipe, 2 vector sub-blocks: C2V 3 messages, peak 1 of 1 slots held; no deadlock}}
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %sb = "pto.get_subblock_idx"() : () -> i64
    scf.for %i = %c0 to %c3 step %c1 {
      %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
      "pto.tfree_from_aic"() : () -> ()
    }
    return
  }
}

// -----

// ... and a sub-block holding two popped tiles before freeing needs two.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    // expected-error @below {{deadlock at 1 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 1 of 1 slots: 0 in flight, 1 popped awaiting tfree; 1 pushed, 1 popped), while the vector sub-block 0 waits too}}
    // expected-note @below {{the cube kernel waits here}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %sb = "pto.get_subblock_idx"() : () -> i64
    %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    // expected-error @below {{deadlock at 1 slot(s) per pipe: this pop from C2V waits for message #1, while the cube kernel waits too}}
    // expected-note @below {{the vector sub-block 0 waits here}}
    %y = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    "pto.tfree_from_aic"() : () -> ()
    "pto.tfree_from_aic"() : () -> ()
    return
  }
}

// -----

// The slot count comes from the initialise ops: one direction, 8 slots (the
// module says 1). The vector holds every popped tile until the end, so the
// ninth push waits for a slot that never frees.
module attributes {pto.fifo_depth = 1 : i64} {
  func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    "pto.aic_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32} : () -> ()
    scf.for %i = %c0 to %c9 step %c1 {
      // expected-error @below {{deadlock at 8 slot(s) per pipe: this push to C2V waits for a free slot (C2V holds 8 of 8 slots: 0 in flight, 8 popped awaiting tfree; 8 pushed, 8 popped), while the vector kernel waits too}}
      // expected-note @below {{the cube kernel waits here}}
      "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
    }
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32} : () -> ()
    scf.for %i = %c0 to %c9 step %c1 {
      // expected-error @below {{deadlock at 8 slot(s) per pipe: this pop from C2V waits for message #8, while the cube kernel waits too}}
      // expected-note @below {{the vector kernel waits here}}
      %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
    }
    scf.for %i = %c0 to %c9 step %c1 {
      "pto.tfree_from_aic"() : () -> ()
    }
    return
  }
}

// -----

// The two kernels' initialise ops disagree on the slot count.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32} : () -> ()
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  // expected-error @below {{pipe C2V has 2 slots here but 4 in the cube kernel}}
  "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32, slot_num = 2 : i32} : () -> ()
  %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// A kernel with initialise ops must declare every pipe it uses.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.aic_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32} : () -> ()
  // expected-error @below {{pipe C2V id 1 is not initialised in @cube, which initialises other pipes}}
  "pto.tpush_to_aiv"(%t) {id = 1 : i32} : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %x = "pto.tpop_from_aic"() {id = 1 : i32} : () -> tensor<16xf32>
  return
}

// -----

// A pipe initialised twice in one kernel.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.aic_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32} : () -> ()
  // expected-error @below {{pipe C2V is initialised twice in this function}}
  "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32} : () -> ()
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// pto.core and pto.kernel_kind must agree.
// expected-error @below {{'pto.core' and 'pto.kernel_kind' disagree: cube and vector}}
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic", pto.kernel_kind = #pto.kernel_kind<"vector">} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  return
}

// -----

// Only a function can be a kernel.
// expected-error @below {{'pto.core' marks a kernel function, but 'memref.global' is not a function}}
memref.global "private" @g : memref<4xf32> {pto.core = "aic"}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<"vector">} {
  %x = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  return
}

// -----

// Pipes declared, no message sent: nothing to list.
// expected-remark @below {{FIFO verified for @cube / @vector: no messages; no deadlock (0 events simulated}}
module {
  func.func @cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c0 : i32, v2c_consumer_buf = %c0 : i32)
    return
  }
  func.func @vector(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : i32
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c0 : i32, v2c_consumer_buf = %c0 : i32)
    return
  }
}

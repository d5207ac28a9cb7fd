// pto-verify-fifo on tile IR and on split memref messages: a tile buffer's
// message is its rows x columns x element type (its memory and layout change
// on the way); split halves rows or columns; a pop may give its valid shape
// and its sub-block; the initialise ops take a GM pointer and reserved
// buffers. Split memref messages used to stop the verifier with an
// internal AttributeError.
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics

// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe, 2 vector sub-blocks: C2V 1 messages, peak 1 of 4 slots held; V2C 1 messages, peak 1 of 4 slots held; no deadlock}}
module {
  func.func @cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %fwd = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
    %back = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %back : i32)
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    %p = pto.tpop_from_aiv {split = 2} -> !pto.tile_buf<mat, 16x32xbf16, blayout=col_major, slayout=row_major>
    pto.tfree_from_aiv {split = 2}
    return
  }
  func.func @vector(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %fwd = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    %back = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %back : i32)
    %sb = pto.get_subblock_idx
    %s = pto.tpop_from_aic (%c8, %c16) {split = 1} aiv_subblockid(%sb) -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tfree_from_aic {split = 1}
    %h = pto.alloc_tile : !pto.tile_buf<vec, 16x16xbf16>
    pto.tpush_to_aic(%h : !pto.tile_buf<vec, 16x16xbf16>) {split = 2} aiv_subblockid(%sb)
    return
  }
}

// -----

// A sub-block pops its half of a split tile buffer as the whole tile.
module {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    // expected-note @below {{message #0 pushed here}}
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    // expected-error @below {{tile type mismatch on C2V: pops tile_buf<32x16xf32>, but message #0 is tile_buf<32x16xf32> (split 1 halves}}
    %s = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 32x16xf32>
    pto.tfree_from_aic {split = 1}
    return
  }
}

// -----

// Split memref messages: halves of identity-layout memrefs.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe, 2 vector sub-blocks: C2V 1 messages, peak 1 of 4 slots held; no deadlock}}
module {
  func.func @cube(%m: memref<32x16xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%m) {split = 1 : i8} : (memref<32x16xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> memref<16x16xf32>
    "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
    return
  }
}

// -----

// A memref with a strided layout cannot be halved by the contract's rule.
module {
  func.func @cube(%m: memref<32x16xf32, strided<[32, 1]>>) attributes {pto.core = "aic"} {
    // expected-error @below {{split 1 (up/down) of a memref with a non-identity layout: memref<32x16xf32, strided<[32, 1]>>}}
    "pto.tpush_to_aiv"(%m) {split = 1 : i8} : (memref<32x16xf32, strided<[32, 1]>>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> memref<16x16xf32, strided<[32, 1]>>
    "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
    return
  }
}

// -----

// A push of a slot of a multi-buffered tile (slot i mod 2) is the message of
// the slot's tile type, like a push of a tile buffer.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe, 2 vector sub-blocks: C2V 6 messages, peak 4 of 4 slots held; no deadlock}}
module {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, count = 2>
    scf.for %i = %c0 to %c6 step %c1 {
      %k = arith.remui %i, %c2 : index
      %acc = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, count = 2> -> !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
      pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    }
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %h = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 16x16xf32>
      pto.tfree_from_aic {split = 1}
    }
    return
  }
}

// -----

// The slot's tile type is the message: a pop of another type is a mismatch.
module {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, count = 3>
    %acc = pto.multi_tile_get %mb[%c0] : !pto.multi_tile_buf<!pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, count = 3> -> !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    // expected-note @below {{message #0 pushed here}}
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    // expected-error @below {{tile type mismatch on C2V: pops tile_buf<16x16xf16>, but message #0 is tile_buf<32x16xf32> (split 1 halves}}
    %s = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 16x16xf16>
    pto.tfree_from_aic {split = 1}
    return
  }
}

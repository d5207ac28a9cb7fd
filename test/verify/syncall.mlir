// pto.syncall makes the cores wait for each other, which the FIFO model
// does not model: a pair with one is not proved deadlock-free (the
// simulator runs the barrier: test/sim/test_syncall.py). Here the cube
// waits at the barrier before it pushes, and the vector pops before it
// reaches the barrier: a deadlock, which the verifier used to call
// "verified".
// RUN: pto-opt %s --pto-verify-fifo="remarks=true" -split-input-file -verify-diagnostics

module {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
    // expected-warning @below {{could not prove FIFO message counts, tile types or deadlock freedom: 'pto.syncall' makes the cores wait for each other, which the FIFO model does not (a pipe op on either side of it may deadlock)}}
    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
    pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {split = 0}
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    // expected-warning @below {{could not prove FIFO message counts}}
    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>
    return
  }
}

// -----

// A barrier reached through a call counts, at the call.
module {
  func.func private @phase_end() {
    pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<aiv_only>
    return
  }
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
    pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {split = 0}
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
    // expected-warning @below {{'pto.syncall' makes the cores wait for each other}}
    func.call @phase_end() : () -> ()
    return
  }
}

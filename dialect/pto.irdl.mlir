// The pto dialect: the cross-core FIFO between the matrix core (AIC, "cube")
// and the vector core (AIV), after the PTOAS front-end ops (see
// docs/fifo-contract.md for the sources and every difference). IRDL ops have
// no custom assembly (generic form only) and unknown side effects, so CSE/DCE
// never merge or drop FIFO traffic.
//
// What IRDL in MLIR 22 cannot say, and the passes check instead
// (python/skew_mlir/fifo_model.py, op_error):
// - tiles should be ranked tensors or memrefs:
//   `irdl.any_of(irdl.base "!builtin.tensor", irdl.base "!builtin.memref")`
//   aborts the loader (UNREACHABLE "unknown IRDL constraint" in
//   IRDLLoading.cpp getBases), and a single `irdl.base` rejects one of the two;
// - a declared attribute is required, so the optional `split` and `id`
//   (default 0) and the initialisation's optional `slot_num` are not declared;
// - two optional operands need `operandSegmentSizes` in every op, which
//   existing IR does not carry, so a pop's valid shape is one variadic group
//   of index operands (0 or 2 of them).
irdl.dialect @pto {
  // The kernel kind of a function: #pto.kernel_kind<"cube"> / <"vector">
  // (PTOAS writes #pto.kernel_kind<cube>, an enum IRDL cannot parse).
  irdl.attribute @kernel_kind {
    %kind = irdl.base "#builtin.string"
    irdl.parameters(kind: %kind)
  }
  // declare the cube's pipes: dir_mask 1 (C2V), 2 (V2C), 3 (both); slot_size
  // in bytes; optional id, slot_num (default 8 for one direction, 4 for
  // both). The buffer operands are accepted and not interpreted.
  irdl.operation @aic_initialize_pipe {
    %mask = irdl.base "#builtin.integer"
    %size = irdl.base "#builtin.integer"
    %buffer = irdl.any
    irdl.attributes {"dir_mask" = %mask, "slot_size" = %size}
    irdl.operands(buffers: variadic %buffer)
    irdl.results()
  }
  // declare the vector's pipes (as aic_initialize_pipe)
  irdl.operation @aiv_initialize_pipe {
    %mask = irdl.base "#builtin.integer"
    %size = irdl.base "#builtin.integer"
    %buffer = irdl.any
    irdl.attributes {"dir_mask" = %mask, "slot_size" = %size}
    irdl.operands(buffers: variadic %buffer)
    irdl.results()
  }
  // push a tile to the cube->vector pipe (C2V); runs on the cube
  irdl.operation @tpush_to_aiv {
    %tile = irdl.any
    irdl.operands(tile: %tile)
    irdl.results()
  }
  // pop the next tile of the cube->vector pipe; runs on the vector; optional
  // valid row / column count
  irdl.operation @tpop_from_aic {
    %index = irdl.is index
    %tile = irdl.any
    irdl.operands(valid_shape: variadic %index)
    irdl.results(tile: %tile)
  }
  // release the oldest popped, unreleased C2V slot; runs on the vector; the
  // optional operand names the popped tile
  irdl.operation @tfree_from_aic {
    %tile = irdl.any
    irdl.operands(tile: optional %tile)
    irdl.results()
  }
  // push a tile to the vector->cube pipe (V2C); runs on the vector; optional
  // sub-block id of the pushing vector core
  irdl.operation @tpush_to_aic {
    %tile = irdl.any
    %subblock = irdl.any
    irdl.operands(tile: %tile, aiv_subblockid: optional %subblock)
    irdl.results()
  }
  // pop the next tile of the vector->cube pipe; runs on the cube
  irdl.operation @tpop_from_aiv {
    %index = irdl.is index
    %tile = irdl.any
    irdl.operands(valid_shape: variadic %index)
    irdl.results(tile: %tile)
  }
  // release the oldest popped, unreleased V2C slot; runs on the cube
  irdl.operation @tfree_from_aiv {
    %tile = irdl.any
    irdl.operands(tile: optional %tile)
    irdl.results()
  }
  // the index (0 or 1) of the vector sub-block running this code
  irdl.operation @get_subblock_idx {
    %i64 = irdl.is i64
    irdl.operands()
    irdl.results(result: %i64)
  }
}

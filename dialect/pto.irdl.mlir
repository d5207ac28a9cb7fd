// The pto dialect: the cross-core FIFO between the matrix core (AIC, "cube")
// and the vector core (AIV). IRDL ops have no custom assembly (generic form
// only) and unknown side effects, so CSE/DCE never merge or drop FIFO traffic.
//
// Tiles should be ranked tensors or memrefs, but IRDL in MLIR 22 cannot say
// so: `irdl.any_of(irdl.base "!builtin.tensor", irdl.base "!builtin.memref")`
// aborts the loader (UNREACHABLE "unknown IRDL constraint" in
// IRDLLoading.cpp getBases), and a single `irdl.base` would reject one of the
// two. So IRDL pins the arity here and `pto-verify-fifo` checks tile types.
irdl.dialect @pto {
  // push a tile to the cube->vector pipe (C2V); runs on the cube
  irdl.operation @tpush_to_aiv {
    %tile = irdl.any
    irdl.operands(tile: %tile)
    irdl.results()
  }
  // pop the next tile of the cube->vector pipe; runs on the vector
  irdl.operation @tpop_from_aic {
    %tile = irdl.any
    irdl.operands()
    irdl.results(tile: %tile)
  }
  // release the C2V slot of a popped tile; runs on the vector
  irdl.operation @tfree_from_aic {
    %tile = irdl.any
    irdl.operands(tile: %tile)
    irdl.results()
  }
  // push a tile to the vector->cube pipe (V2C); runs on the vector
  irdl.operation @tpush_to_aic {
    %tile = irdl.any
    irdl.operands(tile: %tile)
    irdl.results()
  }
  // pop the next tile of the vector->cube pipe; runs on the cube
  irdl.operation @tpop_from_aiv {
    %tile = irdl.any
    irdl.operands()
    irdl.results(tile: %tile)
  }
  // release the V2C slot of a popped tile; runs on the cube
  irdl.operation @tfree_from_aiv {
    %tile = irdl.any
    irdl.operands(tile: %tile)
    irdl.results()
  }
}

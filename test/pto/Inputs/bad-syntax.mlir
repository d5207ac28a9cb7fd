func.func @cube(%t: !pto.tile_buf<acc, 16x16xf32>) {
  %c0 = arith.constant 0 : index
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {id = 1}
  return
}

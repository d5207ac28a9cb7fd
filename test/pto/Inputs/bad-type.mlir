func.func @vector(%t: !pto.tile_buf<l1, 16x16xf32>) {
  return
}

func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : index
  %t = pto.tpop_form_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

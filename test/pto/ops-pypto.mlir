// The further PTOAS tile, sync and view ops pypto's code generator emits, in
// kernels of our own: each parses, prints in the syntax PTOAS reads and
// prints (attributes inside `ins(...)` where PTOAS puts them, optional
// scratch tiles and results only when present), and the printed text is a
// fixed point, in the custom and in the generic form.
// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file > %t.1.mlir
// RUN: pto-opt %t.1.mlir -split-input-file > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: pto-opt %s -split-input-file -mlir-print-op-generic | pto-opt -split-input-file > %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir

// Bitwise ops and shifts; txor and txors with and without their optional
// scratch tile (older PTOAS required it).
// CHECK-LABEL: func.func @bitwise
// CHECK-SAME: (%arg0: [[I:!pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], %arg1: [[I]], %arg2: [[I]], %arg3: [[I]], %arg4: i32, %arg5: i16)
// CHECK-NEXT: pto.tand ins(%arg0, %arg1 : [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tor ins(%arg0, %arg1 : [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tnot ins(%arg0 : [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tshl ins(%arg0, %arg1 : [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tshr ins(%arg0, %arg1 : [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tands ins(%arg0, %arg4 : [[I]], i32) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tors ins(%arg0, %arg4 : [[I]], i32) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tshls ins(%arg0, %arg5 : [[I]], i16) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.tshrs ins(%arg0, %arg5 : [[I]], i16) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.txor ins(%arg0, %arg1, %arg3 : [[I]], [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.txors ins(%arg0, %arg4, %arg3 : [[I]], i32, [[I]]) outs(%arg2 : [[I]]) {note = "kept"}{{$}}
// CHECK-NEXT: pto.txor ins(%arg0, %arg1 : [[I]], [[I]]) outs(%arg2 : [[I]]){{$}}
// CHECK-NEXT: pto.txors ins(%arg0, %arg5 : [[I]], i16) outs(%arg2 : [[I]]){{$}}
func.func @bitwise(%a: !pto.tile_buf<vec, 16x32xi32>, %b: !pto.tile_buf<vec, 16x32xi32>,
                   %d: !pto.tile_buf<vec, 16x32xi32>, %tmp: !pto.tile_buf<vec, 16x32xi32>,
                   %s: i32, %k: i16) {
  pto.tand ins(%a, %b : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tor ins(%a, %b : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tnot ins(%a : !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tshl ins(%a, %b : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tshr ins(%a, %b : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tands ins(%a, %s : !pto.tile_buf<vec, 16x32xi32>, i32) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tors ins(%a, %s : !pto.tile_buf<vec, 16x32xi32>, i32) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tshls ins(%a, %k : !pto.tile_buf<vec, 16x32xi32>, i16) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.tshrs ins(%a, %k : !pto.tile_buf<vec, 16x32xi32>, i16) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.txor ins(%a, %b, %tmp : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.txors ins(%a, %s, %tmp : !pto.tile_buf<vec, 16x32xi32>, i32, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>) {note = "kept"}
  pto.txor ins(%a, %b : !pto.tile_buf<vec, 16x32xi32>, !pto.tile_buf<vec, 16x32xi32>) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  pto.txors ins(%a, %k : !pto.tile_buf<vec, 16x32xi32>, i16) outs(%d : !pto.tile_buf<vec, 16x32xi32>)
  return
}

// -----

// Arithmetic, reductions and broadcasts; trowexpand{max,min,expdif} and
// trowprod with and without their optional scratch tile; tfmod's precision
// (the default not printed).
// CHECK-LABEL: func.func @arith
// CHECK-SAME: (%arg0: [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, [^>]*>]], %arg1: [[F]], %arg2: [[F]], %arg3: [[F]], %arg4: [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, [^>]*>]], %arg5: [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, [^>]*>]], %arg6: [[BIG:!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, [^>]*>]], %arg7: f32, %arg8: i32)
// CHECK-NEXT: pto.tfmod ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tfmod ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<fmod_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tfmod ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tfmods ins(%arg0, %arg7 : [[F]], f32) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tlrelu ins(%arg0, %arg7 : [[F]], f32) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tsubc ins(%arg0, %arg1, %arg3 : [[F]], [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.taddsc ins(%arg0, %arg7, %arg1 : [[F]], f32, [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tsubsc ins(%arg0, %arg8, %arg1 : [[F]], i32, [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tpartadd ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tpartmul ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tpartmax ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tpartmin ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tcolprod ins(%arg0 : [[F]]) outs(%arg5 : [[ROW]]){{$}}
// CHECK-NEXT: pto.trowprod ins(%arg0, %arg3 : [[F]], [[F]]) outs(%arg4 : [[COL]]){{$}}
// CHECK-NEXT: pto.trowprod ins(%arg0 : [[F]]) outs(%arg4 : [[COL]]){{$}}
// CHECK-NEXT: pto.tcolexpandmax ins(%arg0, %arg5 : [[F]], [[ROW]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tcolexpandmin ins(%arg0, %arg5 : [[F]], [[ROW]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandmax ins(%arg0, %arg4 : [[F]], [[COL]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandmax ins(%arg0, %arg4, %arg3 : [[F]], [[COL]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandmin ins(%arg0, %arg4 : [[F]], [[COL]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandmin ins(%arg0, %arg4, %arg3 : [[F]], [[COL]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandexpdif ins(%arg0, %arg4 : [[F]], [[COL]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trowexpandexpdif ins(%arg0, %arg4, %arg3 : [[F]], [[COL]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tfillpad_expand ins(%arg0 : [[F]]) outs(%arg6 : [[BIG]]){{$}}
func.func @arith(%a: !pto.tile_buf<vec, 16x32xf32>, %b: !pto.tile_buf<vec, 16x32xf32>,
                 %d: !pto.tile_buf<vec, 16x32xf32>, %tmp: !pto.tile_buf<vec, 16x32xf32>,
                 %col: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>,
                 %row: !pto.tile_buf<vec, 1x32xf32>,
                 %big: !pto.tile_buf<vec, 32x32xf32, pad=1>, %s: f32, %n: i32) {
  pto.tfmod ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tfmod ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<fmod_precision high_precision>}
  pto.tfmod ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<fmod_precision default>}
  pto.tfmods ins(%a, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tlrelu ins(%a, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsubc ins(%a, %b, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.taddsc ins(%a, %s, %b : !pto.tile_buf<vec, 16x32xf32>, f32, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsubsc ins(%a, %n, %b : !pto.tile_buf<vec, 16x32xf32>, i32, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tpartadd ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tpartmul ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tpartmax ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tpartmin ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolprod ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%row : !pto.tile_buf<vec, 1x32xf32>)
  pto.trowprod ins(%a, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowprod ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.tcolexpandmax ins(%a, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolexpandmin ins(%a, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmax ins(%a, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmax ins(%a, %col, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmin ins(%a, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmin ins(%a, %col, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandexpdif ins(%a, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandexpdif ins(%a, %col, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tfillpad_expand ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%big : !pto.tile_buf<vec, 32x32xf32, pad=1>)
  return
}

// -----

// Compares, selects (with and without their optional scratch tile; tsels
// takes it between the source and the scalar) and generated tiles. Their attributes sit inside
// `ins(...)` (tcmp, tcmps, ttri, trandom); a default value is not printed
// (tcmps' eq, ttri's 0, trandom's 10 rounds), tcmp's optional mode is
// printed whenever given. pypto writes a non-default ttri and trandom in
// the generic form, which reads too.
// CHECK-LABEL: func.func @compare_select
// CHECK-SAME: (%arg0: [[F:!pto.tile_buf<loc=vec, dtype=f32, [^>]*>]], %arg1: [[F]], %arg2: [[M:!pto.tile_buf<loc=vec, dtype=i8, [^>]*>]], %arg3: [[F]], %arg4: [[F]], %arg5: f32, %arg6: [[I:!pto.tile_buf<loc=vec, dtype=i32, [^>]*>]], %arg7: i32, %arg8: i64)
// CHECK-NEXT: pto.tcmp ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmp ins(%arg0, %arg1 {cmpMode = #pto<cmp eq>} : [[F]], [[F]]) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmp ins(%arg0, %arg1 {cmpMode = #pto<cmp ge>} : [[F]], [[F]]) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 {cmpMode = #pto<cmp lt>} : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 {cmpMode = #pto<cmp ne>} : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 {cmpMode = #pto<cmp le>} : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tcmps ins(%arg0, %arg5 {cmpMode = #pto<cmp gt>} : [[F]], f32) outs(%arg2 : [[M]]){{$}}
// CHECK-NEXT: pto.tsel ins(%arg2, %arg0, %arg1, %arg3 : [[M]], [[F]], [[F]], [[F]]) outs(%arg4 : [[F]]){{$}}
// CHECK-NEXT: pto.tsels ins(%arg2, %arg0, %arg3, %arg5 : [[M]], [[F]], [[F]], f32) outs(%arg4 : [[F]]){{$}}
// CHECK-NEXT: pto.tsel ins(%arg2, %arg0, %arg1 : [[M]], [[F]], [[F]]) outs(%arg4 : [[F]]){{$}}
// CHECK-NEXT: pto.tsels ins(%arg2, %arg0, %arg5 : [[M]], [[F]], f32) outs(%arg4 : [[F]]) {note = "kept"}{{$}}
// CHECK-NEXT: pto.ttri ins(%arg7 : i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.ttri ins(%arg7 {upperOrLower = 1 : i32} : i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.ttri ins(%arg7 {upperOrLower = 1 : i32} : i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.ttri ins(%arg8 : i64) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.trandom ins(%arg7, %arg7, %arg7, %arg7, %arg7, %arg7 : i32, i32, i32, i32, i32, i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.trandom ins(%arg7, %arg7, %arg7, %arg7, %arg7, %arg7 : i32, i32, i32, i32, i32, i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.trandom ins(%arg7, %arg7, %arg7, %arg7, %arg7, %arg7 {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%arg6 : [[I]]){{$}}
// CHECK-NEXT: pto.trandom ins(%arg7, %arg7, %arg7, %arg7, %arg7, %arg7 {rounds = 4 : i32} : i32, i32, i32, i32, i32, i32) outs(%arg6 : [[I]]){{$}}
func.func @compare_select(%a: !pto.tile_buf<vec, 16x32xf32>, %b: !pto.tile_buf<vec, 16x32xf32>,
                          %mask: !pto.tile_buf<vec, 16x32xi8>, %tmp: !pto.tile_buf<vec, 16x32xf32>,
                          %d: !pto.tile_buf<vec, 16x32xf32>, %s: f32,
                          %gen: !pto.tile_buf<vec, 32x32xi32>, %n: i32, %m: i64) {
  pto.tcmp ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmp ins(%a, %b {cmpMode = #pto<cmp eq>} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmp ins(%a, %b {cmpMode = #pto<cmp ge>} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp eq>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp lt>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp ne>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp le>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp gt>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tsel ins(%mask, %a, %b, %tmp : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsels ins(%mask, %a, %tmp, %s : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsel ins(%mask, %a, %b : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsels ins(%mask, %a, %s : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {note = "kept"}
  pto.ttri ins(%n : i32) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  pto.ttri ins(%n {upperOrLower = 1 : i32} : i32) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  "pto.ttri"(%n, %gen) {upperOrLower = 1 : i32} : (i32, !pto.tile_buf<vec, 32x32xi32>) -> ()
  pto.ttri ins(%m {upperOrLower = 0 : i32} : i64) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  pto.trandom ins(%n, %n, %n, %n, %n, %n : i32, i32, i32, i32, i32, i32) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  pto.trandom ins(%n, %n, %n, %n, %n, %n {rounds = 10 : i32} : i32, i32, i32, i32, i32, i32) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  pto.trandom ins(%n, %n, %n, %n, %n, %n {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%gen : !pto.tile_buf<vec, 32x32xi32>)
  "pto.trandom"(%n, %n, %n, %n, %n, %n, %gen) {rounds = 4 : i32} : (i32, i32, i32, i32, i32, i32, !pto.tile_buf<vec, 32x32xi32>) -> ()
  return
}

// -----

// Gathers, scatters, inserts and sorts. mgather's `coalesce` is required
// and its optional third `ins` operand is a global scratch window; its and
// mscatter's default-valued modes are printed only when not the default,
// mscatter's in PTOAS's order (coalesce, scatterAtomicOp, scatterOob,
// scatterConflict) after the others; tscatter through an index tile or a
// mask pattern (with or without its axis); tinsert out of the accumulator
// with a scaling tile, a pre-quantisation scalar and its modes; tsort32
// with and without its scratch tile; tmrgsort in its forms (one tile of
// sorted blocks, or 2 to 4 sorted lists through a scratch tile or with
// `no_tmp`; `{exhausted = ..}` is always printed in the second, and read as
// false when left out).
// CHECK-LABEL: func.func @gather_scatter_sort
// CHECK-SAME: (%arg0: [[V:!pto.partition_tensor_view<1x256xf32>]], %arg1: [[IDX:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=256, [^>]*>]], %arg2: [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, [^>]*>]], %arg3: [[SMALL:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, [^>]*>]], %arg4: index, %arg5: [[U:!pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=256, [^>]*>]], %arg6: [[PAIRS:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, [^>]*>]], %arg7: [[PAIRS]], %arg8: [[PAIRS]], %arg9: [[PAIRS]], %arg10: [[ALL:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=2048, [^>]*>]], %arg11: [[ALL]], %arg12: vector<4xi16>, %arg13: i32, %arg14: [[GI:!pto.partition_tensor_view<1x256xi32>]], %arg15: [[ACC:!pto.tile_buf<loc=acc, [^>]*>]], %arg16: [[MAT:!pto.tile_buf<loc=mat, [^>]*>]], %arg17: [[SC:!pto.tile_buf<loc=scaling, [^>]*>]], %arg18: i64)
// CHECK-NEXT: pto.tgatherb ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tscatter ins(%arg2, {maskPattern = #pto.mask_pattern<P0101>} : [[T]], "row") outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tscatter ins(%arg3, {maskPattern = #pto.mask_pattern<P1111>} : [[SMALL]], "col") outs(%arg2 : [[T]]) {note = "kept"}{{$}}
// CHECK-NEXT: pto.tscatter ins(%arg2, {maskPattern = #pto.mask_pattern<P1000>} : [[T]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tinsert ins(%arg3, %arg4, %arg4 : [[SMALL]], index, index) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tinsert ins(%arg15, %arg4, %arg4 : [[ACC]], index, index fp %arg17 : [[SC]]) outs(%arg16 : [[MAT]]){{$}}
// CHECK-NEXT: pto.tinsert ins(%arg15, %arg4, %arg4 : [[ACC]], index, index pre_quant %arg18 : i64) outs(%arg16 : [[MAT]]) {reluPreMode = #pto<relu_pre_mode normal_relu>}{{$}}
// CHECK-NEXT: pto.tinsert ins(%arg15, %arg4, %arg4 : [[ACC]], index, index fp %arg17 : [[SC]] pre_quant %arg18 : i64) outs(%arg2 : [[T]]) {accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_m>, tinsertMode = #pto.tinsert_mode<split4>}{{$}}
// CHECK-NEXT: pto.mgather ins(%arg0, %arg1 : [[V]], [[IDX]]) outs(%arg2 : [[T]]) {coalesce = #pto<coalesce row>}{{$}}
// CHECK-NEXT: pto.mgather ins(%arg0, %arg1 : [[V]], [[IDX]]) outs(%arg2 : [[T]]) {coalesce = #pto<coalesce elem>, gatherOob = #pto<gather_oob clamp>}{{$}}
// CHECK-NEXT: pto.mgather ins(%arg0, %arg1 : [[V]], [[IDX]]) outs(%arg2 : [[T]]) {coalesce = #pto<coalesce row>, gatherOob = #pto<gather_oob zero>}{{$}}
// CHECK-NEXT: pto.mgather ins(%arg0, %arg14, %arg0 : [[V]], [[GI]], [[V]]) outs(%arg16 : [[MAT]]) {coalesce = #pto<coalesce elem>}{{$}}
// CHECK-NEXT: pto.mscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg0 : [[V]]){{$}}
// CHECK-NEXT: pto.mscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg0 : [[V]]) {scatterAtomicOp = #pto<scatter_atomic_op add>}{{$}}
// CHECK-NEXT: pto.mscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg0 : [[V]]) {coalesce = #pto<coalesce elem>, scatterAtomicOp = #pto<scatter_atomic_op max>, scatterOob = #pto<scatter_oob skip>}{{$}}
// CHECK-NEXT: pto.mscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg0 : [[V]]) {note = "kept", coalesce = #pto<coalesce row>, scatterOob = #pto<scatter_oob wrap>, scatterConflict = #pto<scatter_conflict last>}{{$}}
// CHECK-NEXT: pto.mscatter ins(%arg2, %arg1 : [[T]], [[IDX]]) outs(%arg0 : [[V]]) {coalesce = #pto<coalesce elem>, scatterConflict = #pto<scatter_conflict default>}{{$}}
// CHECK-NEXT: pto.tsort32 ins(%arg2, %arg5 : [[T]], [[U]]) outs(%arg6 : [[PAIRS]]){{$}}
// CHECK-NEXT: pto.tsort32 ins(%arg2, %arg5, %arg7 : [[T]], [[U]], [[PAIRS]]) outs(%arg6 : [[PAIRS]]){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg13 : [[PAIRS]], i32) outs(%arg7 : [[PAIRS]]){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg7, %arg11 {exhausted = false} : [[PAIRS]], [[PAIRS]], [[ALL]]) outs(%arg10, %arg12 : [[ALL]], vector<4xi16>){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg7, %arg8, %arg11 {exhausted = true} : [[PAIRS]], [[PAIRS]], [[PAIRS]], [[ALL]]) outs(%arg10, %arg12 : [[ALL]], vector<4xi16>){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg7, %arg8, %arg9, %arg11 {exhausted = false} : [[PAIRS]], [[PAIRS]], [[PAIRS]], [[PAIRS]], [[ALL]]) outs(%arg10, %arg12 : [[ALL]], vector<4xi16>) {note = "kept"}{{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg7 no_tmp {exhausted = false} : [[PAIRS]], [[PAIRS]]) outs(%arg10, %arg12 : [[ALL]], vector<4xi16>){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%arg6, %arg7, %arg8, %arg9 no_tmp {exhausted = true} : [[PAIRS]], [[PAIRS]], [[PAIRS]], [[PAIRS]]) outs(%arg10, %arg12 : [[ALL]], vector<4xi16>){{$}}
func.func @gather_scatter_sort(%view: !pto.partition_tensor_view<1x256xf32>,
                               %idx: !pto.tile_buf<vec, 1x256xi32>,
                               %t: !pto.tile_buf<vec, 1x256xf32>,
                               %small: !pto.tile_buf<vec, 1x64xf32>, %at: index,
                               %order: !pto.tile_buf<vec, 1x256xui32>,
                               %p0: !pto.tile_buf<vec, 1x512xf32>, %p1: !pto.tile_buf<vec, 1x512xf32>,
                               %p2: !pto.tile_buf<vec, 1x512xf32>, %p3: !pto.tile_buf<vec, 1x512xf32>,
                               %merged: !pto.tile_buf<vec, 1x2048xf32>, %scratch: !pto.tile_buf<vec, 1x2048xf32>,
                               %executed: vector<4xi16>, %block: i32,
                               %gidx: !pto.partition_tensor_view<1x256xi32>, %acc: !pto.tile_buf<acc, 16x64xf32>,
                               %l1: !pto.tile_buf<mat, 32x128xf16>, %fp: !pto.tile_buf<scaling, 1x64xf16>, %q: i64) {
  pto.tgatherb ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>)
  pto.tscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>)
  pto.tscatter ins(%t, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x256xf32>, "row") outs(%t : !pto.tile_buf<vec, 1x256xf32>)
  pto.tscatter ins(%small, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x64xf32>, "col") outs(%t : !pto.tile_buf<vec, 1x256xf32>) {note = "kept"}
  pto.tscatter ins(%t, {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<vec, 1x256xf32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>)
  pto.tinsert ins(%small, %at, %at : !pto.tile_buf<vec, 1x64xf32>, index, index) outs(%t : !pto.tile_buf<vec, 1x256xf32>)
  pto.tinsert ins(%acc, %at, %at : !pto.tile_buf<acc, 16x64xf32>, index, index fp %fp : !pto.tile_buf<scaling, 1x64xf16>) outs(%l1 : !pto.tile_buf<mat, 32x128xf16>) {reluPreMode = #pto<relu_pre_mode no_relu>}
  pto.tinsert ins(%acc, %at, %at : !pto.tile_buf<acc, 16x64xf32>, index, index pre_quant %q : i64) outs(%l1 : !pto.tile_buf<mat, 32x128xf16>) {reluPreMode = #pto<relu_pre_mode normal_relu>}
  pto.tinsert ins(%acc, %at, %at : !pto.tile_buf<acc, 16x64xf32>, index, index fp %fp : !pto.tile_buf<scaling, 1x64xf16> pre_quant %q : i64) outs(%t : !pto.tile_buf<vec, 1x256xf32>) {tinsertMode = #pto.tinsert_mode<split4>, accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_m>}
  pto.mgather ins(%view, %idx : !pto.partition_tensor_view<1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>) {coalesce = #pto<coalesce row>, gatherOob = #pto<gather_oob undefined>}
  pto.mgather ins(%view, %idx : !pto.partition_tensor_view<1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>) {coalesce = #pto<coalesce elem>, gatherOob = #pto<gather_oob clamp>}
  pto.mgather ins(%view, %idx : !pto.partition_tensor_view<1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%t : !pto.tile_buf<vec, 1x256xf32>) {gatherOob = #pto<gather_oob zero>, coalesce = #pto<coalesce row>}
  pto.mgather ins(%view, %gidx, %view : !pto.partition_tensor_view<1x256xf32>, !pto.partition_tensor_view<1x256xi32>, !pto.partition_tensor_view<1x256xf32>) outs(%l1 : !pto.tile_buf<mat, 32x128xf16>) {coalesce = #pto<coalesce elem>}
  pto.mscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%view : !pto.partition_tensor_view<1x256xf32>) {scatterAtomicOp = #pto<scatter_atomic_op none>, scatterOob = #pto<scatter_oob undefined>}
  pto.mscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%view : !pto.partition_tensor_view<1x256xf32>) {scatterAtomicOp = #pto<scatter_atomic_op add>}
  pto.mscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%view : !pto.partition_tensor_view<1x256xf32>) {scatterOob = #pto<scatter_oob skip>, scatterAtomicOp = #pto<scatter_atomic_op max>, coalesce = #pto<coalesce elem>}
  pto.mscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%view : !pto.partition_tensor_view<1x256xf32>) {scatterConflict = #pto<scatter_conflict last>, scatterOob = #pto<scatter_oob wrap>, note = "kept", coalesce = #pto<coalesce row>}
  pto.mscatter ins(%t, %idx : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xi32>) outs(%view : !pto.partition_tensor_view<1x256xf32>) {coalesce = #pto<coalesce elem>, scatterConflict = #pto<scatter_conflict default>}
  pto.tsort32 ins(%t, %order : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xui32>) outs(%p0 : !pto.tile_buf<vec, 1x512xf32>)
  pto.tsort32 ins(%t, %order, %p1 : !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xui32>, !pto.tile_buf<vec, 1x512xf32>) outs(%p0 : !pto.tile_buf<vec, 1x512xf32>)
  pto.tmrgsort ins(%p0, %block : !pto.tile_buf<vec, 1x512xf32>, i32) outs(%p1 : !pto.tile_buf<vec, 1x512xf32>)
  pto.tmrgsort ins(%p0, %p1, %scratch : !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x2048xf32>) outs(%merged, %executed : !pto.tile_buf<vec, 1x2048xf32>, vector<4xi16>)
  pto.tmrgsort ins(%p0, %p1, %p2, %scratch {exhausted = true} : !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x2048xf32>) outs(%merged, %executed : !pto.tile_buf<vec, 1x2048xf32>, vector<4xi16>)
  pto.tmrgsort ins(%p0, %p1, %p2, %p3, %scratch {exhausted = false} : !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x2048xf32>) outs(%merged, %executed : !pto.tile_buf<vec, 1x2048xf32>, vector<4xi16>) {note = "kept"}
  pto.tmrgsort ins(%p0, %p1 no_tmp : !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>) outs(%merged, %executed : !pto.tile_buf<vec, 1x2048xf32>, vector<4xi16>)
  pto.tmrgsort ins(%p0, %p1, %p2, %p3 no_tmp {exhausted = true} : !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>, !pto.tile_buf<vec, 1x512xf32>) outs(%merged, %executed : !pto.tile_buf<vec, 1x2048xf32>, vector<4xi16>)
  return
}

// -----

// Matrix-vector products and MX matmuls on the cube, on tiles and with the
// optional tensor result of tensor-level IR, with their accumulation phase
// (`unspecified`, the default, not printed; tmatmul.mx.bias has none); the
// fp-scaled move and store, and the binding of an MX operand's scaling tile.
// CHECK-LABEL: func.func @cube
// CHECK-SAME: (%arg0: [[L:!pto.tile_buf<loc=left, [^>]*>]], %arg1: [[R:!pto.tile_buf<loc=right, [^>]*>]], %arg2: [[ACC:!pto.tile_buf<loc=acc, [^>]*>]], %arg3: [[BIAS:!pto.tile_buf<loc=bias, [^>]*>]], %arg4: [[LS:!pto.tile_buf<loc=left, dtype=!pto.f8E8M0, [^>]*>]], %arg5: [[RS:!pto.tile_buf<loc=right, dtype=!pto.f8E8M0, [^>]*>]], %arg6: [[SC:!pto.tile_buf<loc=scaling, [^>]*>]], %arg7: [[MAT:!pto.tile_buf<loc=mat, [^>]*>]], %arg8: [[GV:!pto.partition_tensor_view<16x16xf16>]], %arg9: tensor<16x16xf16>, %arg10: tensor<16x16xf32>)
// CHECK-NEXT: pto.tgemv ins(%arg0, %arg1 : [[L]], [[R]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tgemv.acc ins(%arg2, %arg0, %arg1 : [[ACC]], [[L]], [[R]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tgemv.bias ins(%arg0, %arg1, %arg3 : [[L]], [[R]], [[BIAS]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.mx ins(%arg0, %arg4, %arg1, %arg5 : [[L]], [[LS]], [[R]], [[RS]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.mx.acc ins(%arg2, %arg0, %arg4, %arg1, %arg5 : [[ACC]], [[L]], [[LS]], [[R]], [[RS]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.mx.bias ins(%arg0, %arg4, %arg1, %arg5, %arg3 : [[L]], [[LS]], [[R]], [[RS]], [[BIAS]]) outs(%arg2 : [[ACC]]){{$}}
// CHECK-NEXT: %0 = pto.tgemv ins(%arg9, %arg9 : tensor<16x16xf16>, tensor<16x16xf16>) outs(%arg10 : tensor<16x16xf32>) -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: %1 = pto.tgemv.acc ins(%0, %arg9, %arg9 : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%arg10 : tensor<16x16xf32>) -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: %2 = pto.tgemv.bias ins(%arg9, %arg9, %arg10 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) outs(%arg10 : tensor<16x16xf32>) {note = "kept"} -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: %3 = pto.tmatmul.mx ins(%arg9, %arg9, %arg9, %arg9 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%arg10 : tensor<16x16xf32>) -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: %4 = pto.tmatmul.mx.acc ins(%3, %arg9, %arg9, %arg9, %arg9 : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%arg10 : tensor<16x16xf32>) -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: %5 = pto.tmatmul.mx.bias ins(%arg9, %arg9, %arg9, %arg9, %4 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) outs(%arg10 : tensor<16x16xf32>) -> tensor<16x16xf32>{{$}}
// CHECK-NEXT: pto.tmov.fp ins(%arg2, %arg6 : [[ACC]], [[SC]]) outs(%arg7 : [[MAT]]){{$}}
// CHECK-NEXT: pto.tstore_fp ins(%arg2, %arg6 : [[ACC]], [[SC]]) outs(%arg8 : [[GV]]){{$}}
// CHECK-NEXT: pto.tget_scale_addr ins(%arg0 : [[L]]) outs(%arg6 : [[SC]]){{$}}
// CHECK-NEXT: pto.tgemv ins(%arg0, %arg1 : [[L]], [[R]]) outs(%arg2 : [[ACC]]) {accPhase = #pto<acc_phase partial>}{{$}}
// CHECK-NEXT: pto.tgemv.acc ins(%arg2, %arg0, %arg1 : [[ACC]], [[L]], [[R]]) outs(%arg2 : [[ACC]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: pto.tgemv.bias ins(%arg0, %arg1, %arg3 : [[L]], [[R]], [[BIAS]]) outs(%arg2 : [[ACC]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: pto.tmatmul.mx ins(%arg0, %arg4, %arg1, %arg5 : [[L]], [[LS]], [[R]], [[RS]]) outs(%arg2 : [[ACC]]) {accPhase = #pto<acc_phase partial>}{{$}}
// CHECK-NEXT: pto.tmatmul.mx.acc ins(%arg2, %arg0, %arg4, %arg1, %arg5 : [[ACC]], [[L]], [[LS]], [[R]], [[RS]]) outs(%arg2 : [[ACC]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: %6 = pto.tgemv ins(%arg9, %arg9 : tensor<16x16xf16>, tensor<16x16xf16>) outs(%arg10 : tensor<16x16xf32>) {accPhase = #pto<acc_phase final>} -> tensor<16x16xf32>{{$}}
func.func @cube(%l: !pto.tile_buf<left, 16x16xf16>, %r: !pto.tile_buf<right, 16x16xf16>,
                %acc: !pto.tile_buf<acc, 16x16xf32>, %bias: !pto.tile_buf<bias, 1x16xf32>,
                %ls: !pto.tile_buf<left, 16x2x!pto.f8E8M0>, %rs: !pto.tile_buf<right, 2x16x!pto.f8E8M0>,
                %scale: !pto.tile_buf<scaling, 1x16xf16>, %mat: !pto.tile_buf<mat, 16x16xf16>,
                %gv: !pto.partition_tensor_view<16x16xf16>,
                %x: tensor<16x16xf16>, %y: tensor<16x16xf32>) {
  pto.tgemv ins(%l, %r : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase unspecified>}
  pto.tgemv.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  pto.tgemv.bias ins(%l, %r, %bias : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  pto.tmatmul.mx ins(%l, %ls, %r, %rs : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<left, 16x2x!pto.f8E8M0>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<right, 2x16x!pto.f8E8M0>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  pto.tmatmul.mx.acc ins(%acc, %l, %ls, %r, %rs : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<left, 16x2x!pto.f8E8M0>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<right, 2x16x!pto.f8E8M0>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  pto.tmatmul.mx.bias ins(%l, %ls, %r, %rs, %bias : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<left, 16x2x!pto.f8E8M0>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<right, 2x16x!pto.f8E8M0>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>)
  %0 = pto.tgemv ins(%x, %x : tensor<16x16xf16>, tensor<16x16xf16>) outs(%y : tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = pto.tgemv.acc ins(%0, %x, %x : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%y : tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = pto.tgemv.bias ins(%x, %x, %y : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) outs(%y : tensor<16x16xf32>) {note = "kept"} -> tensor<16x16xf32>
  %3 = pto.tmatmul.mx ins(%x, %x, %x, %x : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%y : tensor<16x16xf32>) -> tensor<16x16xf32>
  %4 = pto.tmatmul.mx.acc ins(%3, %x, %x, %x, %x : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) outs(%y : tensor<16x16xf32>) -> tensor<16x16xf32>
  %5 = pto.tmatmul.mx.bias ins(%x, %x, %x, %x, %4 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) outs(%y : tensor<16x16xf32>) -> tensor<16x16xf32>
  pto.tmov.fp ins(%acc, %scale : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<scaling, 1x16xf16>) outs(%mat : !pto.tile_buf<mat, 16x16xf16>)
  pto.tstore_fp ins(%acc, %scale : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<scaling, 1x16xf16>) outs(%gv : !pto.partition_tensor_view<16x16xf16>)
  pto.tget_scale_addr ins(%l : !pto.tile_buf<left, 16x16xf16>) outs(%scale : !pto.tile_buf<scaling, 1x16xf16>)
  pto.tgemv ins(%l, %r : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase partial>}
  pto.tgemv.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase final>}
  pto.tgemv.bias ins(%l, %r, %bias : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase final>}
  pto.tmatmul.mx ins(%l, %ls, %r, %rs : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<left, 16x2x!pto.f8E8M0>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<right, 2x16x!pto.f8E8M0>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase partial>}
  pto.tmatmul.mx.acc ins(%acc, %l, %ls, %r, %rs : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<left, 16x2x!pto.f8E8M0>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<right, 2x16x!pto.f8E8M0>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase final>}
  %6 = pto.tgemv ins(%x, %x : tensor<16x16xf16>, tensor<16x16xf16>) outs(%y : tensor<16x16xf32>) {accPhase = #pto<acc_phase final>} -> tensor<16x16xf32>
  return
}

// -----

// Block count, cross-core signals (a constant event id or an index value;
// the pipe written bare or as #pto.pipe, printed bare), views and rebinding
// of tiles; sync.wait with an FFTS mode, as sync.set.
// CHECK-LABEL: func.func @sync_views
// CHECK-SAME: (%arg0: index, %arg1: [[T:!pto.tile_buf<loc=vec, dtype=f32, [^>]*>]], %arg2: i64)
// CHECK-NEXT: %0 = pto.get_block_num{{$}}
// CHECK-NEXT: pto.sync.set <PIPE_MTE3>, 2{{$}}
// CHECK-NEXT: pto.sync.set <PIPE_FIX>, 0 {ffts_mode = 2 : i32}{{$}}
// CHECK-NEXT: pto.sync.set <PIPE_V>, %arg0{{$}}
// CHECK-NEXT: pto.sync.wait <PIPE_MTE2>, 13{{$}}
// CHECK-NEXT: pto.sync.wait <PIPE_M>, %arg0{{$}}
// CHECK-NEXT: pto.sync.wait <PIPE_MTE3>, 3 {ffts_mode = 1 : i32}{{$}}
// CHECK-NEXT: pto.barrier <VIRTUAL_PIPE_MTE2_L1A>{{$}}
// CHECK-NEXT: %1 = pto.bitcast %arg1 : [[T]] -> !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: %2 = pto.bitcast %arg1 {note = "kept"} : [[T]] -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: %3 = pto.tassign %arg1, %arg2 : [[T]] -> [[T]]{{$}}
func.func @sync_views(%ev: index, %t: !pto.tile_buf<vec, 16x32xf32>, %addr: i64) {
  %n = pto.get_block_num
  pto.sync.set <PIPE_MTE3>, 2
  pto.sync.set #pto.pipe<PIPE_FIX>, 0 {ffts_mode = 2 : i32}
  pto.sync.set <PIPE_V>, %ev
  pto.sync.wait #pto.pipe<PIPE_MTE2>, 13
  pto.sync.wait <PIPE_M>, %ev
  pto.sync.wait #pto.pipe<PIPE_MTE3>, 3 {ffts_mode = 1 : i32}
  pto.barrier #pto.pipe<VIRTUAL_PIPE_MTE2_L1A>
  %i = pto.bitcast %t : !pto.tile_buf<vec, 16x32xf32> -> !pto.tile_buf<vec, 16x32xi32>
  %h = pto.bitcast %t {note = "kept"} : !pto.tile_buf<vec, 16x32xf32> -> !pto.tile_buf<vec, 16x32xf16>
  %moved = pto.tassign %t, %addr : !pto.tile_buf<vec, 16x32xf32> -> !pto.tile_buf<vec, 16x32xf32>
  return
}

// -----

// The attributes PTOAS's tile ops of ours carry (as pypto's code generator
// prints them, after outs(...) except tcvt's, which sit inside ins(...)):
// the precision of the elementwise ops, the accumulation phase of the
// matmuls, the modes of a move out of the accumulator and of an MX move,
// tprint's format (and its optional scratch tile), tfillpad's fill, tcvt's
// saturation. A default value is not printed.
// CHECK-LABEL: func.func @attributes
// CHECK-SAME: (%arg0: [[F:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, [^>]*>]], %arg1: [[F]], %arg2: [[F]], %arg3: [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, [^>]*>]], %arg4: [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32, [^>]*>]], %arg5: f32, %arg6: [[H:!pto.tile_buf<loc=vec, dtype=f16, [^>]*>]], %arg7: [[L:!pto.tile_buf<loc=left, [^>]*>]], %arg8: [[R:!pto.tile_buf<loc=right, [^>]*>]], %arg9: [[ACC:!pto.tile_buf<loc=acc, [^>]*>]], %arg10: [[BIAS:!pto.tile_buf<loc=bias, [^>]*>]], %arg11: [[MAT:!pto.tile_buf<loc=mat, [^>]*>]], %arg12: [[VACC:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, [^>]*>]])
// CHECK-NEXT: pto.tdiv ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<div_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tdiv ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tdivs ins(%arg0, %arg5 : [[F]], f32) outs(%arg2 : [[F]]) {precisionType = #pto<div_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tdivs ins(%arg5, %arg0 : f32, [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.texp ins(%arg0 : [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<exp_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tlog ins(%arg0 : [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<log_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tsqrt ins(%arg0 : [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<sqrt_precision high_precision>}{{$}}
// CHECK-NEXT: pto.trecip ins(%arg0 : [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<recip_precision high_precision>}{{$}}
// CHECK-NEXT: pto.trecip ins(%arg0 : [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.trsqrt ins(%arg0, %arg1 : [[F]], [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<rsqrt_precision high_precision>}{{$}}
// CHECK-NEXT: pto.trowexpanddiv ins(%arg0, %arg3 : [[F]], [[COL]]) outs(%arg2 : [[F]]) {precisionType = #pto<div_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tcolexpanddiv ins(%arg0, %arg4 : [[F]], [[ROW]]) outs(%arg2 : [[F]]) {precisionType = #pto<div_precision high_precision>}{{$}}
// CHECK-NEXT: pto.trem ins(%arg0, %arg1, %arg2 : [[F]], [[F]], [[F]]) outs(%arg2 : [[F]]) {precisionType = #pto<rem_precision high_precision>}{{$}}
// CHECK-NEXT: pto.tmatmul ins(%arg7, %arg8 : [[L]], [[R]]) outs(%arg9 : [[ACC]]) {accPhase = #pto<acc_phase partial>}{{$}}
// CHECK-NEXT: pto.tmatmul ins(%arg7, %arg8 : [[L]], [[R]]) outs(%arg9 : [[ACC]]){{$}}
// CHECK-NEXT: pto.tmatmul.acc ins(%arg9, %arg7, %arg8 : [[ACC]], [[L]], [[R]]) outs(%arg9 : [[ACC]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: pto.tmatmul.bias ins(%arg7, %arg8, %arg10 : [[L]], [[R]], [[BIAS]]) outs(%arg9 : [[ACC]]) {accPhase = #pto<acc_phase final>}{{$}}
// CHECK-NEXT: pto.tmov ins(%arg9 : [[ACC]]) outs(%arg12 : [[VACC]]) {accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_n>, reluPreMode = #pto<relu_pre_mode normal_relu>}{{$}}
// CHECK-NEXT: pto.tmov ins(%arg9 : [[ACC]]) outs(%arg11 : [[MAT]]){{$}}
// CHECK-NEXT: pto.tmov ins(%arg7 : [[L]]) outs(%arg11 : [[MAT]]) {grpAxis = #pto<mx_group_axis axis1>}{{$}}
// CHECK-NEXT: pto.tprint ins(%arg0 : [[F]]) {printFormat = #pto<print_format width10_precision6>}{{$}}
// CHECK-NEXT: pto.tprint ins(%arg0, %arg1 : [[F]], [[F]]){{$}}
// CHECK-NEXT: pto.tprint ins(%arg0, %arg1 : [[F]], [[F]]) {printFormat = #pto<print_format width8_precision2>}{{$}}
// CHECK-NEXT: pto.tfillpad ins(%arg0 : [[F]]) outs(%arg2 : [[F]]) {padValue = #pto.pad_value<max>}{{$}}
// CHECK-NEXT: pto.tfillpad ins(%arg0 : [[F]]) outs(%arg2 : [[F]]){{$}}
// CHECK-NEXT: pto.tcvt ins(%arg0 {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode ON>} : [[F]]) outs(%arg6 : [[H]]){{$}}
// CHECK-NEXT: pto.tcvt ins(%arg0 {rmode = #pto<round_mode TRUNC>} : [[F]]) outs(%arg6 : [[H]]){{$}}
func.func @attributes(%a: !pto.tile_buf<vec, 16x32xf32>, %b: !pto.tile_buf<vec, 16x32xf32>, %d: !pto.tile_buf<vec, 16x32xf32>, %col: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>,
                      %row: !pto.tile_buf<vec, 1x32xf32>, %s: f32, %h: !pto.tile_buf<vec, 16x32xf16>,
                      %l: !pto.tile_buf<left, 16x16xf16>, %r: !pto.tile_buf<right, 16x16xf16>, %acc: !pto.tile_buf<acc, 16x16xf32>,
                      %bias: !pto.tile_buf<bias, 1x16xf32>, %mat: !pto.tile_buf<mat, 16x16xf16>, %vacc: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tdiv ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<div_precision high_precision>}
  pto.tdiv ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<div_precision default>}
  pto.tdivs ins(%a, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<div_precision high_precision>}
  pto.tdivs ins(%s, %a : f32, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.texp ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<exp_precision high_precision>}
  pto.tlog ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<log_precision high_precision>}
  pto.tsqrt ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<sqrt_precision high_precision>}
  pto.trecip ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<recip_precision high_precision>}
  pto.trecip ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<recip_precision default>}
  pto.trsqrt ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<rsqrt_precision high_precision>}
  pto.trowexpanddiv ins(%a, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<div_precision high_precision>}
  pto.tcolexpanddiv ins(%a, %row : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<div_precision high_precision>}
  pto.trem ins(%a, %b, %d : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {precisionType = #pto<rem_precision high_precision>}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase partial>}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase unspecified>}
  pto.tmatmul.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x16xf32>, !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase final>}
  pto.tmatmul.bias ins(%l, %r, %bias : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32>) {accPhase = #pto<acc_phase final>}
  pto.tmov ins(%acc : !pto.tile_buf<acc, 16x16xf32>) outs(%vacc : !pto.tile_buf<vec, 16x16xf32>) {reluPreMode = #pto<relu_pre_mode normal_relu>, accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_n>}
  pto.tmov ins(%acc : !pto.tile_buf<acc, 16x16xf32>) outs(%mat : !pto.tile_buf<mat, 16x16xf16>) {reluPreMode = #pto<relu_pre_mode no_relu>}
  pto.tmov ins(%l : !pto.tile_buf<left, 16x16xf16>) outs(%mat : !pto.tile_buf<mat, 16x16xf16>) {grpAxis = #pto<mx_group_axis axis1>}
  pto.tprint ins(%a : !pto.tile_buf<vec, 16x32xf32>) {printFormat = #pto<print_format width10_precision6>}
  pto.tprint ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>)
  pto.tprint ins(%a, %b : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) {printFormat = #pto<print_format width8_precision2>}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>) {padValue = #pto.pad_value<max>}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%d : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcvt ins(%a {satmode = #pto<saturation_mode ON>, rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xf16>)
  return
}

// -----

// Between devices and into the L2 cache: comm.tget (comm.tput's syntax
// without its atomic mode), the asynchronous prefetch of a global window
// (a context in a byte workspace, its session, the prefetch's event) and
// the wait for an asynchronous transfer (older PTOAS: pto.wait_async_event).
// CHECK-LABEL: func.func @comm_prefetch
// CHECK-SAME: (%arg0: [[GV:!pto.partition_tensor_view<1x256xf32>]], %arg1: [[GV]], %arg2: [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, [^>]*>]], %arg3: [[T]], %arg4: !pto.ptr<i8>, %arg5: !pto.async_event, %arg6: !pto.async_session)
// CHECK-NEXT: pto.comm.tget(%arg0, %arg1, buf(%arg2) : [[GV]], [[GV]], [[T]]){{$}}
// CHECK-NEXT: pto.comm.tget(%arg0, %arg1, buf(%arg2, %arg3) : [[GV]], [[GV]], [[T]], [[T]]) {note = "kept"}{{$}}
// CHECK-NEXT: %0 = pto.make_prefetch_async_context(%arg4 : !pto.ptr<i8>) -> !pto.prefetch_async_context{{$}}
// CHECK-NEXT: %1 = pto.tprefetch_async(%arg0, %0 : [[GV]], !pto.prefetch_async_context) -> !pto.async_event{{$}}
// CHECK-NEXT: %2 = pto.get_prefetch_async_session %0 : !pto.prefetch_async_context -> !pto.async_session{{$}}
// CHECK-NEXT: %3 = pto.comm.wait_async_event(%1, %2 : !pto.async_event, !pto.async_session) -> i1{{$}}
// CHECK-NEXT: %4 = pto.comm.wait_async_event(%arg5, %arg6 : !pto.async_event, !pto.async_session) -> i1{{$}}
func.func @comm_prefetch(%dst: !pto.partition_tensor_view<1x256xf32>, %src: !pto.partition_tensor_view<1x256xf32>,
                         %ping: !pto.tile_buf<vec, 1x256xf32>, %pong: !pto.tile_buf<vec, 1x256xf32>,
                         %ws: !pto.ptr<i8>, %event: !pto.async_event, %session: !pto.async_session) {
  pto.comm.tget(%dst, %src, buf(%ping) : !pto.partition_tensor_view<1x256xf32>, !pto.partition_tensor_view<1x256xf32>, !pto.tile_buf<vec, 1x256xf32>)
  pto.comm.tget(%dst, %src, buf(%ping, %pong) : !pto.partition_tensor_view<1x256xf32>, !pto.partition_tensor_view<1x256xf32>, !pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) {note = "kept"}
  %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
  %ev = pto.tprefetch_async(%dst, %ctx : !pto.partition_tensor_view<1x256xf32>, !pto.prefetch_async_context) -> !pto.async_event
  %ses = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
  %done = pto.comm.wait_async_event(%ev, %ses : !pto.async_event, !pto.async_session) -> i1
  %done2 = pto.comm.wait_async_event(%event, %session : !pto.async_event, !pto.async_session) -> i1
  return
}

// -----

// tgather's three forms: through an index tile (an optional scratch tile
// last), by comparing against a scalar into a destination and a count
// (cmpMode and offset in the attribute dictionary), and by a four-lane mask
// pattern with an optional axis.
// CHECK-LABEL: func.func @gather_forms
// CHECK-SAME: (%arg0: [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, [^>]*>]], %arg1: [[IDX:!pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=32, [^>]*>]], %arg2: [[T]], %arg3: [[N:!pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, [^>]*>]], %arg4: f32)
// CHECK-NEXT: pto.tgather ins(%arg0, %arg1 : [[T]], [[IDX]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tgather ins(%arg0, %arg1, %arg2 : [[T]], [[IDX]], [[T]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tgather ins(%arg0, %arg4 : [[T]], f32) outs(%arg2, %arg3 : [[T]], [[N]]) {cmpMode = #pto<cmp ge>, offset = 2 : i32}{{$}}
// CHECK-NEXT: pto.tgather ins(%arg0, %arg4, %arg2 : [[T]], f32, [[T]]) outs(%arg2, %arg3 : [[T]], [[N]]){{$}}
// CHECK-NEXT: pto.tgather ins(%arg0, {maskPattern = #pto.mask_pattern<P1010>} : [[T]]) outs(%arg2 : [[T]]){{$}}
// CHECK-NEXT: pto.tgather ins(%arg0, {maskPattern = #pto.mask_pattern<P0001>} : [[T]], "col") outs(%arg2 : [[T]]) {note = "kept"}{{$}}
func.func @gather_forms(%src: !pto.tile_buf<vec, 8x32xf32>, %idx: !pto.tile_buf<vec, 8x32xi32>,
                        %dst: !pto.tile_buf<vec, 8x32xf32>, %count: !pto.tile_buf<vec, 1x8xi32>, %k: f32) {
  pto.tgather ins(%src, %idx : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
  pto.tgather ins(%src, %idx, %dst : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>, !pto.tile_buf<vec, 8x32xf32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
  pto.tgather ins(%src, %k : !pto.tile_buf<vec, 8x32xf32>, f32) outs(%dst, %count : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 1x8xi32>) {cmpMode = #pto<cmp ge>, offset = 2 : i32}
  pto.tgather ins(%src, %k, %dst : !pto.tile_buf<vec, 8x32xf32>, f32, !pto.tile_buf<vec, 8x32xf32>) outs(%dst, %count : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 1x8xi32>)
  pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 8x32xf32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
  pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0001>} : !pto.tile_buf<vec, 8x32xf32>, "col") outs(%dst : !pto.tile_buf<vec, 8x32xf32>) {note = "kept"}
  return
}

// pto-verify-fifo: each pop must receive a tile of its own result type; the
// error is at the pop, with a note at the push of the message it receives.
// RUN: pto-opt %s --pto-verify-fifo -split-input-file -verify-diagnostics

func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-note @below {{message #0 pushed here}}
    "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @below {{tile type mismatch on C2V: pops tensor<16xf16>, but message #0 is tensor<16xf32>}}
    %s = "pto.tpop_from_aic"() : () -> tensor<16xf16>
  }
  return
}

// -----

// Two tile types alternate in a loop; the vector pops them in the other
// order. Both pops are wrong, each reported once (not once per trip).
func.func @cube(%a: tensor<16xf32>, %b: memref<8x16xf32>) attributes {pto.core = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %c1000 step %c1 {
    // expected-note @below {{message #0 pushed here}}
    "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
    // expected-note @below {{message #1 pushed here}}
    "pto.tpush_to_aiv"(%b) : (memref<8x16xf32>) -> ()
  }
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.for %i = %c0 to %c1000 step %c1 {
    // expected-error @below {{tile type mismatch on C2V: pops memref<8x16xf32>, but message #0 is tensor<16xf32>}}
    %x = "pto.tpop_from_aic"() : () -> memref<8x16xf32>
    // expected-error @below {{tile type mismatch on C2V: pops tensor<16xf32>, but message #1 is memref<8x16xf32>}}
    %y = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  }
  return
}

// -----

// The answer channel (V2C) is checked the same way, at the cube's pop.
func.func @cube(%t: tensor<16xf32>) attributes {pto.core = "aic"} {
  "pto.tpush_to_aiv"(%t) : (tensor<16xf32>) -> ()
  // expected-error @below {{tile type mismatch on V2C: pops tensor<16xf32>, but message #0 is tensor<1x16xf32>}}
  %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
  return
}
func.func @vector() attributes {pto.core = "aiv"} {
  %s = "pto.tpop_from_aic"() : () -> tensor<16xf32>
  %r = tensor.expand_shape %s [[0, 1]] output_shape [1, 16] : tensor<16xf32> into tensor<1x16xf32>
  // expected-note @below {{message #0 pushed here}}
  "pto.tpush_to_aic"(%r) : (tensor<1x16xf32>) -> ()
  return
}

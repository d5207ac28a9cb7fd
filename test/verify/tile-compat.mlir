// Tile types of a message are compared as MLIR compares types for a cast
// (tensor.cast / memref.cast): one element type and rank, each dimension
// equal or dynamic on one side; tensors with tensors, memrefs with memrefs
// of one layout and memory space. Not by spelling: a dynamic dimension
// pushed and popped static (or the reverse) is one message.
// RUN: pto-opt %s --pto-verify-fifo=remarks=true -split-input-file -verify-diagnostics

// Dynamic dimensions in every position, on either side: verified.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe: C2V 3 messages}}
module {
  func.func @cube(%a: tensor<?x4xf32>, %b: tensor<2x?xf32>, %c: tensor<?x?xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%a) : (tensor<?x4xf32>) -> ()
    "pto.tpush_to_aiv"(%b) : (tensor<2x?xf32>) -> ()
    "pto.tpush_to_aiv"(%c) : (tensor<?x?xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    %x = "pto.tpop_from_aic"() : () -> tensor<1x4xf32>
    %y = "pto.tpop_from_aic"() : () -> tensor<?x8xf32>
    %z = "pto.tpop_from_aic"() : () -> tensor<2x?xf32>
    return
  }
}

// -----

// Memrefs likewise.
// expected-remark @below {{FIFO verified for @cube / @vector at 4 slot(s) per pipe: V2C 1 messages}}
module {
  func.func @cube() attributes {pto.core = "aic"} {
    %x = "pto.tpop_from_aiv"() : () -> memref<?x16xf16>
    return
  }
  func.func @vector(%m: memref<8x16xf16>) attributes {pto.core = "aiv"} {
    "pto.tpush_to_aic"(%m) : (memref<8x16xf16>) -> ()
    return
  }
}

// -----

// A static dimension that differs, a tensor popped as a memref, another
// element type, another rank: mismatches.
module {
  func.func @cube(%a: tensor<?x4xf32>, %b: tensor<2x4xf32>, %c: tensor<2x4xf32>, %d: tensor<8xf32>) attributes {pto.core = "aic"} {
    // expected-note @below {{message #0 pushed here}}
    "pto.tpush_to_aiv"(%a) : (tensor<?x4xf32>) -> ()
    // expected-note @below {{message #1 pushed here}}
    "pto.tpush_to_aiv"(%b) : (tensor<2x4xf32>) -> ()
    // expected-note @below {{message #2 pushed here}}
    "pto.tpush_to_aiv"(%c) : (tensor<2x4xf32>) -> ()
    // expected-note @below {{message #3 pushed here}}
    "pto.tpush_to_aiv"(%d) : (tensor<8xf32>) -> ()
    return
  }
  func.func @vector() attributes {pto.core = "aiv"} {
    // expected-error @below {{tile type mismatch on C2V: pops tensor<2x8xf32>, but message #0 is tensor<?x4xf32>}}
    %x = "pto.tpop_from_aic"() : () -> tensor<2x8xf32>
    // expected-error @below {{tile type mismatch on C2V: pops memref<2x4xf32>, but message #1 is tensor<2x4xf32>}}
    %y = "pto.tpop_from_aic"() : () -> memref<2x4xf32>
    // expected-error @below {{tile type mismatch on C2V: pops tensor<2x4xf16>, but message #2 is tensor<2x4xf32>}}
    %z = "pto.tpop_from_aic"() : () -> tensor<2x4xf16>
    // expected-error @below {{tile type mismatch on C2V: pops tensor<2x4xf32>, but message #3 is tensor<8xf32>}}
    %w = "pto.tpop_from_aic"() : () -> tensor<2x4xf32>
    return
  }
}

// -----

// Memrefs in different memory spaces do not cast.
module {
  func.func @cube() attributes {pto.core = "aic"} {
    // expected-error @below {{tile type mismatch on V2C: pops memref<8x16xf16, 1>, but message #0 is memref<8x16xf16>}}
    %x = "pto.tpop_from_aiv"() : () -> memref<8x16xf16, 1>
    return
  }
  func.func @vector(%m: memref<8x16xf16>) attributes {pto.core = "aiv"} {
    // expected-note @below {{message #0 pushed here}}
    "pto.tpush_to_aic"(%m) : (memref<8x16xf16>) -> ()
    return
  }
}

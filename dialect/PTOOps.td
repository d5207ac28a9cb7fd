//===- PTOOps.td - the pto ops ----------------------------------------------===//
//
// Every op of the PTOAS front-end kernels that use the cube/vector FIFO, in
// the textual form those kernels are written in. Memory effects are declared
// for MLIR's analyses: tile ops read their `ins` and write their `outs`,
// allocations allocate, and the FIFO ops read and write the FIFO resource
// (so no pass merges, drops or reorders FIFO traffic across each other).
//
//===----------------------------------------------------------------------===//

#ifndef SKEW_PTO_OPS_TD
#define SKEW_PTO_OPS_TD

include "PTOBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

// The cube/vector FIFOs and the state that configures them.
def PTO_Fifo : Resource<"::skew::pto::FifoResource">;
def PTO_FifoEffects : MemoryEffects<[MemRead<PTO_Fifo>, MemWrite<PTO_Fifo>]>;

def PTO_Src : Arg<PTO_TileLike, "a tile read", [MemRead]>;
def PTO_OptSrc : Arg<Optional<PTO_TileLike>, "a tile read", [MemRead]>;
def PTO_OptScratch : Arg<Optional<PTO_TileLike>, "a scratch tile",
                         [MemRead, MemWrite]>;
def PTO_Scalar : AnyTypeOf<[AnyInteger, AnyFloat, Index]>;

//===----------------------------------------------------------------------===//
// Tile ops in destination-passing style: ins(...) outs(%dst : type)
//===----------------------------------------------------------------------===//

// A destination the op overwrites only in part (a window, the positions an
// index tile names, the first row tci fills): what it held elsewhere stays, so it is read as well.
def PTO_PartialDst
    : Arg<PTO_TileLike, "the destination tile, partly overwritten",
          [MemRead, MemWrite]>;

class PTO_DpsOp<string mnemonic, dag srcs, string srcFormat,
                list<Trait> traits = []> : PTO_Op<mnemonic, traits> {
  let arguments = !con(srcs, (ins Arg<PTO_TileLike, "the destination tile",
                                      [MemWrite]>:$dst));
  let assemblyFormat = "`ins` `(` " # srcFormat #
      " `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict";
}

defvar UnaryFormat = "$src `:` qualified(type($src))";
defvar BinaryFormat = "$src0 `,` $src1 `:` qualified(type($src0)) `,` "
                      "qualified(type($src1))";
defvar ScalarFormat = "$src `,` $scalar `:` qualified(type($src)) `,` "
                      "type($scalar)";
defvar ScalarTmpFormat = "$src `,` $scalar (`,` $tmp^)? `:` qualified(type($src)) `,` "
                         "type($scalar) (`,` qualified(type($tmp))^)?";

// `attrs`: the op's attributes, all optional or default-valued, written in
// the attribute dictionary after outs(...) (a default value is not printed).
class PTO_UnaryOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src), attrs), UnaryFormat> {
  let summary = doc;
}
class PTO_BinaryOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src0, PTO_Src:$src1), attrs),
                BinaryFormat> {
  let summary = doc;
}
class PTO_TileScalarOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src, PTO_Scalar:$scalar), attrs),
                ScalarFormat> {
  let summary = doc;
}
// A row reduction, with an optional scratch tile.
class PTO_RowReduceOp<string mnemonic, string doc>
    : PTO_DpsOp<mnemonic, (ins PTO_Src:$src, PTO_OptScratch:$tmp),
                "$src (`,` $tmp^)? `:` qualified(type($src)) "
                "(`,` qualified(type($tmp))^)?"> {
  let summary = doc;
}
// Row-broadcast of a column vector into a tile op, optional scratch tile.
class PTO_RowExpandOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src0, PTO_Src:$src1,
                                    PTO_OptScratch:$tmp), attrs),
                "$src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` "
                "qualified(type($src1)) (`,` qualified(type($tmp))^)?"> {
  let summary = doc;
}

// The optional attributes PTOAS's tile ops carry (#pto<div_precision ..>,
// #pto<acc_phase ..>, ...), as default-valued attributes: the default is
// not printed.
defvar DivPrecision = (ins DefaultValuedAttr<PTO_DivPrecisionAttr,
    "::skew::pto::DivPrecision::Default">:$precisionType);
defvar ExpPrecision = (ins DefaultValuedAttr<PTO_ExpPrecisionAttr,
    "::skew::pto::ExpPrecision::Default">:$precisionType);
defvar LogPrecision = (ins DefaultValuedAttr<PTO_LogPrecisionAttr,
    "::skew::pto::LogPrecision::Default">:$precisionType);
defvar SqrtPrecision = (ins DefaultValuedAttr<PTO_SqrtPrecisionAttr,
    "::skew::pto::SqrtPrecision::Default">:$precisionType);
defvar RecipPrecision = (ins DefaultValuedAttr<PTO_RecipPrecisionAttr,
    "::skew::pto::RecipPrecision::Default">:$precisionType);
defvar RsqrtPrecision = (ins DefaultValuedAttr<PTO_RsqrtPrecisionAttr,
    "::skew::pto::RsqrtPrecision::Default">:$precisionType);
defvar RemPrecision = (ins DefaultValuedAttr<PTO_RemPrecisionAttr,
    "::skew::pto::RemPrecision::Default">:$precisionType);
defvar FmodPrecision = (ins DefaultValuedAttr<PTO_FmodPrecisionAttr,
    "::skew::pto::FmodPrecision::Default">:$precisionType);
defvar PowPrecision = (ins DefaultValuedAttr<PTO_PowPrecisionAttr,
    "::skew::pto::PowPrecision::Default">:$precisionType);
defvar AccPhase = (ins DefaultValuedAttr<PTO_AccPhaseAttr,
    "::skew::pto::AccPhase::Unspecified">:$accPhase);

def PTO_TLoadOp : PTO_UnaryOp<"tload", "load a global window into a tile">;
def PTO_TStoreOp : PTO_UnaryOp<"tstore", "store a tile into a global window">;
// Out of the accumulator: where in the vector cores it lands, the
// fixpipe's ReLU; an MX move: the axis its scales group along.
def PTO_TMovOp
    : PTO_UnaryOp<"tmov", "copy a tile between memories",
                  (ins OptionalAttr<PTO_AccToVecModeAttr>:$accToVecMode,
                       DefaultValuedAttr<PTO_ReluPreModeAttr,
                           "::skew::pto::ReluPreMode::NoRelu">:$reluPreMode,
                       OptionalAttr<PTO_MxGroupAxisAttr>:$grpAxis)>;
def PTO_TExpOp : PTO_UnaryOp<"texp", "elementwise exp", ExpPrecision>;
def PTO_TLogOp : PTO_UnaryOp<"tlog", "elementwise natural log", LogPrecision>;
def PTO_TSqrtOp : PTO_UnaryOp<"tsqrt", "elementwise square root", SqrtPrecision>;
def PTO_TRecipOp : PTO_UnaryOp<"trecip", "elementwise reciprocal", RecipPrecision>;
def PTO_TNegOp : PTO_UnaryOp<"tneg", "elementwise negation">;
def PTO_TAbsOp : PTO_UnaryOp<"tabs", "elementwise absolute value">;
// padValue, when given, is the fill instead of the destination type's pad.
def PTO_TFillPadOp
    : PTO_UnaryOp<"tfillpad", "copy the valid region, fill the rest with the pad value",
                  (ins OptionalAttr<PTO_PadValueAttr>:$padValue)>;
def PTO_TColExpandOp
    : PTO_UnaryOp<"tcolexpand", "broadcast the first row to every row">;

def PTO_TAddOp : PTO_BinaryOp<"tadd", "elementwise add">;
def PTO_TSubOp : PTO_BinaryOp<"tsub", "elementwise subtract">;
def PTO_TMulOp : PTO_BinaryOp<"tmul", "elementwise multiply">;
def PTO_TDivOp : PTO_BinaryOp<"tdiv", "elementwise divide", DivPrecision>;
def PTO_TMaxOp : PTO_BinaryOp<"tmax", "elementwise maximum">;
def PTO_TMinOp : PTO_BinaryOp<"tmin", "elementwise minimum">;
def PTO_TConcatOp : PTO_BinaryOp<"tconcat", "concatenate two tiles by columns">;
def PTO_TColExpandAddOp
    : PTO_BinaryOp<"tcolexpandadd", "add a row vector to every row">;
def PTO_TColExpandMulOp
    : PTO_BinaryOp<"tcolexpandmul", "multiply every row by a row vector">;
def PTO_TColExpandSubOp
    : PTO_BinaryOp<"tcolexpandsub", "subtract a row vector from every row">;
def PTO_TColExpandDivOp
    : PTO_BinaryOp<"tcolexpanddiv", "divide every row by a row vector", DivPrecision>;
def PTO_TMatmulOp
    : PTO_BinaryOp<"tmatmul", "dst = src0 * src1 (left x right into acc)", AccPhase>;

def PTO_TAddSOp : PTO_TileScalarOp<"tadds", "add a scalar">;
def PTO_TSubSOp : PTO_TileScalarOp<"tsubs", "subtract a scalar">;
def PTO_TMulSOp : PTO_TileScalarOp<"tmuls", "multiply by a scalar">;
// pto-isa's TDIVS has two forms: ins(%src, %s) divides the tile by the
// scalar, ins(%s, %src) the scalar by the tile. The types tell them apart,
// so the operands keep the written order (PTOAS's generic form).
def PTO_TDivSOp : PTO_Op<"tdivs", [AttrSizedOperandSegments]> {
  let summary = "divide a tile by a scalar, or a scalar by a tile";
  let arguments = !con((ins Optional<PTO_Scalar>:$dividend, PTO_Src:$src,
                            Optional<PTO_Scalar>:$scalar,
                            Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst),
                       DivPrecision);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}
def PTO_TMaxSOp : PTO_TileScalarOp<"tmaxs", "maximum with a scalar">;
def PTO_TMinSOp : PTO_TileScalarOp<"tmins", "minimum with a scalar">;

def PTO_TRowMaxOp : PTO_RowReduceOp<"trowmax", "maximum of each row">;
def PTO_TRowSumOp : PTO_RowReduceOp<"trowsum", "sum of each row">;
def PTO_TRowMinOp : PTO_RowReduceOp<"trowmin", "minimum of each row">;
def PTO_TRowExpandSubOp
    : PTO_RowExpandOp<"trowexpandsub", "subtract a column vector from every column">;
def PTO_TRowExpandMulOp
    : PTO_RowExpandOp<"trowexpandmul", "multiply every column by a column vector">;
def PTO_TRowExpandDivOp
    : PTO_RowExpandOp<"trowexpanddiv", "divide every column by a column vector",
                      DivPrecision>;
def PTO_TRowExpandAddOp
    : PTO_RowExpandOp<"trowexpandadd", "add a column vector to every column">;

def PTO_TMatmulAccOp
    : PTO_DpsOp<"tmatmul.acc", !con((ins PTO_Src:$acc, PTO_Src:$lhs, PTO_Src:$rhs),
                                   AccPhase),
                "$acc `,` $lhs `,` $rhs `:` qualified(type($acc)) `,` "
                "qualified(type($lhs)) `,` qualified(type($rhs))"> {
  let summary = "dst = acc + lhs * rhs";
}

def PTO_TExtractOp
    : PTO_DpsOp<"textract", (ins PTO_Src:$src, Index:$row, Index:$col),
                "$src `,` $row `,` $col `:` qualified(type($src)) `,` "
                "type($row) `,` type($col)"> {
  let summary = "copy the window of src at (row, col) into dst";
}

def PTO_TExpandSOp
    : PTO_DpsOp<"texpands", (ins PTO_Scalar:$scalar), "$scalar `:` type($scalar)"> {
  let summary = "fill a tile with a scalar";
}

// A tile op with one or two sources and an optional scratch tile after them.
class PTO_UnaryTmpOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src, PTO_OptScratch:$tmp), attrs),
                "$src (`,` $tmp^)? `:` qualified(type($src)) "
                "(`,` qualified(type($tmp))^)?"> {
  let summary = doc;
}
class PTO_BinaryTmpOp<string mnemonic, string doc, dag attrs = (ins)>
    : PTO_DpsOp<mnemonic, !con((ins PTO_Src:$src0, PTO_Src:$src1,
                                    PTO_OptScratch:$tmp), attrs),
                "$src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` "
                "qualified(type($src1)) (`,` qualified(type($tmp))^)?"> {
  let summary = doc;
}

def PTO_TReluOp : PTO_UnaryOp<"trelu", "elementwise max(x, 0)">;
def PTO_TRowExpandOp
    : PTO_UnaryOp<"trowexpand", "broadcast the first element of each row along the row">;
def PTO_TColMaxOp : PTO_UnaryOp<"tcolmax", "maximum of each column">;
def PTO_TColMinOp : PTO_UnaryOp<"tcolmin", "minimum of each column">;

def PTO_TRsqrtOp : PTO_UnaryTmpOp<"trsqrt", "elementwise 1 / sqrt(x)", RsqrtPrecision>;
def PTO_TTransOp : PTO_UnaryTmpOp<"ttrans", "transpose a tile (with a scratch tile)">;
// With its scratch tile, PTOAS writes the attributes (`isBinary`) inside
// ins(...), before the types: `ins(%src, %tmp {isBinary = true} : T, T)`, and
// reads them nowhere else; without it, after outs(...).
def PTO_TColSumOp : PTO_UnaryTmpOp<"tcolsum", "sum of each column"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}
def PTO_TRowArgMaxOp
    : PTO_UnaryTmpOp<"trowargmax", "column index of the maximum of each row">;
def PTO_TRowArgMinOp
    : PTO_UnaryTmpOp<"trowargmin", "column index of the minimum of each row">;
def PTO_TColArgMaxOp
    : PTO_UnaryTmpOp<"tcolargmax", "row index of the maximum of each column">;
def PTO_TColArgMinOp
    : PTO_UnaryTmpOp<"tcolargmin", "row index of the minimum of each column">;

def PTO_TRemOp : PTO_BinaryTmpOp<"trem", "elementwise remainder", RemPrecision>;
def PTO_TPReluOp
    : PTO_BinaryTmpOp<"tprelu", "elementwise ReLU whose negative side is scaled by a slope tile">;
def PTO_TColExpandExpdifOp
    : PTO_BinaryOp<"tcolexpandexpdif", "exp(src0 - v) with the row vector v repeated on every row">;

// Three forms, as PTOAS writes them (native/pto_dialect.cpp):
//   index:   ins(%src, %indices[, %tmp] : T, Ti[, Tt]) outs(%dst : T)
//   compare: ins(%src, %k[, %tmp] : T, S[, Tt]) outs(%dst, %cdst : T, Tc)
//            {cmpMode = ..., offset = n : i32}: the elements that compare
//            true against k, and their count
//   mask:    ins(%src, {maskPattern = #pto.mask_pattern<P..>} : T[, "row"|"col"])
//            outs(%dst : T): the lanes a four-lane pattern selects
// Operands keep the destination last, as every tile op here does.
def PTO_TGatherOp : PTO_Op<"tgather", [AttrSizedOperandSegments]> {
  let summary = "gather the elements of src that indices, a compare or a mask pattern name";
  let arguments = (ins PTO_Src:$src, PTO_OptSrc:$indices,
      Optional<PTO_Scalar>:$k_value, PTO_OptScratch:$tmp,
      Arg<Optional<PTO_TileLike>, "the count of elements gathered", [MemWrite]>:$cdst,
      Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
      OptionalAttr<PTO_MaskPatternAttr>:$maskPattern,
      OptionalAttr<StrAttr>:$axis,
      OptionalAttr<PTO_CmpModeAttr>:$cmpMode,
      OptionalAttr<I32Attr>:$offset);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TRemSOp
    : PTO_DpsOp<"trems", (ins PTO_Src:$src, PTO_Scalar:$scalar, PTO_OptScratch:$tmp),
                ScalarTmpFormat> {
  let summary = "elementwise remainder by a scalar";
}

def PTO_TAddCOp
    : PTO_DpsOp<"taddc", (ins PTO_Src:$src0, PTO_Src:$src1, PTO_Src:$src2),
                "$src0 `,` $src1 `,` $src2 `:` qualified(type($src0)) `,` "
                "qualified(type($src1)) `,` qualified(type($src2))"> {
  let summary = "elementwise sum of three tiles";
}

def PTO_TConcatIdxOp
    : PTO_DpsOp<"tconcatidx", (ins PTO_Src:$src0, PTO_Src:$src1, PTO_Src:$src0_idx,
                                   PTO_Src:$src1_idx),
                "$src0 `,` $src1 `,` $src0_idx `,` $src1_idx `:` "
                "qualified(type($src0)) `,` qualified(type($src1)) `,` "
                "qualified(type($src0_idx)) `,` qualified(type($src1_idx))"> {
  let summary = "concatenate two tiles by columns, each row taking the counts the index tiles give";
}

// The tile types may be written bare (`<loc=left, ...>`), as some kernels do.
def PTO_TMatmulBiasOp
    : PTO_DpsOp<"tmatmul.bias", !con((ins PTO_Src:$lhs, PTO_Src:$rhs, PTO_Src:$bias),
                                    AccPhase),
                "$lhs `,` $rhs `,` $bias `:` custom<TileType>(type($lhs)) `,` "
                "custom<TileType>(type($rhs)) `,` custom<TileType>(type($bias))"> {
  let summary = "dst = lhs * rhs + bias (the bias row added to every row)";
}

// Reads its destination as well: dst += src * scalar.
def PTO_TAxpyOp : PTO_Op<"taxpy"> {
  let summary = "dst = dst + src * scalar";
  let arguments = (ins PTO_Src:$src, PTO_Scalar:$scalar,
      Arg<PTO_TileLike, "the destination tile", [MemRead, MemWrite]>:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

def PTO_TCIOp
    : PTO_DpsOp<"tci", (ins AnyInteger:$start, PTO_OptScratch:$tmp,
                            OptionalAttr<BoolAttr>:$descending),
                "$start (`,` $tmp^)? `:` type($start) (`,` qualified(type($tmp))^)?"> {
  let summary = "fill a tile with consecutive integers from start (downwards when descending)";
  // pto-isa's TCI writes as many elements as the valid columns, in storage
  // order: the first row of a tile of several.
  let arguments = (ins AnyInteger:$start, PTO_OptScratch:$tmp,
                       OptionalAttr<BoolAttr>:$descending, PTO_PartialDst:$dst);
}

// One element of a tile at a linear offset.
def PTO_TSetValOp : PTO_Op<"tsetval"> {
  let summary = "write a scalar into one element of a tile";
  let arguments = (ins Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
                       Index:$offset, PTO_Scalar:$value);
  let assemblyFormat = [{
    `ins` `(` $offset `,` $value `:` type($offset) `,` type($value) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}
def PTO_TGetValOp : PTO_Op<"tgetval"> {
  let summary = "read one element of a tile as a scalar";
  let arguments = (ins PTO_Src:$src, Index:$offset);
  let results = (outs PTO_Scalar:$result);
  let assemblyFormat = [{
    `ins` `(` $src `,` $offset `:` qualified(type($src)) `,` type($offset) `)`
    `outs` `:` type($result) attr-dict
  }];
}

// The same memory seen as another tile shape: a view, as multi_tile_get.
def PTO_TReshapeOp : PTO_Op<"treshape", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "the same tile buffer seen with another shape or layout";
  let arguments = (ins PTO_TileLike:$src);
  let results = (outs PTO_TileLike:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

// The round mode and the saturation sit inside `ins(...)`, as PTOAS writes
// them: `{rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode ON>}`.
def PTO_TCvtOp : PTO_Op<"tcvt"> {
  let summary = "elementwise conversion to the destination's element type";
  let arguments = (ins PTO_Src:$src,
      Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
      DefaultValuedAttr<PTO_RoundModeAttr, "::skew::pto::RoundMode::CAST_RINT">:$rmode,
      DefaultValuedAttr<PTO_SaturationModeAttr,
                        "::skew::pto::SaturationMode::OFF">:$satmode);
  let assemblyFormat = "`ins` `(` $src attr-dict `:` qualified(type($src)) `)` "
                       "`outs` `(` $dst `:` qualified(type($dst)) `)`";
}

// `ins(%src[, %tmp] : T[, Ttmp]) [{printFormat = #pto<print_format ..>}]`:
// no outs; the optional scratch tile is the formatting's workspace.
def PTO_TPrintOp : PTO_Op<"tprint", [MemoryEffects<[MemWrite]>]> {
  let summary = "print a tile (debug output)";
  let arguments = (ins PTO_Src:$src, PTO_OptScratch:$tmp,
                       OptionalAttr<PTO_PrintFormatAttr>:$printFormat);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)`
    attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// More tile ops of PTOAS (as pypto's code generator emits them)
//===----------------------------------------------------------------------===//

// The state of a tile buffer apart from its data (native/pto_dialect.h).
def PTO_TileState : Resource<"::skew::pto::TileStateResource">;


defvar TernaryFormat = "$src0 `,` $src1 `,` $src2 `:` qualified(type($src0)) `,` "
                       "qualified(type($src1)) `,` qualified(type($src2))";
// src0, a scalar, src1 (the scalar between the tiles, as PTOAS writes it).
defvar TileScalarTileFormat = "$src0 `,` $scalar `,` $src1 `:` "
    "qualified(type($src0)) `,` type($scalar) `,` qualified(type($src1))";

// A tile op whose scalar is an integer (bitwise ops, shifts).
class PTO_TileIntScalarOp<string mnemonic, string doc>
    : PTO_DpsOp<mnemonic, (ins PTO_Src:$src, AnySignlessInteger:$scalar),
                ScalarFormat> {
  let summary = doc;
}

// Cube ops that may also yield the destination as a tensor (tensor-level
// IR): `... outs(%dst : T) [-> tensor<...>]`; by default they carry the
// accumulation phase (#pto<acc_phase ..>), which PTOAS's tmatmul.mx.bias
// does not.
class PTO_CubeOp<string mnemonic, dag srcs, string srcFormat, dag attrs = AccPhase>
    : PTO_DpsOp<mnemonic, !con(srcs, attrs), srcFormat> {
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = "`ins` `(` " # srcFormat #
      " `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict "
      "(`->` qualified(type($result))^)?";
}

// Tile ops whose attributes PTOAS writes inside `ins(...)`, before the
// colon (as tcvt's round mode): `ins(%a, %b {cmpMode = ...} : T, T)`.
class PTO_InsAttrOp<string mnemonic, dag args, string operands, string types>
    : PTO_Op<mnemonic> {
  let arguments = !con(args, (ins Arg<PTO_TileLike, "the destination tile",
                                      [MemWrite]>:$dst));
  let assemblyFormat = "`ins` `(` " # operands # " attr-dict `:` " # types #
      " `)` `outs` `(` $dst `:` qualified(type($dst)) `)`";
}

// Bitwise and shift ops (integer tiles).
def PTO_TAndOp : PTO_BinaryOp<"tand", "elementwise bitwise and">;
def PTO_TOrOp : PTO_BinaryOp<"tor", "elementwise bitwise or">;
def PTO_TShlOp : PTO_BinaryOp<"tshl", "shift each element left by the other tile's element">;
def PTO_TShrOp : PTO_BinaryOp<"tshr", "shift each element right by the other tile's element">;
def PTO_TNotOp : PTO_UnaryOp<"tnot", "elementwise bitwise not">;
def PTO_TAndSOp : PTO_TileIntScalarOp<"tands", "bitwise and with a scalar">;
def PTO_TOrSOp : PTO_TileIntScalarOp<"tors", "bitwise or with a scalar">;
def PTO_TShlSOp : PTO_TileIntScalarOp<"tshls", "shift every element left by a scalar count">;
def PTO_TShrSOp : PTO_TileIntScalarOp<"tshrs", "shift every element right by a scalar count">;
// xor with an optional scratch tile after the sources (older PTOAS
// required it).
def PTO_TXorOp : PTO_BinaryTmpOp<"txor", "elementwise bitwise xor">;
def PTO_TXorSOp
    : PTO_DpsOp<"txors", (ins PTO_Src:$src, AnySignlessInteger:$scalar,
                              PTO_OptScratch:$tmp),
                ScalarTmpFormat> {
  let summary = "bitwise xor with a scalar";
}

// Elementwise arithmetic.
def PTO_TFModOp
    : PTO_BinaryOp<"tfmod", "elementwise floating remainder (C fmod)", FmodPrecision>;
def PTO_TFModSOp : PTO_TileScalarOp<"tfmods", "floating remainder (C fmod) by a scalar">;
def PTO_TLReluOp
    : PTO_DpsOp<"tlrelu", (ins PTO_Src:$src, F32:$slope),
                "$src `,` $slope `:` qualified(type($src)) `,` type($slope)"> {
  let summary = "leaky ReLU: negative elements scaled by an f32 slope";
}
def PTO_TSubCOp
    : PTO_DpsOp<"tsubc", (ins PTO_Src:$src0, PTO_Src:$src1, PTO_Src:$src2),
                TernaryFormat> {
  let summary = "dst = src0 - src1 + src2";
}
def PTO_TAddSCOp
    : PTO_DpsOp<"taddsc", (ins PTO_Src:$src0, PTO_Scalar:$scalar, PTO_Src:$src1),
                TileScalarTileFormat> {
  let summary = "dst = src0 + scalar + src1";
}
def PTO_TSubSCOp
    : PTO_DpsOp<"tsubsc", (ins PTO_Src:$src0, PTO_Scalar:$scalar, PTO_Src:$src1),
                TileScalarTileFormat> {
  let summary = "dst = src0 - scalar + src1";
}

// Ops over the valid regions of two tiles that may differ: where only one
// source is valid, dst takes that source's element.
def PTO_TPartAddOp : PTO_BinaryOp<"tpartadd", "elementwise add over the union of the valid regions">;
def PTO_TPartMulOp : PTO_BinaryOp<"tpartmul", "elementwise multiply over the union of the valid regions">;
def PTO_TPartMaxOp : PTO_BinaryOp<"tpartmax", "elementwise maximum over the union of the valid regions">;
def PTO_TPartMinOp : PTO_BinaryOp<"tpartmin", "elementwise minimum over the union of the valid regions">;

// Reductions and broadcasts.
def PTO_TColProdOp : PTO_UnaryOp<"tcolprod", "product of each column">;
def PTO_TRowProdOp : PTO_RowReduceOp<"trowprod", "product of each row">;
def PTO_TColExpandMaxOp
    : PTO_BinaryOp<"tcolexpandmax", "maximum of every row with a row vector">;
def PTO_TColExpandMinOp
    : PTO_BinaryOp<"tcolexpandmin", "minimum of every row with a row vector">;
def PTO_TRowExpandMaxOp
    : PTO_RowExpandOp<"trowexpandmax", "maximum of every column with a column vector">;
def PTO_TRowExpandMinOp
    : PTO_RowExpandOp<"trowexpandmin", "minimum of every column with a column vector">;
def PTO_TRowExpandExpdifOp
    : PTO_RowExpandOp<"trowexpandexpdif", "exp(src0 - v) with the column vector v repeated on every column">;

// Copies, fills and moves.
def PTO_TFillPadExpandOp
    : PTO_UnaryOp<"tfillpad_expand", "copy src into a possibly larger dst, the rest filled with dst's pad value">;
def PTO_TMovFPOp
    : PTO_DpsOp<"tmov.fp", (ins PTO_Src:$src, PTO_Src:$fp),
                "$src `,` $fp `:` qualified(type($src)) `,` qualified(type($fp))"> {
  let summary = "move an accumulator tile, quantised by the scales of a scaling tile";
}
def PTO_TStoreFPOp
    : PTO_DpsOp<"tstore_fp", (ins PTO_Src:$src, PTO_Src:$fp),
                "$src `,` $fp `:` qualified(type($src)) `,` qualified(type($fp))"> {
  let summary = "store an accumulator tile to global memory, quantised by the scales of a scaling tile";
}
// Out of the accumulator the fixpipe may quantise on the way: by the scales
// of a scaling tile (`fp %s : T`) or a pre-quantisation scalar
// (`pre_quant %q : i64`), both inside ins(...) after the types, with the
// move's split, ReLU and packed-source split as attributes.
def PTO_TInsertOp : PTO_Op<"tinsert", [AttrSizedOperandSegments]> {
  let summary = "copy src into the window of dst at (row, col)";
  let arguments = (ins PTO_Src:$src, Index:$index_row, Index:$index_col,
                       PTO_OptSrc:$fp, Optional<I64>:$pre_quant,
                       PTO_PartialDst:$dst,
                       OptionalAttr<PTO_AccToVecModeAttr>:$accToVecMode,
                       DefaultValuedAttr<PTO_ReluPreModeAttr,
                           "::skew::pto::ReluPreMode::NoRelu">:$reluPreMode,
                       OptionalAttr<PTO_TInsertModeAttr>:$tinsertMode);
  let assemblyFormat = [{
    `ins` `(` $src `,` $index_row `,` $index_col `:` qualified(type($src)) `,`
    type($index_row) `,` type($index_col)
    (`fp` $fp^ `:` qualified(type($fp)))?
    (`pre_quant` $pre_quant^ `:` type($pre_quant))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

// Gathers, scatters, selects, sorts.
def PTO_TGatherBOp
    : PTO_DpsOp<"tgatherb", (ins PTO_Src:$src, PTO_Src:$offsets),
                "$src `,` $offsets `:` qualified(type($src)) `,` "
                "qualified(type($offsets))"> {
  let summary = "dst[i] = the element of src at the byte offset offsets[i]";
}
// Two forms: through an index tile,
//   ins(%src, %idx : T, Tidx) outs(%dst : T)
// or spreading src over the lanes a fixed pattern selects, along the rows
// or the columns (a string after the type; PTOAS reads "row" when absent),
//   ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : T[, "row"]) outs(%dst : T)
def PTO_TScatterOp : PTO_Op<"tscatter"> {
  let summary = "write each element of src at the position of dst its index or a mask pattern names";
  let arguments = (ins PTO_Src:$src, PTO_OptSrc:$indexes, PTO_PartialDst:$dst,
                       OptionalAttr<StrAttr>:$axis,
                       OptionalAttr<PTO_MaskPatternAttr>:$maskPattern);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}
def PTO_TSelOp
    : PTO_DpsOp<"tsel", (ins PTO_Src:$mask, PTO_Src:$src0, PTO_Src:$src1,
                             PTO_OptScratch:$tmp),
                "$mask `,` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($mask)) `,` "
                "qualified(type($src0)) `,` qualified(type($src1)) "
                "(`,` qualified(type($tmp))^)?"> {
  let summary = "dst = src0 where the mask bit is set, else src1";
}
// The optional scratch tile sits between the source and the scalar:
// `ins(%mask, %src[, %tmp], %scalar : Tm, T[, Ttmp], S)`, told apart by the
// operand count (native/pto_dialect.cpp).
def PTO_TSelSOp : PTO_Op<"tsels"> {
  let summary = "dst = src where the mask bit is set, else the scalar";
  let arguments = (ins PTO_Src:$mask, PTO_Src:$src, PTO_OptScratch:$tmp,
                       PTO_Scalar:$scalar,
                       Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst);
  let hasCustomAssemblyFormat = 1;
}
def PTO_TSort32Op
    : PTO_DpsOp<"tsort32", (ins PTO_Src:$src, PTO_Src:$idx, PTO_OptScratch:$tmp),
                "$src `,` $idx (`,` $tmp^)? `:` qualified(type($src)) `,` "
                "qualified(type($idx)) (`,` qualified(type($tmp))^)?"> {
  let summary = "sort each block of 32 elements, writing (value, index) pairs";
}

// Two forms, told apart by their operands:
//   ins(%src, %blockLen : T, i32) outs(%dst : T)
//     merges the sorted blocks of blockLen elements of one tile;
//   ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = false} : T0, T1, .., Ttmp)
//     outs(%dst, %executed : T, vector<4xi16>)
//     merges 2 to 4 sorted lists through a scratch tile, writing how many
//     elements of each it took to %executed; without a scratch tile the
//     lists are followed by the keyword `no_tmp`:
//   ins(%s0, %s1 no_tmp {exhausted = false} : T0, T1) outs(%dst, %executed : ..)
def PTO_TMrgSortOp : PTO_Op<"tmrgsort", [AttrSizedOperandSegments]> {
  let summary = "merge sorted lists of (value, index) pairs";
  let arguments = (ins
    Arg<Variadic<PTO_TileLike>, "the sorted lists", [MemRead]>:$srcs,
    Optional<AnyInteger>:$block_len,
    Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
    PTO_OptScratch:$tmp,
    Arg<Optional<AnyType>, "the counts taken of each list", [MemWrite]>:$executed,
    DefaultValuedAttr<BoolAttr, "false">:$exhausted);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Compares into a predicate mask; the mode sits inside `ins(...)`.
def PTO_TCmpOp
    : PTO_InsAttrOp<"tcmp", (ins PTO_Src:$src0, PTO_Src:$src1,
                                 OptionalAttr<PTO_CmpModeAttr>:$cmpMode),
                    "$src0 `,` $src1",
                    "qualified(type($src0)) `,` qualified(type($src1))"> {
  let summary = "compare two tiles elementwise into a predicate mask";
}
def PTO_TCmpSOp
    : PTO_InsAttrOp<"tcmps", (ins PTO_Src:$src, PTO_Scalar:$scalar,
                                  DefaultValuedAttr<PTO_CmpModeAttr,
                                      "::skew::pto::CmpMode::EQ">:$cmpMode),
                    "$src `,` $scalar",
                    "qualified(type($src)) `,` type($scalar)"> {
  let summary = "compare a tile with a scalar elementwise into a predicate mask";
}

// Generated tiles (they read no tile).
def PTO_TTriOp
    : PTO_InsAttrOp<"ttri", (ins AnyInteger:$diagonal,
                                 DefaultValuedAttr<I32Attr, "0">:$upperOrLower),
                    "$diagonal", "type($diagonal)"> {
  let summary = "a triangular 0/1 mask from a diagonal (upperOrLower: 0 lower, 1 upper)";
}
def PTO_TRandomOp
    : PTO_InsAttrOp<"trandom", (ins AnySignlessInteger:$key0,
                                    AnySignlessInteger:$key1,
                                    AnySignlessInteger:$counter0,
                                    AnySignlessInteger:$counter1,
                                    AnySignlessInteger:$counter2,
                                    AnySignlessInteger:$counter3,
                                    DefaultValuedAttr<I32Attr, "10">:$rounds),
                    "$key0 `,` $key1 `,` $counter0 `,` $counter1 `,` $counter2 "
                    "`,` $counter3",
                    "type($key0) `,` type($key1) `,` type($counter0) `,` "
                    "type($counter1) `,` type($counter2) `,` type($counter3)"> {
  let summary = "fill a tile with counter-based random numbers from a key and counter";
}

// Global memory through index tiles. mgather's `coalesce` is required (one
// index per row or per element); a gather into L1 by elements stages them
// through a global scratch window, the optional third `ins` operand:
//   ins(%mem, %idx[, %scratch] : Tm, Ti[, Ts]) outs(%dst : T)
//     {coalesce = #pto<coalesce elem>[, gatherOob = #pto<gather_oob ..>]}
def PTO_MGatherOp : PTO_Op<"mgather"> {
  let summary = "dst[i] = the element of a global window at the index idx[i]";
  let arguments = (ins PTO_Src:$mem, PTO_Src:$idx, PTO_OptScratch:$scratch,
      Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
      PTO_CoalesceAttr:$coalesce,
      DefaultValuedAttr<PTO_GatherOOBAttr,
                        "::skew::pto::GatherOOB::Undefined">:$gatherOob);
  let assemblyFormat = [{
    `ins` `(` $mem `,` $idx (`,` $scratch^)? `:` qualified(type($mem)) `,`
    qualified(type($idx)) (`,` qualified(type($scratch))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}
// Writes only the positions the indices name (and, atomic, combines with
// what is there): the global window is read and written. Its attributes
// print in PTOAS's order (coalesce, scatterAtomicOp, scatterOob,
// scatterConflict), the default-valued ones only when not the default.
def PTO_MScatterOp : PTO_Op<"mscatter"> {
  let summary = "write each element of src into a global window at the index idx[i]";
  let arguments = (ins PTO_Src:$src, PTO_Src:$idx,
      Arg<PTO_TileLike, "the global window", [MemRead, MemWrite]>:$mem,
      OptionalAttr<PTO_CoalesceAttr>:$coalesce,
      DefaultValuedAttr<PTO_ScatterAtomicOpAttr,
                        "::skew::pto::ScatterAtomicOp::None">:$scatterAtomicOp,
      DefaultValuedAttr<PTO_ScatterOOBAttr,
                        "::skew::pto::ScatterOOB::Undefined">:$scatterOob,
      OptionalAttr<PTO_ScatterConflictAttr>:$scatterConflict);
  let hasCustomAssemblyFormat = 1;
}

// Matrix-vector products and MX (block-scaled) matmuls on the cube.
def PTO_TGemvOp
    : PTO_CubeOp<"tgemv", (ins PTO_Src:$lhs, PTO_Src:$rhs),
                 "$lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs))"> {
  let summary = "dst = lhs * rhs, a matrix-vector product";
}
def PTO_TGemvAccOp
    : PTO_CubeOp<"tgemv.acc", (ins PTO_Src:$acc_in, PTO_Src:$lhs, PTO_Src:$rhs),
                 "$acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,` "
                 "qualified(type($lhs)) `,` qualified(type($rhs))"> {
  let summary = "dst = acc_in + lhs * rhs, a matrix-vector product";
}
def PTO_TGemvBiasOp
    : PTO_CubeOp<"tgemv.bias", (ins PTO_Src:$a, PTO_Src:$b, PTO_Src:$bias),
                 "$a `,` $b `,` $bias `:` qualified(type($a)) `,` "
                 "qualified(type($b)) `,` qualified(type($bias))"> {
  let summary = "dst = a * b + bias, a matrix-vector product";
}
// A block-scaled (MX) cube op, a and b each scaled by its block scales,
// and its accumulating and biased forms (PTOAS's .bias has no phase):
//   ins(%a, %a_scale, %b, %b_scale : ..), ins(%c_in, %a, .. : ..),
//   ins(%a, %a_scale, %b, %b_scale, %bias : ..)
defvar MxSrcs = (ins PTO_Src:$a, PTO_Src:$a_scale, PTO_Src:$b, PTO_Src:$b_scale);
multiclass PTO_MxCubeOps<string mnemonic, string product,
    string operands = "$a `,` $a_scale `,` $b `,` $b_scale",
    string types = "qualified(type($a)) `,` qualified(type($a_scale)) `,` "
                   "qualified(type($b)) `,` qualified(type($b_scale))"> {
  def Op : PTO_CubeOp<mnemonic, MxSrcs, operands # " `:` " # types> {
    let summary = "dst = a * b, " # product # ", a and b scaled by their block scales";
  }
  def AccOp
      : PTO_CubeOp<mnemonic # ".acc", !con((ins PTO_Src:$c_in), MxSrcs),
                   "$c_in `,` " # operands # " `:` qualified(type($c_in)) `,` " # types> {
    let summary = "dst = c_in + a * b, " # product # ", a and b scaled by their block scales";
  }
  def BiasOp
      : PTO_CubeOp<mnemonic # ".bias", !con(MxSrcs, (ins PTO_Src:$bias)),
                   operands # " `,` $bias `:` " # types # " `,` qualified(type($bias))",
                   (ins)> {
    let summary = "dst = a * b + bias, " # product # ", a and b scaled by their block scales";
  }
}
defm PTO_TMatmulMx : PTO_MxCubeOps<"tmatmul.mx", "a matrix product">;
defm PTO_TGemvMx : PTO_MxCubeOps<"tgemv.mx", "a matrix-vector product">;

// The scaling tile of an MX operand: binds dst to where src's scales are.
def PTO_TGetScaleAddrOp
    : PTO_UnaryOp<"tget_scale_addr", "bind a scaling tile to the scales of an MX operand tile">;

// The same tile buffer seen with another element type (a view, as treshape).
def PTO_BitcastOp : PTO_Op<"bitcast", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "the same tile buffer seen with another element type";
  let arguments = (ins PTO_TileBuf:$src);
  let results = (outs PTO_TileBuf:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// Rebinds a tile to the core's memory at another byte address, and yields
// it: the result is that memory (which may be any tile's), and the handle
// of the tile is changed, so its state is written (nothing merges, drops
// or moves it across the tile's other uses).
def PTO_TAssignOp : PTO_Op<"tassign"> {
  let summary = "rebind a tile to the local memory at a byte address";
  let arguments = (ins Arg<PTO_TileLike, "the tile rebound",
                           [MemWrite<PTO_TileState>]>:$tile,
                       I64:$addr);
  let results = (outs PTO_TileLike:$result);
  let assemblyFormat = [{
    $tile `,` $addr attr-dict `:` qualified(type($tile)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// Powers; the scratch tile is for floating elements (integers take none).
def PTO_TPowOp
    : PTO_BinaryTmpOp<"tpow", "elementwise power: src0 to the exponent src1", PowPrecision> {
  let hasVerifier = 1;
}
def PTO_TPowSOp
    : PTO_DpsOp<"tpows", !con((ins PTO_Src:$src, PTO_Scalar:$scalar,
                                   PTO_OptScratch:$tmp), PowPrecision),
                ScalarTmpFormat> {
  let summary = "elementwise power: src to the exponent scalar";
  let hasVerifier = 1;
}

// Like tload, but it waits for no earlier event (PTOAS gives it no
// implicit synchronisation): the source is global memory.
def PTO_TPrefetchOp : PTO_UnaryOp<"tprefetch", "prefetch a global window into a tile"> {
  let hasVerifier = 1;
}

// Counts into the 256-bin histogram rows of dst (for 32-bit sources, of
// the byte `byte` in 0..3, filtered by idx): dst's counts are accumulated,
// so dst is read as well.
def PTO_THistogramOp : PTO_Op<"thistogram"> {
  let summary = "accumulate a 256-bin histogram of each row of src into dst";
  let arguments = (ins PTO_Src:$src, PTO_Src:$idx, PTO_PartialDst:$dst,
                       DefaultValuedAttr<I32Attr, "1">:$byte);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` qualified(type($idx)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// To 8-bit integers by the scales of fp (asymmetric: minus an offset
// tile); the optional scratch tile is the second `outs` operand:
//   ins(%src, %fp[, %offset] : ..) outs(%dst[, %tmp] : ..)
//   {quant_type = #pto<quant_type INT8_SYM>}
def PTO_TQuantOp : PTO_Op<"tquant", [AttrSizedOperandSegments]> {
  let summary = "quantise a tile to 8-bit integers by a scale (and offset) tile";
  let arguments = (ins PTO_Src:$src, PTO_Src:$fp, PTO_OptSrc:$offset,
                       PTO_OptScratch:$tmp,
                       Arg<PTO_TileLike, "the destination tile", [MemWrite]>:$dst,
                       PTO_QuantTypeAttr:$quant_type);
  let assemblyFormat = [{
    `ins` `(` $src `,` $fp (`,` $offset^)? `:` qualified(type($src)) `,`
    qualified(type($fp)) (`,` qualified(type($offset))^)? `)`
    `outs` `(` $dst (`,` $tmp^)? `:` qualified(type($dst))
    (`,` qualified(type($tmp))^)? `)` attr-dict
  }];
  let hasVerifier = 1;
}

// To an MX format, writing the quantised tile and the groups' exponents,
// maxima and scales; PTOAS's older fused form also writes the exponents
// fractal (a fifth destination, with storeMode):
//   ins(%src : T) outs(%dst, %exp, %max, %scaling[, %exp_zz] : ..)
//   {quant_type = #pto<quant_type MXFP8>[, grpAxis = ..]}
def PTO_TQuantMxOp : PTO_Op<"tquant.mx"> {
  let summary = "quantise a tile to an MX format with its exponent, maximum and scale tiles";
  let arguments = (ins PTO_Src:$src,
      Arg<PTO_TileLike, "the quantised tile", [MemWrite]>:$dst,
      Arg<PTO_TileLike, "the shared exponents", [MemWrite]>:$exp,
      Arg<PTO_TileLike, "the group maxima", [MemWrite]>:$max,
      Arg<PTO_TileLike, "the group scales", [MemWrite]>:$scaling,
      Arg<Optional<PTO_TileLike>, "the exponents, fractal", [MemWrite]>:$exp_zz,
      PTO_QuantTypeAttr:$quant_type,
      DefaultValuedAttr<PTO_QuantScaleAlgAttr,
                        "::skew::pto::QuantScaleAlg::OCP">:$quantScaleAlg,
      OptionalAttr<PTO_VecStoreModeAttr>:$storeMode,
      DefaultValuedAttr<PTO_MxGroupAxisAttr, "::skew::pto::MxGroupAxis::Axis1">:$grpAxis,
      DefaultValuedAttr<BoolAttr, "false">:$interleave);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `,` $exp `,` $max `,` $scaling (`,` $exp_zz^)? `:`
    qualified(type($dst)) `,` qualified(type($exp)) `,` qualified(type($max)) `,`
    qualified(type($scaling)) (`,` qualified(type($exp_zz))^)? `)` attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile buffers, views and scalars
//===----------------------------------------------------------------------===//

// Without `addr` the tile is a fresh buffer (an allocation, which MLIR's
// alias analysis proves distinct from every other). With `addr` it names the
// core's local memory at that byte address: tiles at overlapping addresses
// (a tile and its transposed `_t` companion) are the same memory, so it is
// no allocation; it sets up the tile's run-time state (its valid shape),
// which keeps two such tiles from being merged or dropped.
def PTO_AllocTileOp : PTO_Op<"alloc_tile", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a tile buffer (at a fixed address, valid shape at run time)";
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_TileBuf:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)?
    (`valid_col` `=` $valid_col^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// One allocation of `count` uniform slots: `%mb = pto.alloc_multi_tile
// [addr = %a] [valid_row = %r] [valid_col = %c] : !pto.multi_tile_buf<S,
// count = N>`. With an address, slot k lives at addr + k * (bytes of S):
// as for alloc_tile, that is the core's memory there, no allocation.
def PTO_AllocMultiTileOp : PTO_Op<"alloc_multi_tile", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate the slots of a multi-buffered tile";
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_MultiTileBuf:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)?
    (`valid_col` `=` $valid_col^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// The slot in use: `%t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<S,
// count = N> -> S`. A view: it allocates nothing and its result is the
// slot's memory, so what one get writes a later get of the same slot reads.
def PTO_MultiTileGetOp : PTO_Op<"multi_tile_get", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "the slot of a multi-buffered tile at a run-time index";
  let arguments = (ins PTO_MultiTileBuf:$source, Index:$slot);
  let results = (outs PTO_TileBuf:$result);
  let assemblyFormat = [{
    $source `[` $slot `]` attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_DeclareTileOp : PTO_Op<"declare_tile"> {
  let summary = "a tile whose buffer a later op (a pop) binds";
  let results = (outs Res<PTO_TileLike, "the tile", [MemAlloc]>:$tile);
  let assemblyFormat = "attr-dict `->` qualified(type($tile))";
}

def PTO_DeclareGlobalOp : PTO_Op<"declare_global"> {
  let summary = "a global-memory tensor whose address a later op binds";
  let results = (outs Res<PTO_TensorView, "the tensor", [MemAlloc]>:$entry);
  let assemblyFormat = "attr-dict `->` qualified(type($entry))";
}

def PTO_MakeTensorViewOp
    : PTO_Op<"make_tensor_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "a tensor view of a global-memory pointer with shape and strides";
  let arguments = (ins PTO_Ptr:$ptr, Variadic<Index>:$shape,
                       Variadic<Index>:$strides,
                       OptionalAttr<PTO_LayoutAttr>:$layout);
  let results = (outs PTO_TensorView:$result);
  // `%p, shape = [...], strides = [...] : !pto.tensor_view<...>`: the
  // pointer's type is not written; it is !pto.ptr of the view's elements.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_PartitionViewOp
    : PTO_Op<"partition_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "the window (offsets, sizes) of a tensor view";
  let arguments = (ins PTO_TensorView:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionView:$result);
  // `%v, offsets = [...], sizes = [...] : source-type [-> result-type]`:
  // without the result type it is the sizes' constants (`?` for the rest).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_SubViewOp : PTO_Op<"subview", [Pure, AttrSizedOperandSegments]> {
  let summary = "the window of a tile buffer at run-time offsets, static sizes";
  let arguments = (ins PTO_TileBuf:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_TileBuf:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` `sizes` $sizes
    (`valid` `[` $valid_row^ `,` $valid_col `]`)?
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// The valid shape is state of the tile apart from its data (the region every
// later tile op on it reads or writes), hence both writes: ordered with the
// tile's data accesses, and seen as state that a fresh allocation of the
// tile's type would not have.
def PTO_SetValidShapeOp : PTO_Op<"set_validshape"> {
  let summary = "set the valid rows and columns of a tile at run time";
  let arguments = (ins Arg<PTO_TileBuf, "the tile",
                           [MemWrite, MemWrite<PTO_TileState>]>:$source,
                       Index:$valid_row, Index:$valid_col);
  let assemblyFormat = [{
    $source `,` $valid_row `,` $valid_col attr-dict `:` qualified(type($source))
  }];
}

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance a pointer by a number of elements";
  let arguments = (ins PTO_Ptr:$ptr, Index:$offset);
  let results = (outs PTO_Ptr:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)";
}

// `%x : T -> U`: an integer to a pointer or back, a pointer to one of
// another element type in the same memory, or a memref's base pointer.
def PTO_CastPtrOp : PTO_Op<"castptr", [Pure]> {
  let summary = "reinterpret an address as a pointer, an integer or another pointer";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

// `%t : !pto.tile_buf<..> -> !pto.ptr<f32, vec>` (or a memref of its shape):
// where a tile's data is, in its own memory.
def PTO_TileBufAddrOp : PTO_Op<"tile_buf_addr", [Pure]> {
  let summary = "the address of a tile's data, as a pointer or a memref";
  let arguments = (ins AnyTypeOf<[PTO_TileBuf, AnyMemRef]>:$src);
  let results = (outs AnyTypeOf<[PTO_Ptr, AnyMemRef]>:$dst);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($dst)";
  let hasVerifier = 1;
}

def PTO_LoadScalarOp : PTO_Op<"load_scalar"> {
  let summary = "load one element through a pointer";
  let arguments = (ins Arg<PTO_Ptr, "the pointer", [MemRead]>:$ptr, Index:$offset);
  let results = (outs AnyType:$value);
  let assemblyFormat =
      "$ptr `[` $offset `]` attr-dict `:` qualified(type($ptr)) `->` type($value)";
  let hasVerifier = 1;
}

def PTO_StoreScalarOp : PTO_Op<"store_scalar"> {
  let summary = "store one element through a pointer";
  let arguments = (ins AnyType:$value,
                       Arg<PTO_Ptr, "the pointer", [MemWrite]>:$ptr, Index:$offset);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offset `]` attr-dict `:` qualified(type($ptr)) `,` type($value)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reserved FIFO buffers and pipe initialisation
//===----------------------------------------------------------------------===//

def PTO_ReserveBufferOp : PTO_Op<"reserve_buffer"> {
  let summary = "reserve a named local buffer (the consumer's FIFO slots)";
  let arguments = (ins StrAttr:$name, I32Attr:$size,
                       PTO_AddressSpaceAttr:$location, BoolAttr:$autoAlloc,
                       OptionalAttr<I32Attr>:$base);
  let results = (outs Res<I32, "the buffer's address", [MemAlloc]>:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `size` `=` $size `,` `location` `=` $location `,`
    `auto` `=` $autoAlloc (`,` `base` `=` $base^)? `}` attr-dict `->` type($addr)
  }];
  let hasVerifier = 1;
}

def PTO_ImportReservedBufferOp : PTO_Op<"import_reserved_buffer", [Pure]> {
  let summary = "the address of a buffer the peer kernel reserves";
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$peer_func);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict `->` type($addr)
  }];
}

// aic_initialize_pipe / aiv_initialize_pipe: declare this core's pipes.
// Real form: `{id = 0, dir_mask = 1, slot_size = 1024}` then named buffer
// operands `(gm_slot_buffer = %p : !pto.ptr<f32>, c2v_consumer_buf = %b :
// i32, ...)`; `buffer_roles` records which operand is which. Without it
// (tensor-level IR) the buffers are not interpreted.
class PTO_InitializePipeOp<string mnemonic, string core>
    : PTO_Op<mnemonic, [PTO_FifoEffects]> {
  let summary = "declare the " # core # "'s pipes";
  let arguments = (ins
    OptionalAttr<I32Attr>:$id,
    I8Attr:$dir_mask,
    I32Attr:$slot_size,
    OptionalAttr<I32Attr>:$slot_num,
    OptionalAttr<I32Attr>:$local_slot_num,
    OptionalAttr<BoolAttr>:$nosplit,
    OptionalAttr<PTO_AccPushEpilogueAttr>:$acc_push_epilogue,
    OptionalAttr<StrArrayAttr>:$buffer_roles,
    Variadic<AnyType>:$buffers);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::mlir::OperationName::PrintAssemblyFn getPrintAssemblyFn();
  }];
}
def PTO_AicInitializePipeOp : PTO_InitializePipeOp<"aic_initialize_pipe", "cube">;
def PTO_AivInitializePipeOp : PTO_InitializePipeOp<"aiv_initialize_pipe", "vector">;

def PTO_InitializeL2G2LPipeOp
    : PTO_Op<"initialize_l2g2l_pipe", [PTO_FifoEffects, AttrSizedOperandSegments]> {
  let summary = "a pipe through global memory into a local buffer";
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$local_slot_num,
                       OptionalAttr<I32Attr>:$flag_base,
                       OptionalAttr<BoolAttr>:$nosplit,
                       AnyType:$gm_addr, Optional<AnyType>:$local_addr,
                       Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_Pipe:$pipe);
  let assemblyFormat = [{
    `{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,`
    `slot_num` `=` $slot_num (`,` `local_slot_num` `=` $local_slot_num^)?
    (`,` `flag_base` `=` $flag_base^)? (`,` `nosplit` `=` $nosplit^)? `}`
    `(` $gm_addr `:` type($gm_addr) (`,` $local_addr^ `:` type($local_addr))?
    (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)`
    attr-dict `->` qualified(type($pipe))
  }];
}

def PTO_InitializeL2LPipeOp : PTO_Op<"initialize_l2l_pipe", [PTO_FifoEffects]> {
  let summary = "a pipe from one core's local memory into the other's";
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$flag_base,
                       OptionalAttr<BoolAttr>:$nosplit,
                       AnyType:$local_addr, Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_Pipe:$pipe);
  let assemblyFormat = [{
    `{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,`
    `slot_num` `=` $slot_num (`,` `flag_base` `=` $flag_base^)?
    (`,` `nosplit` `=` $nosplit^)? `}`
    `(` $local_addr `:` type($local_addr)
    (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)`
    attr-dict `->` qualified(type($pipe))
  }];
}

//===----------------------------------------------------------------------===//
// The FIFO ops of the pipes an initialise op declares (by direction and id)
//===----------------------------------------------------------------------===//

// Their real form is `pto.tpush_to_aiv(%t : type) {id = 1, split = 0}`; IR
// over builtin tensors and memrefs (tensor-level IR) prints generic, as it
// always has.
class PTO_FifoOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat([PTO_FifoEffects], traits)> {
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::mlir::OperationName::PrintAssemblyFn getPrintAssemblyFn();
  }];
}

// Push a tile; the vector's push names its sub-block when split.
class PTO_PushOp<string mnemonic, string doc> : PTO_FifoOp<mnemonic> {
  let summary = doc;
  let arguments = (ins Arg<AnyType, "the tile pushed", [MemRead]>:$tile,
                       Optional<AnyType>:$aiv_subblockid,
                       OptionalAttr<I32Attr>:$id, OptionalAttr<I8Attr>:$split);
}
def PTO_TPushToAivOp : PTO_PushOp<"tpush_to_aiv", "push a tile to the cube->vector pipe (on the cube)">;
def PTO_TPushToAicOp : PTO_PushOp<"tpush_to_aic", "push a tile to the vector->cube pipe (on the vector)">;

// Pop the next tile: operands are the optional valid shape (two index
// values) and the optional sub-block id (i64), in that order.
class PTO_PopOp<string mnemonic, string doc> : PTO_FifoOp<mnemonic> {
  let summary = doc;
  let arguments = (ins Variadic<AnyType>:$shape_and_subblock,
                       OptionalAttr<I32Attr>:$id, OptionalAttr<I8Attr>:$split);
  let results = (outs AnyType:$tile);
}
def PTO_TPopFromAicOp : PTO_PopOp<"tpop_from_aic", "pop the next tile of the cube->vector pipe (on the vector)">;
def PTO_TPopFromAivOp : PTO_PopOp<"tpop_from_aiv", "pop the next tile of the vector->cube pipe (on the cube)">;

// Release the oldest popped, unreleased slot; the operand names the tile.
class PTO_FreeOp<string mnemonic, string doc> : PTO_FifoOp<mnemonic> {
  let summary = doc;
  let arguments = (ins Optional<AnyType>:$entry, OptionalAttr<I32Attr>:$id,
                       OptionalAttr<I8Attr>:$split);
}
def PTO_TFreeFromAicOp : PTO_FreeOp<"tfree_from_aic", "release a cube->vector slot (on the vector)">;
def PTO_TFreeFromAivOp : PTO_FreeOp<"tfree_from_aiv", "release a vector->cube slot (on the cube)">;

// Allocate the next slot of a pipe through global memory (a producer's
// buffer to fill, then push).
class PTO_TAllocToOp<string mnemonic, string doc>
    : PTO_Op<mnemonic, [PTO_FifoEffects]> {
  let summary = doc;
  let arguments = (ins DefaultValuedOptionalAttr<I32Attr, "0">:$id, I8Attr:$split);
  let results = (outs PTO_TensorView:$entry);
  let assemblyFormat = [{
    `{` (`id` `=` $id^ `,`)? `split` `=` $split `}` attr-dict `->` qualified(type($entry))
  }];
}
def PTO_TAllocToAivOp : PTO_TAllocToOp<"talloc_to_aiv", "allocate a cube->vector slot (on the cube)">;
def PTO_TAllocToAicOp : PTO_TAllocToOp<"talloc_to_aic", "allocate a vector->cube slot (on the vector)">;

// The FIFO ops on an explicit pipe handle.
def PTO_TPushOp : PTO_Op<"tpush", [PTO_FifoEffects]> {
  let summary = "push a tile into a pipe";
  let arguments = (ins Arg<PTO_TileLike, "the tile", [MemRead]>:$tile,
                       PTO_Pipe:$pipe_handle, Optional<I64>:$aiv_subblockid,
                       I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `,` $pipe_handle `:` qualified(type($tile)) `,` qualified(type($pipe_handle)) `)`
    `{` `split` `=` $split `}` (`aiv_subblockid` `(` $aiv_subblockid^ `)`)? attr-dict
  }];
}
def PTO_TPopOp : PTO_Op<"tpop", [PTO_FifoEffects]> {
  let summary = "pop the next tile of a pipe into a declared tile";
  let arguments = (ins Arg<PTO_TileLike, "the tile", [MemWrite]>:$tile,
                       PTO_Pipe:$pipe_handle, Optional<I64>:$aiv_subblockid,
                       I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `,` $pipe_handle `:` qualified(type($tile)) `,` qualified(type($pipe_handle)) `)`
    `{` `split` `=` $split `}` (`aiv_subblockid` `(` $aiv_subblockid^ `)`)? attr-dict
  }];
}
def PTO_TFreeOp : PTO_Op<"tfree", [PTO_FifoEffects]> {
  let summary = "release the oldest popped slot of a pipe";
  let arguments = (ins Variadic<AnyType>:$entry_and_pipe, I8Attr:$split);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}
def PTO_TAllocOp : PTO_Op<"talloc", [PTO_FifoEffects]> {
  let summary = "allocate the next slot of a pipe into a declared global tensor";
  let arguments = (ins Arg<PTO_TensorView, "the slot", [MemWrite]>:$entry,
                       PTO_Pipe:$pipe_handle, I8Attr:$split);
  let assemblyFormat = [{
    `(` $entry `,` $pipe_handle `:` qualified(type($entry)) `,` qualified(type($pipe_handle)) `)`
    `{` `split` `=` $split `}` attr-dict
  }];
}

// Quantisation parameters of the next accumulator push on pipe `id`.
def PTO_SetQuantScalarOp : PTO_Op<"set_quant_scalar", [PTO_FifoEffects]> {
  let summary = "the scalar quantisation scale of the next push";
  let arguments = (ins F32:$scale, DefaultValuedOptionalAttr<I32Attr, "0">:$id);
  let assemblyFormat = "`(` $scale `:` type($scale) `)` `{` `id` `=` $id `}` attr-dict";
}
def PTO_SetQuantVectorOp : PTO_Op<"set_quant_vector", [PTO_FifoEffects]> {
  let summary = "the per-column quantisation scales of the next push";
  let arguments = (ins Arg<PTO_TileLike, "the scales", [MemRead]>:$scaling_tile,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$id);
  let assemblyFormat = [{
    `(` $scaling_tile `:` qualified(type($scaling_tile)) `)` `{` `id` `=` $id `}` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Core queries and synchronisation
//===----------------------------------------------------------------------===//

def PTO_GetSubBlockIdxOp : PTO_Op<"get_subblock_idx", [Pure]> {
  let summary = "the index (0 or 1) of the vector sub-block running this code";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}
def PTO_GetBlockIdxOp : PTO_Op<"get_block_idx", [Pure]> {
  let summary = "the index of the block (core) running this code";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def PTO_SyncAllOp
    : PTO_Op<"syncall", [AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "synchronise all cores";
  let arguments = (ins Optional<AnyTypeOf<[PTO_Ptr, PTO_TensorView, PTO_PartitionView]>>:$gm_workspace,
                       Optional<I32>:$used_cores,
                       PTO_SyncAllModeAttr:$mode, PTO_SyncCoreTypeAttr:$core_type);
  // `(%ws, %n : !pto.ptr<i32>, i32)`; `(%ws : T, %n : i32)` reads too.
  let assemblyFormat = [{
    `(` custom<SyncAllOperands>($gm_workspace, type($gm_workspace), $used_cores,
                                type($used_cores)) `)`
    `mode` `=` qualified($mode) `,` `core_type` `=` qualified($core_type) attr-dict
  }];
}

def PTO_BarrierOp : PTO_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait until a hardware pipe has drained";
  let arguments = (ins PTO_HwPipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

def PTO_SetFftsOp : PTO_Op<"set_ffts", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "set the cross-core flag base address";
  let arguments = (ins PTO_Ptr:$ffts);
  let assemblyFormat = "$ffts attr-dict `:` qualified(type($ffts))";
}

def PTO_GetSubBlockNumOp : PTO_Op<"get_subblock_num", [Pure]> {
  let summary = "the number of vector sub-blocks of the running core";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}
def PTO_GetBlockNumOp : PTO_Op<"get_block_num", [Pure]> {
  let summary = "the number of blocks (cores) the kernel runs on";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

// Ordering ops: they read and write all memory, so no pass moves a memory
// access across them.
class PTO_OrderingOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat([MemoryEffects<[MemRead, MemWrite]>], traits)>;

// `[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]`
class PTO_FlagOp<string mnemonic, string doc> : PTO_OrderingOp<mnemonic> {
  let summary = doc;
  let arguments = (ins PTO_HwPipeAttr:$src_pipe, PTO_HwPipeAttr:$dst_pipe,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}
def PTO_SetFlagOp : PTO_FlagOp<"set_flag", "signal an event from one pipe to another">;
def PTO_WaitFlagOp : PTO_FlagOp<"wait_flag", "wait for an event one pipe signals another">;

def PTO_EventEndpointAttr : AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr]>;

// `[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID0>]`
class PTO_EventOp<string mnemonic, string doc> : PTO_OrderingOp<mnemonic> {
  let summary = doc;
  let arguments = (ins PTO_EventEndpointAttr:$src_op, PTO_EventEndpointAttr:$dst_op,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict";
}
def PTO_RecordEventOp
    : PTO_EventOp<"record_event", "signal an event from one kind of op to another">;
def PTO_WaitEventOp
    : PTO_EventOp<"wait_event", "wait for an event one kind of op signals another">;

// `[#pto.pipe_event_type<TLOAD>, 0]`: buffer-id tokens between ops.
class PTO_BufTokenOp<string mnemonic, string doc> : PTO_OrderingOp<mnemonic> {
  let summary = doc;
  let arguments = (ins AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr,
                                  PTO_HwPipeAttr]>:$op_type,
                       I32Attr:$buf_id, OptionalAttr<I32Attr>:$mode);
  let assemblyFormat = "`[` $op_type `,` $buf_id (`,` $mode^)? `]` attr-dict";
}
def PTO_GetBufOp : PTO_BufTokenOp<"get_buf", "acquire a buffer-id token for a kind of op">;
def PTO_RlsBufOp : PTO_BufTokenOp<"rls_buf", "release a buffer-id token for a kind of op">;

// Cross-core signals between the cube and the vector cores:
// `<PIPE_MTE3>, 2 [{ffts_mode = 1 : i32}]` (the FFTS mode: 0 between
// blocks, 1 within a sub-block, 2 within a block), or with the event id an index
// value, `<PIPE_V>, %id`. The pipe may be written `#pto.pipe<PIPE_V>` too.
class PTO_CrossCoreSyncOp<string mnemonic, string doc, dag extra = (ins)>
    : PTO_OrderingOp<mnemonic> {
  let summary = doc;
  let arguments = !con((ins PTO_HwPipeAttr:$pipe, OptionalAttr<I32Attr>:$event_id),
                       extra, (ins Optional<Index>:$event_id_dyn));
  let assemblyFormat = "$pipe `,` ($event_id_dyn^) : ($event_id)? attr-dict";
  let hasVerifier = 1;
}
def PTO_SyncSetOp
    : PTO_CrossCoreSyncOp<"sync.set", "signal a cross-core event once a pipe is done",
                          (ins OptionalAttr<I32Attr>:$ffts_mode)>;
def PTO_SyncWaitOp
    : PTO_CrossCoreSyncOp<"sync.wait", "wait on a pipe for a cross-core event",
                          (ins OptionalAttr<I32Attr>:$ffts_mode)>;

// The same between the cube and vector cores of one block.
def PTO_SetIntraBlockOp
    : PTO_CrossCoreSyncOp<"set_intra_block",
                          "signal an event to the other cores of this block once a pipe is done">;
def PTO_WaitIntraBlockOp
    : PTO_CrossCoreSyncOp<"wait_intra_block",
                          "wait on a pipe for an event from another core of this block">;

def PTO_FenceBarrierAllOp : PTO_OrderingOp<"fence.barrier_all"> {
  let summary = "make every earlier memory access visible in a scope before any later one";
  let arguments = (ins PTO_FenceScopeAttr:$scope);
  let assemblyFormat = "qualified($scope) attr-dict";
}

// `%v single_cache_line : type`, or `all #pto.address_space<gm>`.
def PTO_CmoCacheInvalidOp : PTO_OrderingOp<"cmo.cacheinvalid"> {
  let summary = "invalidate the data cache (one line at an address, or all of a memory)";
  let arguments = (ins Optional<AnyType>:$addr,
                       OptionalAttr<PTO_AddressSpaceAttr>:$space);
  let assemblyFormat = [{
    ($addr^ `single_cache_line` `:` qualified(type($addr))) : (`all` qualified($space))?
    attr-dict
  }];
}

// Code that only one kind of core runs.
class PTO_SectionOp<string mnemonic, string core>
    : PTO_Op<mnemonic, [SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "code only the " # core # " core runs";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}
def PTO_SectionCubeOp : PTO_SectionOp<"section.cube", "cube">;
def PTO_SectionVectorOp : PTO_SectionOp<"section.vector", "vector">;

// A small array on the core's scalar stack.
def PTO_DeclareLocalArrayOp : PTO_Op<"declare_local_array"> {
  let summary = "a fresh array local to the running core";
  let results = (outs Res<PTO_LocalArray, "the array", [MemAlloc]>:$array);
  let assemblyFormat = "attr-dict `->` qualified(type($array))";
}
def PTO_LocalArrayGetOp : PTO_Op<"local_array_get"> {
  let summary = "read one element of a local array";
  let arguments = (ins Arg<PTO_LocalArray, "the array", [MemRead]>:$array,
                       Variadic<Index>:$indices);
  let results = (outs PTO_Scalar:$result);
  let assemblyFormat = [{
    $array `[` $indices `]` attr-dict `:` qualified(type($array)) `->` type($result)
  }];
}
def PTO_LocalArraySetOp : PTO_Op<"local_array_set"> {
  let summary = "write one element of a local array";
  let arguments = (ins Arg<PTO_LocalArray, "the array", [MemWrite]>:$array,
                       Variadic<Index>:$indices, PTO_Scalar:$value);
  let assemblyFormat = [{
    $array `[` $indices `]` `,` $value attr-dict `:` qualified(type($array)) `,`
    type($value)
  }];
}

//===----------------------------------------------------------------------===//
// Communication between devices (signals and windows of peers' memory)
//===----------------------------------------------------------------------===//

def PTO_CommOperand : AnyTypeOf<[PTO_TileLike, PTO_Ptr]>;

def PTO_CommTWaitOp : PTO_OrderingOp<"comm.twait"> {
  let summary = "wait until a signal compares true against a value";
  let arguments = (ins PTO_CommOperand:$signal, AnySignlessInteger:$cmp_value,
                       PTO_WaitCmpAttr:$cmp);
  let assemblyFormat = [{
    `(` $signal `,` $cmp_value `:` qualified(type($signal)) `,` type($cmp_value) `)`
    attr-dict
  }];
}
def PTO_CommTNotifyOp : PTO_OrderingOp<"comm.tnotify"> {
  let summary = "update a (possibly remote) signal by a value";
  let arguments = (ins PTO_CommOperand:$signal, AnySignlessInteger:$value,
                       PTO_NotifyOpAttr:$notifyOp);
  let assemblyFormat = [{
    `(` $signal `,` $value `:` qualified(type($signal)) `,` type($value) `)` attr-dict
  }];
}
// `(%event, %session : !pto.async_event, !pto.async_session) -> i1` (older
// PTOAS called it pto.wait_async_event).
def PTO_WaitAsyncEventOp : PTO_OrderingOp<"comm.wait_async_event"> {
  let summary = "wait until an asynchronous DMA transfer has completed";
  let arguments = (ins PTO_AsyncEvent:$event, PTO_AsyncSession:$session);
  let results = (outs I1:$completed);
  let assemblyFormat = [{
    `(` $event `,` $session `:` qualified(type($event)) `,` qualified(type($session)) `)`
    attr-dict `->` type($completed)
  }];
}
// comm.tput and comm.tget:
//   `(%dst, %src, buf(%ping[, %pong]) : Td, Ts, Tping[, Tpong])`
// copy between (possibly remote) global windows through staging tiles.
def PTO_CommTGetOp : PTO_OrderingOp<"comm.tget"> {
  let summary = "copy a (possibly remote) window to a window through staging tiles";
  let arguments = (ins PTO_CommOperand:$dst, PTO_CommOperand:$src,
                       PTO_CommOperand:$ping, Optional<PTO_CommOperand>:$pong);
  let assemblyFormat = [{
    `(` $dst `,` $src `,` `buf` `(` $ping (`,` $pong^)? `)` `:`
    qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($ping))
    (`,` qualified(type($pong))^)? `)` attr-dict
  }];
}
def PTO_CommTPutOp : PTO_OrderingOp<"comm.tput"> {
  let summary = "copy a window to a (possibly remote) window through staging tiles";
  let arguments = (ins PTO_CommOperand:$dst, PTO_CommOperand:$src,
                       PTO_CommOperand:$ping, Optional<PTO_CommOperand>:$pong,
                       OptionalAttr<PTO_AtomicTypeAttr>:$atomicType);
  let assemblyFormat = [{
    `(` $dst `,` $src `,` `buf` `(` $ping (`,` $pong^)? `)` `:`
    qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($ping))
    (`,` qualified(type($pong))^)? `)` attr-dict
  }];
}

// Collectives over a group of devices, one (possibly remote) global window
// per member; `root` is the index in the group of the member that sends
// (broadcast, scatter) or receives (gather, reduce); data is staged
// through local tiles:
//   (%src, recv(%ping[, %pong]), group(%g0, ..) : Ts, Tping[, Tpong], Tg0, ..)
//   {root = 1 : i32}
// comm.treduce has the accumulator tile after its destination and
// `reduceOp = #pto<reduce_op sum>` (native/pto_dialect.cpp). They touch
// other devices' memory: ordering ops.
class PTO_CommCollectiveOp<string mnemonic, string doc, dag locals,
                           dag attrs = (ins)>
    : PTO_OrderingOp<mnemonic, [AttrSizedOperandSegments]> {
  let summary = doc;
  let arguments = !con(locals, (ins PTO_CommOperand:$ping,
                                    Optional<PTO_CommOperand>:$pong,
                                    Variadic<PTO_CommOperand>:$group),
                       attrs, (ins I32Attr:$root));
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}
def PTO_CommTBroadcastOp
    : PTO_CommCollectiveOp<"comm.tbroadcast", "copy the root's window to every member of a group",
                           (ins PTO_CommOperand:$src)>;
def PTO_CommTScatterOp
    : PTO_CommCollectiveOp<"comm.tscatter", "split the root's window among the members of a group",
                           (ins PTO_CommOperand:$src)>;
def PTO_CommTGatherOp
    : PTO_CommCollectiveOp<"comm.tgather", "collect the windows of a group's members at the root",
                           (ins PTO_CommOperand:$dst)>;
def PTO_CommTReduceOp
    : PTO_CommCollectiveOp<"comm.treduce", "combine the windows of a group's members at the root",
                           (ins PTO_CommOperand:$dst, PTO_CommOperand:$acc),
                           (ins PTO_ReduceOpAttr:$reduceOp)>;

//===----------------------------------------------------------------------===//
// Asynchronous prefetch of global memory into the L2 cache
//===----------------------------------------------------------------------===//

// A context in a byte workspace of global memory:
// `(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context`. It sets the
// workspace up, so it orders with every memory access.
def PTO_MakePrefetchAsyncContextOp : PTO_OrderingOp<"make_prefetch_async_context"> {
  let summary = "a prefetch context kept in a global-memory workspace";
  let arguments = (ins PTO_Ptr:$workspace);
  let results = (outs PTO_PrefetchAsyncContext:$ctx);
  let assemblyFormat = [{
    `(` $workspace `:` qualified(type($workspace)) `)` attr-dict `->` qualified(type($ctx))
  }];
  let hasVerifier = 1;
}
// `%ctx : !pto.prefetch_async_context -> !pto.async_session`: the session
// the prefetches of a context run in (a projection, no effect).
def PTO_GetPrefetchAsyncSessionOp : PTO_Op<"get_prefetch_async_session", [Pure]> {
  let summary = "the DMA session of a prefetch context";
  let arguments = (ins PTO_PrefetchAsyncContext:$ctx);
  let results = (outs PTO_AsyncSession:$session);
  let assemblyFormat = [{
    $ctx attr-dict `:` qualified(type($ctx)) `->` qualified(type($session))
  }];
}
// `(%window, %ctx : !pto.partition_tensor_view<..>, !pto.prefetch_async_context)
// -> !pto.async_event`: starts bringing a global window into the L2 cache;
// comm.wait_async_event waits for it. It reads global memory while later
// ops run, so it orders with every memory access.
def PTO_TPrefetchAsyncOp : PTO_OrderingOp<"tprefetch_async"> {
  let summary = "start an asynchronous prefetch of a global window into the L2 cache";
  let arguments = (ins PTO_TileLike:$src, PTO_PrefetchAsyncContext:$ctx);
  let results = (outs PTO_AsyncEvent:$event);
  let assemblyFormat = [{
    `(` $src `,` $ctx `:` qualified(type($src)) `,` qualified(type($ctx)) `)`
    attr-dict `->` qualified(type($event))
  }];
  let hasVerifier = 1;
}

#endif // SKEW_PTO_OPS_TD

//===- PTOBase.td - the pto dialect, its attributes and types -------------===//
//
// Our own definition of the textual IR of the PTOAS front end (the `.pto`
// kernel files pypto emits and PTOAS consumes), written from the syntax and
// semantics of its public kernels and documentation. docs/fifo-contract.md
// says what each op means to the FIFO model.
//
//===----------------------------------------------------------------------===//

#ifndef SKEW_PTO_BASE_TD
#define SKEW_PTO_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::skew::pto";
  let summary = "tile-level IR of the Ascend cube/vector cores (PTOAS syntax)";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Inherent attributes stay in the attribute dictionary, so the generic
  // form reads `{split = 1 : i8}` as the tensor-level IR always wrote it.
  let usePropertiesForAttributes = 0;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    // A custom-form op of the namespace that the dialect does not define:
    // a located error naming the nearest op it does define.
    std::optional<ParseOpHook>
    getParseOperationHook(::llvm::StringRef opName) const override;
  }];
}

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enumerations and attributes
//===----------------------------------------------------------------------===//

class PTO_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::skew::pto";
  let genSpecializedAttr = 0;
}

// `<keyword>` after the mnemonic: #pto.kernel_kind<cube>.
class PTO_BracketEnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// A bare keyword after the mnemonic: #pto<round_mode RINT>.
class PTO_KeywordEnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic>;

def PTO_KernelKindEnum : PTO_Enum<"KernelKind", "the core a kernel runs on", [
  I32EnumAttrCase<"Cube", 0, "cube">,
  I32EnumAttrCase<"Vector", 1, "vector">]>;
def PTO_KernelKindAttr : PTO_BracketEnumAttr<PTO_KernelKindEnum, "kernel_kind">;

def PTO_AddressSpaceEnum : PTO_Enum<"AddressSpace", "a memory of the core", [
  I32EnumAttrCase<"Zero", 0, "zero">,
  I32EnumAttrCase<"GM", 1, "gm">,
  I32EnumAttrCase<"MAT", 2, "mat">,
  I32EnumAttrCase<"LEFT", 3, "left">,
  I32EnumAttrCase<"RIGHT", 4, "right">,
  I32EnumAttrCase<"ACC", 5, "acc">,
  I32EnumAttrCase<"VEC", 6, "vec">,
  I32EnumAttrCase<"BIAS", 7, "bias">,
  I32EnumAttrCase<"SCALING", 8, "scaling">]>;
def PTO_AddressSpaceAttr
    : PTO_BracketEnumAttr<PTO_AddressSpaceEnum, "address_space">;

def PTO_LayoutEnum : PTO_Enum<"Layout", "layout of a global tensor", [
  I32EnumAttrCase<"ND", 0, "nd">,
  I32EnumAttrCase<"DN", 1, "dn">,
  I32EnumAttrCase<"NZ", 2, "nz">]>;
def PTO_LayoutAttr : PTO_BracketEnumAttr<PTO_LayoutEnum, "layout">;

def PTO_RoundModeEnum : PTO_Enum<"RoundMode", "rounding of a conversion", [
  I32EnumAttrCase<"NONE", 0>,
  I32EnumAttrCase<"RINT", 1>,
  I32EnumAttrCase<"ROUND", 2>,
  I32EnumAttrCase<"FLOOR", 3>,
  I32EnumAttrCase<"CEIL", 4>,
  I32EnumAttrCase<"TRUNC", 5>,
  I32EnumAttrCase<"ODD", 6>,
  I32EnumAttrCase<"CAST_RINT", 7>]>;
def PTO_RoundModeAttr : PTO_KeywordEnumAttr<PTO_RoundModeEnum, "round_mode">;

def PTO_StPhaseEnum : PTO_Enum<"StPhase", "phase of an accumulating store", [
  I32EnumAttrCase<"Unspecified", 0, "unspecified">,
  I32EnumAttrCase<"Partial", 2, "partial">,
  I32EnumAttrCase<"Final", 3, "final">]>;
def PTO_StPhaseAttr : PTO_KeywordEnumAttr<PTO_StPhaseEnum, "st_phase">;

def PTO_AtomicTypeEnum : PTO_Enum<"AtomicType", "atomic mode of a store", [
  I32EnumAttrCase<"AtomicNone", 0, "atomic_none">,
  I32EnumAttrCase<"AtomicAdd", 1, "atomic_add">]>;
def PTO_AtomicTypeAttr : PTO_KeywordEnumAttr<PTO_AtomicTypeEnum, "atomic_type">;

def PTO_SyncAllModeEnum : PTO_Enum<"SyncAllMode", "how syncall synchronises", [
  I32EnumAttrCase<"Hard", 0, "hard">,
  I32EnumAttrCase<"Soft", 1, "soft">]>;
def PTO_SyncAllModeAttr
    : PTO_BracketEnumAttr<PTO_SyncAllModeEnum, "sync_all_mode">;

def PTO_SyncCoreTypeEnum : PTO_Enum<"SyncCoreType", "which cores syncall joins", [
  I32EnumAttrCase<"AIVOnly", 0, "aiv_only">,
  I32EnumAttrCase<"AICOnly", 1, "aic_only">,
  I32EnumAttrCase<"Mix", 2, "mix">]>;
def PTO_SyncCoreTypeAttr
    : PTO_BracketEnumAttr<PTO_SyncCoreTypeEnum, "sync_core_type">;

// The hardware pipes a barrier waits on.
def PTO_HwPipeEnum : PTO_Enum<"HwPipe", "a hardware pipe", [
  I32EnumAttrCase<"PIPE_S", 0>,
  I32EnumAttrCase<"PIPE_V", 1>,
  I32EnumAttrCase<"PIPE_M", 2>,
  I32EnumAttrCase<"PIPE_MTE1", 3>,
  I32EnumAttrCase<"PIPE_MTE2", 4>,
  I32EnumAttrCase<"PIPE_MTE3", 5>,
  I32EnumAttrCase<"PIPE_ALL", 6>,
  I32EnumAttrCase<"PIPE_MTE4", 7>,
  I32EnumAttrCase<"PIPE_MTE5", 8>,
  I32EnumAttrCase<"PIPE_V2", 9>,
  I32EnumAttrCase<"PIPE_FIX", 10>,
  // PTOAS's compiler-side pipes: the two halves of MTE2 it schedules apart,
  // the pipe count and "no pipe chosen yet". Read so any pipe PTOAS prints
  // reads back.
  I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1A", 11>,
  I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1B", 12>,
  I32EnumAttrCase<"PIPE_NUM", 13>,
  I32EnumAttrCase<"PIPE_UNASSIGNED", 99>]>;
def PTO_HwPipeAttr : PTO_BracketEnumAttr<PTO_HwPipeEnum, "pipe">;

// The event flags the hardware pipes signal each other with.
def PTO_EventEnum : PTO_Enum<"Event", "a hardware event flag", [
  I32EnumAttrCase<"EVENT_ID0", 0>,
  I32EnumAttrCase<"EVENT_ID1", 1>,
  I32EnumAttrCase<"EVENT_ID2", 2>,
  I32EnumAttrCase<"EVENT_ID3", 3>,
  I32EnumAttrCase<"EVENT_ID4", 4>,
  I32EnumAttrCase<"EVENT_ID5", 5>,
  I32EnumAttrCase<"EVENT_ID6", 6>,
  I32EnumAttrCase<"EVENT_ID7", 7>]>;
def PTO_EventAttr : PTO_BracketEnumAttr<PTO_EventEnum, "event">;

// The kinds of tile op a high-level event names as its producer or consumer
// (the pipe each runs on is left to the lowering).
def PTO_SyncOpTypeEnum : PTO_Enum<"SyncOpType", "the kind of op an event joins", [
  I32EnumAttrCase<"TLOAD", 0>,
  I32EnumAttrCase<"TSTORE_ACC", 1>,
  I32EnumAttrCase<"TSTORE_VEC", 2>,
  I32EnumAttrCase<"TMOV_M2L", 3>,
  I32EnumAttrCase<"TMOV_M2S", 4>,
  I32EnumAttrCase<"TMOV_M2B", 5>,
  I32EnumAttrCase<"TMOV_M2V", 6>,
  I32EnumAttrCase<"TMOV_V2M", 7>,
  I32EnumAttrCase<"TMATMUL", 8>,
  I32EnumAttrCase<"TVEC", 9>,
  I32EnumAttrCase<"TVECWAIT_EVENT", 10>]>;
// #pto.pipe_event_type<TLOAD>, and its older spelling #pto.sync_op_type<TLOAD>.
def PTO_PipeEventTypeAttr : AttrDef<PTO_Dialect, "PipeEventType"> {
  let mnemonic = "pipe_event_type";
  let summary = "the kind of op at one end of an event";
  let parameters = (ins EnumParameter<PTO_SyncOpTypeEnum>:$value);
  let assemblyFormat = "`<` $value `>`";
}
def PTO_SyncOpTypeAttr : AttrDef<PTO_Dialect, "SyncOpType"> {
  let mnemonic = "sync_op_type";
  let summary = "the kind of op at one end of an event (older spelling)";
  let parameters = (ins EnumParameter<PTO_SyncOpTypeEnum>:$value);
  let assemblyFormat = "`<` $value `>`";
}

def PTO_FenceScopeEnum : PTO_Enum<"FenceScope", "what a fence makes visible", [
  I32EnumAttrCase<"LocalMemory", 0, "local_memory">,
  I32EnumAttrCase<"GM", 1, "gm">,
  I32EnumAttrCase<"All", 2, "all">]>;
def PTO_FenceScopeAttr : PTO_BracketEnumAttr<PTO_FenceScopeEnum, "fence_scope">;

// Cross-device signals (the comm ops).
def PTO_NotifyOpEnum : PTO_Enum<"NotifyOp", "how a notify updates a signal", [
  I32EnumAttrCase<"AtomicAdd", 0, "atomic_add">,
  I32EnumAttrCase<"Set", 1, "set">]>;
def PTO_NotifyOpAttr : PTO_KeywordEnumAttr<PTO_NotifyOpEnum, "notify_op">;

def PTO_WaitCmpEnum : PTO_Enum<"WaitCmp", "the test a wait applies to a signal", [
  I32EnumAttrCase<"EQ", 0, "eq">,
  I32EnumAttrCase<"NE", 1, "ne">,
  I32EnumAttrCase<"GT", 2, "gt">,
  I32EnumAttrCase<"GE", 3, "ge">,
  I32EnumAttrCase<"LT", 4, "lt">,
  I32EnumAttrCase<"LE", 5, "le">]>;
def PTO_WaitCmpAttr : PTO_KeywordEnumAttr<PTO_WaitCmpEnum, "wait_cmp">;

// The predicate of an elementwise tile compare (tcmp, tcmps): #pto<cmp lt>.
def PTO_CmpModeEnum : PTO_Enum<"CmpMode", "the predicate of a tile compare", [
  I32EnumAttrCase<"EQ", 0, "eq">,
  I32EnumAttrCase<"NE", 1, "ne">,
  I32EnumAttrCase<"LT", 2, "lt">,
  I32EnumAttrCase<"LE", 3, "le">,
  I32EnumAttrCase<"GT", 4, "gt">,
  I32EnumAttrCase<"GE", 5, "ge">]>;
def PTO_CmpModeAttr : PTO_KeywordEnumAttr<PTO_CmpModeEnum, "cmp">;

// What a gather from global memory does with an index past the end:
// #pto<gather_oob clamp>.
def PTO_GatherOOBEnum : PTO_Enum<"GatherOOB", "out-of-range indices of mgather", [
  I32EnumAttrCase<"Undefined", 0, "undefined">,
  I32EnumAttrCase<"Clamp", 1, "clamp">,
  I32EnumAttrCase<"Wrap", 2, "wrap">,
  I32EnumAttrCase<"Zero", 3, "zero">]>;
def PTO_GatherOOBAttr : PTO_KeywordEnumAttr<PTO_GatherOOBEnum, "gather_oob">;

// How a scatter into global memory combines with what is there
// (#pto<scatter_atomic_op add>), and what it does with an index past the
// end (#pto<scatter_oob skip>).
def PTO_ScatterAtomicOpEnum
    : PTO_Enum<"ScatterAtomicOp", "how mscatter combines with memory", [
  I32EnumAttrCase<"None", 0, "none">,
  I32EnumAttrCase<"Add", 1, "add">,
  I32EnumAttrCase<"Max", 2, "max">,
  I32EnumAttrCase<"Min", 3, "min">]>;
def PTO_ScatterAtomicOpAttr
    : PTO_KeywordEnumAttr<PTO_ScatterAtomicOpEnum, "scatter_atomic_op">;
def PTO_ScatterOOBEnum : PTO_Enum<"ScatterOOB", "out-of-range indices of mscatter", [
  I32EnumAttrCase<"Undefined", 0, "undefined">,
  I32EnumAttrCase<"Skip", 1, "skip">,
  I32EnumAttrCase<"Clamp", 2, "clamp">,
  I32EnumAttrCase<"Wrap", 3, "wrap">]>;
def PTO_ScatterOOBAttr : PTO_KeywordEnumAttr<PTO_ScatterOOBEnum, "scatter_oob">;

// How mgather / mscatter walk global memory: an index per row of the tile
// or per element (#pto<coalesce elem>).
def PTO_CoalesceEnum : PTO_Enum<"Coalesce", "the granule of mgather / mscatter", [
  I32EnumAttrCase<"Row", 0, "row">,
  I32EnumAttrCase<"Elem", 1, "elem">]>;
def PTO_CoalesceAttr : PTO_KeywordEnumAttr<PTO_CoalesceEnum, "coalesce">;

// Which write wins when two indices of one mscatter collide:
// #pto<scatter_conflict last>.
def PTO_ScatterConflictEnum
    : PTO_Enum<"ScatterConflict", "colliding indices of mscatter", [
  I32EnumAttrCase<"Default", 0, "default">,
  I32EnumAttrCase<"Last", 1, "last">]>;
def PTO_ScatterConflictAttr
    : PTO_KeywordEnumAttr<PTO_ScatterConflictEnum, "scatter_conflict">;

// The fixed lane patterns of the mask forms of tgather / tscatter: which of
// every four lanes take part (#pto.mask_pattern<P0101>).
def PTO_MaskPatternEnum : PTO_Enum<"MaskPattern", "a four-lane mask pattern", [
  I32EnumAttrCase<"P0101", 1>,
  I32EnumAttrCase<"P1010", 2>,
  I32EnumAttrCase<"P0001", 3>,
  I32EnumAttrCase<"P0010", 4>,
  I32EnumAttrCase<"P0100", 5>,
  I32EnumAttrCase<"P1000", 6>,
  I32EnumAttrCase<"P1111", 7>]>;
def PTO_MaskPatternAttr : PTO_BracketEnumAttr<PTO_MaskPatternEnum, "mask_pattern">;

// Where a move or insert out of the accumulator lands in the vector cores:
// one sub-block, or split between both by rows or by columns
// (#pto.acc_to_vec_mode<dual_mode_split_m>).
def PTO_AccToVecModeEnum : PTO_Enum<"AccToVecMode", "accumulator to vector split", [
  I32EnumAttrCase<"SingleModeVec0", 0, "single_mode_vec0">,
  I32EnumAttrCase<"SingleModeVec1", 1, "single_mode_vec1">,
  I32EnumAttrCase<"DualModeSplitM", 2, "dual_mode_split_m">,
  I32EnumAttrCase<"DualModeSplitN", 3, "dual_mode_split_n">]>;
def PTO_AccToVecModeAttr
    : PTO_BracketEnumAttr<PTO_AccToVecModeEnum, "acc_to_vec_mode">;

// The ReLU the fixpipe applies on the way out of the accumulator
// (#pto<relu_pre_mode normal_relu>).
def PTO_ReluPreModeEnum : PTO_Enum<"ReluPreMode", "fixpipe ReLU of a move", [
  I32EnumAttrCase<"NoRelu", 0, "no_relu">,
  I32EnumAttrCase<"NormalRelu", 1, "normal_relu">,
  I32EnumAttrCase<"ScalarRelu", 2, "scalar_relu">,
  I32EnumAttrCase<"VectorRelu", 3, "vector_relu">,
  I32EnumAttrCase<"Pwl", 4, "pwl">]>;
def PTO_ReluPreModeAttr : PTO_KeywordEnumAttr<PTO_ReluPreModeEnum, "relu_pre_mode">;

// How tinsert splits a packed low-precision source (#pto.tinsert_mode<split2>).
def PTO_TInsertModeEnum : PTO_Enum<"TInsertMode", "split of a packed tinsert", [
  I32EnumAttrCase<"Split2", 2, "split2">,
  I32EnumAttrCase<"Split4", 3, "split4">]>;
def PTO_TInsertModeAttr : PTO_BracketEnumAttr<PTO_TInsertModeEnum, "tinsert_mode">;

// Which part of an accumulation a cube op is: the accumulator's first or
// middle contributions, or the last (#pto<acc_phase final>).
def PTO_AccPhaseEnum : PTO_Enum<"AccPhase", "phase of an accumulating cube op", [
  I32EnumAttrCase<"Unspecified", 0, "unspecified">,
  I32EnumAttrCase<"Partial", 2, "partial">,
  I32EnumAttrCase<"Final", 3, "final">]>;
def PTO_AccPhaseAttr : PTO_KeywordEnumAttr<PTO_AccPhaseEnum, "acc_phase">;

// The accuracy an elementwise op computes to, one attribute per op family
// (#pto<div_precision high_precision>): the default, or the slower exact one.
class PTO_PrecisionEnum<string name, string what>
    : PTO_Enum<name, "accuracy of " # what, [
  I32EnumAttrCase<"Default", 0, "default">,
  I32EnumAttrCase<"HighPrecision", 1, "high_precision">]>;
def PTO_DivPrecisionEnum : PTO_PrecisionEnum<"DivPrecision", "a division">;
def PTO_DivPrecisionAttr : PTO_KeywordEnumAttr<PTO_DivPrecisionEnum, "div_precision">;
def PTO_ExpPrecisionEnum : PTO_PrecisionEnum<"ExpPrecision", "exp">;
def PTO_ExpPrecisionAttr : PTO_KeywordEnumAttr<PTO_ExpPrecisionEnum, "exp_precision">;
def PTO_LogPrecisionEnum : PTO_PrecisionEnum<"LogPrecision", "log">;
def PTO_LogPrecisionAttr : PTO_KeywordEnumAttr<PTO_LogPrecisionEnum, "log_precision">;
def PTO_RecipPrecisionEnum : PTO_PrecisionEnum<"RecipPrecision", "a reciprocal">;
def PTO_RecipPrecisionAttr
    : PTO_KeywordEnumAttr<PTO_RecipPrecisionEnum, "recip_precision">;
def PTO_RemPrecisionEnum : PTO_PrecisionEnum<"RemPrecision", "a remainder">;
def PTO_RemPrecisionAttr : PTO_KeywordEnumAttr<PTO_RemPrecisionEnum, "rem_precision">;
def PTO_RsqrtPrecisionEnum : PTO_PrecisionEnum<"RsqrtPrecision", "1 / sqrt">;
def PTO_RsqrtPrecisionAttr
    : PTO_KeywordEnumAttr<PTO_RsqrtPrecisionEnum, "rsqrt_precision">;
def PTO_SqrtPrecisionEnum : PTO_PrecisionEnum<"SqrtPrecision", "sqrt">;
def PTO_SqrtPrecisionAttr
    : PTO_KeywordEnumAttr<PTO_SqrtPrecisionEnum, "sqrt_precision">;
def PTO_FmodPrecisionEnum : PTO_PrecisionEnum<"FmodPrecision", "fmod">;
def PTO_FmodPrecisionAttr
    : PTO_KeywordEnumAttr<PTO_FmodPrecisionEnum, "fmod_precision">;
def PTO_PowPrecisionEnum : PTO_PrecisionEnum<"PowPrecision", "a power">;
def PTO_PowPrecisionAttr : PTO_KeywordEnumAttr<PTO_PowPrecisionEnum, "pow_precision">;

// The number format tprint writes elements in
// (#pto<print_format width8_precision4>).
def PTO_PrintFormatEnum : PTO_Enum<"PrintFormat", "the number format of tprint", [
  I32EnumAttrCase<"Width8Precision4", 0, "width8_precision4">,
  I32EnumAttrCase<"Width8Precision2", 1, "width8_precision2">,
  I32EnumAttrCase<"Width10Precision6", 2, "width10_precision6">]>;
def PTO_PrintFormatAttr : PTO_KeywordEnumAttr<PTO_PrintFormatEnum, "print_format">;

// The value tfillpad writes outside the valid region, when not the tile
// type's own pad (#pto.pad_value<zero>).
def PTO_PadValueEnum : PTO_Enum<"PadValue", "the fill of tfillpad", [
  I32EnumAttrCase<"Null", 0, "null">,
  I32EnumAttrCase<"Zero", 1, "zero">,
  I32EnumAttrCase<"Max", 2, "max">,
  I32EnumAttrCase<"Min", 3, "min">]>;
def PTO_PadValueAttr : PTO_BracketEnumAttr<PTO_PadValueEnum, "pad_value">;

// The axis the elements of one MX scale share (#pto<mx_group_axis axis0>).
def PTO_MxGroupAxisEnum : PTO_Enum<"MxGroupAxis", "grouping axis of MX scales", [
  I32EnumAttrCase<"Axis0", 0, "axis0">,
  I32EnumAttrCase<"Axis1", 1, "axis1">]>;
def PTO_MxGroupAxisAttr : PTO_KeywordEnumAttr<PTO_MxGroupAxisEnum, "mx_group_axis">;

// What tquant / tquant.mx quantise to (#pto<quant_type INT8_SYM>): 8-bit
// integers with a scale (and, asymmetric, an offset), or an MX format.
def PTO_QuantTypeEnum : PTO_Enum<"QuantType", "the target format of a quantisation", [
  I32EnumAttrCase<"INT8_SYM", 0>,
  I32EnumAttrCase<"INT8_ASYM", 1>,
  I32EnumAttrCase<"MXFP8", 2>,
  I32EnumAttrCase<"MXFP4_E2M1", 3>]>;
def PTO_QuantTypeAttr : PTO_KeywordEnumAttr<PTO_QuantTypeEnum, "quant_type">;

// How tquant.mx derives a group's shared scale (#pto<quant_scale_alg nv>).
def PTO_QuantScaleAlgEnum : PTO_Enum<"QuantScaleAlg", "the scale rule of MX quantisation", [
  I32EnumAttrCase<"OCP", 0, "ocp">,
  I32EnumAttrCase<"NV", 1, "nv">]>;
def PTO_QuantScaleAlgAttr
    : PTO_KeywordEnumAttr<PTO_QuantScaleAlgEnum, "quant_scale_alg">;

// The layout tquant.mx writes its exponents in, when it also writes them
// fractal (#pto<vec_store_mode nz>).
def PTO_VecStoreModeEnum : PTO_Enum<"VecStoreMode", "the layout of a vector store", [
  I32EnumAttrCase<"ND", 0, "nd">,
  I32EnumAttrCase<"NZ", 1, "nz">]>;
def PTO_VecStoreModeAttr : PTO_KeywordEnumAttr<PTO_VecStoreModeEnum, "vec_store_mode">;

// How the collective comm.treduce combines the group's windows
// (#pto<reduce_op sum>).
def PTO_ReduceOpEnum : PTO_Enum<"ReduceOp", "the combination of comm.treduce", [
  I32EnumAttrCase<"Sum", 0, "sum">,
  I32EnumAttrCase<"Max", 1, "max">,
  I32EnumAttrCase<"Min", 2, "min">]>;
def PTO_ReduceOpAttr : PTO_KeywordEnumAttr<PTO_ReduceOpEnum, "reduce_op">;

// Whether tcvt saturates out-of-range values (#pto<saturation_mode ON>).
def PTO_SaturationModeEnum : PTO_Enum<"SaturationMode", "saturation of a conversion", [
  I32EnumAttrCase<"ON", 0>,
  I32EnumAttrCase<"OFF", 1>]>;
def PTO_SaturationModeAttr
    : PTO_KeywordEnumAttr<PTO_SaturationModeEnum, "saturation_mode">;

// The fixpipe epilogue of a cube push from the accumulator.
def PTO_FixpipeLayoutEnum : PTO_Enum<"FixpipeLayout", "fixpipe layout", [
  I32EnumAttrCase<"NZ2ND", 0, "nz2nd">,
  I32EnumAttrCase<"NZ2DN", 1, "nz2dn">,
  I32EnumAttrCase<"NZ2NZ", 2, "nz2nz">]>;
def PTO_FixpipeQuantEnum : PTO_Enum<"FixpipeQuant", "fixpipe quantisation", [
  I32EnumAttrCase<"NoConvert", 0, "no_convert">,
  I32EnumAttrCase<"F32F16", 1, "f32_f16">,
  I32EnumAttrCase<"F32BF16", 2, "f32_bf16">,
  I32EnumAttrCase<"REQ8Scalar", 3, "req8_scalar">,
  I32EnumAttrCase<"REQ8Vec", 4, "req8_vec">,
  I32EnumAttrCase<"DEQF16Scalar", 5, "deqf16_scalar">,
  I32EnumAttrCase<"DEQF16Vec", 6, "deqf16_vec">,
  I32EnumAttrCase<"QF322B8PreScalar", 7, "qf322b8_pre_scalar">,
  I32EnumAttrCase<"QF322B8PreVec", 8, "qf322b8_pre_vec">,
  I32EnumAttrCase<"QF322F16PreScalar", 9, "qf322f16_pre_scalar">,
  I32EnumAttrCase<"QF322BF16PreScalar", 10, "qf322bf16_pre_scalar">,
  I32EnumAttrCase<"QS322BF16PreScalar", 11, "qs322bf16_pre_scalar">,
  I32EnumAttrCase<"QS322BF16PreVec", 12, "qs322bf16_pre_vec">,
  I32EnumAttrCase<"QF322HIF8PreScalar", 13, "qf322hif8_pre_scalar">,
  I32EnumAttrCase<"QF322FP8PreScalar", 14, "qf322fp8_pre_scalar">]>;
def PTO_FixpipeReluEnum : PTO_Enum<"FixpipeRelu", "fixpipe ReLU", [
  I32EnumAttrCase<"NoRelu", 0, "no_relu">,
  I32EnumAttrCase<"NormalRelu", 1, "normal_relu">]>;

def PTO_AccPushEpilogueAttr
    : AttrDef<PTO_Dialect, "AccPushEpilogue"> {
  let mnemonic = "acc_push_epilogue";
  let summary = "the fixpipe epilogue of a push from the accumulator";
  let parameters = (ins EnumParameter<PTO_FixpipeLayoutEnum>:$layout,
                        EnumParameter<PTO_FixpipeQuantEnum>:$quant,
                        EnumParameter<PTO_FixpipeReluEnum>:$relu);
  let assemblyFormat =
      "`<` `layout` `=` $layout `,` `quant` `=` $quant `,` `relu` `=` $relu `>`";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class PTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// !pto.ptr<f32> or !pto.ptr<f32, gm>: a pointer into a memory.
def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "pointer to elements of a memory";
  let parameters = (ins "::mlir::Type":$elementType,
                        OptionalParameter<"::skew::pto::AddressSpaceAttr">:$memorySpace);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// Element types of the Ascend cores that MLIR has no builtin for (PTOAS's
// spellings): one byte per element, the FP4 ones a packed pair per byte.
def PTO_HiF8Type : PTO_Type<"HiF8", "hif8"> {
  let summary = "HiFloat8, the A5 cores' 8-bit float";
}
def PTO_F8E8M0Type : PTO_Type<"F8E8M0", "f8E8M0"> {
  let summary = "8-bit exponent-only float (the scales of MX formats)";
}
def PTO_F4E1M2x2Type : PTO_Type<"F4E1M2x2", "f4E1M2x2"> {
  let summary = "a packed pair of 4-bit E1M2 floats (one byte)";
}
def PTO_F4E2M1x2Type : PTO_Type<"F4E2M1x2", "f4E2M1x2"> {
  let summary = "a packed pair of 4-bit E2M1 floats (one byte)";
}

// !pto.tensor_view<?x?xf32>: a global tensor (pointer, shape and strides).
def PTO_TensorViewType : PTO_Type<"TensorView", "tensor_view"> {
  let summary = "a view of a global-memory tensor";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

// !pto.partition_tensor_view<16x128xbf16>: a window of a tensor view.
def PTO_PartitionTensorViewType
    : PTO_Type<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "a window (offsets, sizes) of a tensor view";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

def PTO_BLayoutEnum : PTO_Enum<"BLayout", "block layout of a tile", [
  I32EnumAttrCase<"RowMajor", 0, "row_major">,
  I32EnumAttrCase<"ColMajor", 1, "col_major">]>;
def PTO_SLayoutEnum : PTO_Enum<"SLayout", "fractal layout of a tile", [
  I32EnumAttrCase<"NoneBox", 0, "none_box">,
  I32EnumAttrCase<"RowMajor", 1, "row_major">,
  I32EnumAttrCase<"ColMajor", 2, "col_major">]>;

// !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=?,
// blayout=row_major, slayout=none_box, fractal=512, pad=0[, compact=1]>: a
// tile buffer in a local memory, with its valid region (? = set at run time).
// `compact` is PTOAS's compact mode (0 none, 1 normal, 2 one extra row).
def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "a tile buffer in a core-local memory";
  let parameters = (ins
    EnumParameter<PTO_AddressSpaceEnum>:$loc,
    "::mlir::Type":$elementType,
    "int64_t":$rows,
    "int64_t":$cols,
    "int64_t":$validRows,   // ShapedType::kDynamic: set at run time
    "int64_t":$validCols,
    EnumParameter<PTO_BLayoutEnum>:$blayout,
    EnumParameter<PTO_SLayoutEnum>:$slayout,
    "int64_t":$fractal,
    "int64_t":$pad,
    "int64_t":$compact);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// !pto.multi_tile_buf<!pto.tile_buf<...>, count=2>: N slots of one tile type;
// the slot may be written in the tile_buf's compact form too, the count among
// its fields: !pto.multi_tile_buf<vec, 16x16xf16, count=2>.
def PTO_MultiTileBufType : PTO_Type<"MultiTileBuf", "multi_tile_buf"> {
  let summary = "several slots of one tile buffer type";
  let parameters = (ins "::skew::pto::TileBufType":$slotType, "int64_t":$count);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// !pto.local_array<64xi32>: a small array in the core's scalar stack.
def PTO_LocalArrayType : PTO_Type<"LocalArray", "local_array"> {
  let summary = "a statically shaped array local to the running core";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// !pto.pipe: the handle of a pipe made by an initialise op. Its own parser:
// the default one of a type without parameters ignores a `<...>` after the
// mnemonic, which accepted `!pto.pipe<1>` and dropped the parameter.
def PTO_PipeType : PTO_Type<"Pipe", "pipe"> {
  let summary = "a cube/vector pipe handle";
  let hasCustomAssemblyFormat = 1;
}

// !pto.async_session / !pto.async_event: the handles of asynchronous DMA
// between devices (a session, and one transfer in it). Parameterless, with
// their own parsers for the reason !pto.pipe has one.
def PTO_AsyncSessionType : PTO_Type<"AsyncSession", "async_session"> {
  let summary = "a session of asynchronous DMA transfers";
  let hasCustomAssemblyFormat = 1;
}
def PTO_AsyncEventType : PTO_Type<"AsyncEvent", "async_event"> {
  let summary = "one asynchronous DMA transfer, to wait for";
  let hasCustomAssemblyFormat = 1;
}
// !pto.prefetch_async_context: the state of asynchronous prefetches of
// global memory into the L2 cache, kept in a global-memory workspace.
def PTO_PrefetchAsyncContextType
    : PTO_Type<"PrefetchAsyncContext", "prefetch_async_context"> {
  let summary = "the context of asynchronous L2 prefetches";
  let hasCustomAssemblyFormat = 1;
}

def PTO_TileBuf : Type<CPred<"::llvm::isa<::skew::pto::TileBufType>($_self)">,
                       "tile buffer", "::skew::pto::TileBufType">;
def PTO_MultiTileBuf
    : Type<CPred<"::llvm::isa<::skew::pto::MultiTileBufType>($_self)">,
           "multi-buffered tile", "::skew::pto::MultiTileBufType">;
def PTO_Ptr : Type<CPred<"::llvm::isa<::skew::pto::PtrType>($_self)">,
                   "pto pointer", "::skew::pto::PtrType">;
def PTO_TensorView
    : Type<CPred<"::llvm::isa<::skew::pto::TensorViewType>($_self)">,
           "tensor view", "::skew::pto::TensorViewType">;
def PTO_PartitionView
    : Type<CPred<"::llvm::isa<::skew::pto::PartitionTensorViewType>($_self)">,
           "partition tensor view", "::skew::pto::PartitionTensorViewType">;
def PTO_LocalArray
    : Type<CPred<"::llvm::isa<::skew::pto::LocalArrayType>($_self)">,
           "local array", "::skew::pto::LocalArrayType">;
def PTO_Pipe : Type<CPred<"::llvm::isa<::skew::pto::PipeType>($_self)">,
                    "pipe handle", "::skew::pto::PipeType">;
def PTO_AsyncSession
    : Type<CPred<"::llvm::isa<::skew::pto::AsyncSessionType>($_self)">,
           "async DMA session", "::skew::pto::AsyncSessionType">;
def PTO_AsyncEvent
    : Type<CPred<"::llvm::isa<::skew::pto::AsyncEventType>($_self)">,
           "async DMA event", "::skew::pto::AsyncEventType">;
def PTO_PrefetchAsyncContext
    : Type<CPred<"::llvm::isa<::skew::pto::PrefetchAsyncContextType>($_self)">,
           "prefetch context", "::skew::pto::PrefetchAsyncContextType">;

// What a tile operand may be: a tile buffer, a global view, or the builtin
// memref / tensor of lowered and tensor-level IR.
def PTO_TileLike : AnyTypeOf<[PTO_TileBuf, PTO_PartitionView, PTO_TensorView,
                              AnyMemRef, AnyRankedTensor]>;

#endif // SKEW_PTO_BASE_TD

//===- pto_dialect.cpp - the pto dialect: types, custom syntax, verifiers -===//
//
// What the ODS definition (dialect/*.td) leaves to C++: the custom syntax of
// the types and of the ops whose PTOAS syntax no declarative format can say
// (named buffer operands, `{id = .., split = ..}` clauses), and verifiers.
//
//===----------------------------------------------------------------------===//

#include "pto_dialect.h"
#include "pto_registration.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace skew::pto;

#include "PTODialect.cpp.inc"
#include "PTOEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "PTOAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "PTOTypes.cpp.inc"
// Custom directives of the ODS formats (defined below).
static ParseResult parseTileType(OpAsmParser &parser, Type &type);
static void printTileType(OpAsmPrinter &printer, Operation *, Type type);
static ParseResult parseSyncAllOperands(
    OpAsmParser &parser, std::optional<OpAsmParser::UnresolvedOperand> &workspace,
    Type &workspaceType, std::optional<OpAsmParser::UnresolvedOperand> &usedCores,
    Type &usedCoresType);
static void printSyncAllOperands(OpAsmPrinter &printer, Operation *,
                                 Value workspace, Type workspaceType,
                                 Value usedCores, Type usedCoresType);

#define GET_OP_CLASSES
#include "PTOOps.cpp.inc"

void PTODialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "PTOOps.cpp.inc"
      >();
}

void PTODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "PTOTypes.cpp.inc"
      >();
}

void PTODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "PTOAttrs.cpp.inc"
      >();
}

namespace {
template <typename... Ops>
SmallVector<StringRef> operationNames() {
  return {Ops::getOperationName()...};
}

// The names of the ops the dialect defines (the ODS op list).
ArrayRef<StringRef> ptoOpNames() {
  static const SmallVector<StringRef> names = operationNames<
#define GET_OP_LIST
#include "PTOOps.cpp.inc"
      >();
  return names;
}
} // namespace

std::optional<Dialect::ParseOpHook>
PTODialect::getParseOperationHook(StringRef) const {
  return ParseOpHook([](OpAsmParser &parser,
                        OperationState &state) -> ParseResult {
    StringRef name = state.name.getStringRef();
    // The nearest name the dialect defines, if any is close.
    StringRef nearest;
    unsigned best = 4;
    for (StringRef op : ptoOpNames()) {
      unsigned distance = op.edit_distance(
          name, /*AllowReplacements=*/true, /*MaxEditDistance=*/best);
      if (distance < best) {
        best = distance;
        nearest = op;
      }
    }
    // The parser names the op ("custom op 'pto.x' ...") before this text.
    InFlightDiagnostic diag = parser.emitError(parser.getNameLoc())
                              << "is not an op of the pto dialect";
    if (!nearest.empty())
      diag.attachNote() << "did you mean '" << nearest << "'?";
    diag.attachNote() << "the pto ops skew-mlir reads are listed in "
                         "docs/fifo-contract.md";
    return failure();
  });
}

void skew::loadPtoDialect(MlirContext context) {
  unwrap(context)->getOrLoadDialect<PTODialect>();
}

void skew::registerPtoDialect(DialectRegistry &registry) {
  registry.insert<PTODialect>();
}

bool skew::touchesFifo(MlirOperation op) {
  // Only pto ops name the FIFO resource: others are spared the query.
  if (unwrap(op)->getName().getDialectNamespace() != PTODialect::getDialectNamespace())
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(unwrap(op));
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return isa<FifoResource>(e.getResource());
  });
}

std::optional<skew::PtoTypeInfo> skew::ptoTypeInfo(MlirType wrapped) {
  Type type = unwrap(wrapped);
  PtoTypeInfo info;
  if (auto multi = dyn_cast<MultiTileBufType>(type)) {
    std::optional<PtoTypeInfo> slot = ptoTypeInfo(wrap(multi.getSlotType()));
    slot->kind = "multi_tile_buf";
    slot->count = multi.getCount();
    return slot;
  }
  if (auto tile = dyn_cast<TileBufType>(type)) {
    info.kind = "tile_buf";
    info.element = wrap(tile.getElementType());
    info.shape = {tile.getRows(), tile.getCols()};
    info.valid = {tile.getValidRows(), tile.getValidCols()};
    info.loc = stringifyAddressSpace(tile.getLoc()).str();
    info.blayout = stringifyBLayout(tile.getBlayout()).str();
    info.pad = tile.getPad();
  } else if (auto view = dyn_cast<TensorViewType>(type)) {
    info.kind = "tensor_view";
    info.element = wrap(view.getElementType());
    info.shape.assign(view.getShape().begin(), view.getShape().end());
  } else if (auto view = dyn_cast<PartitionTensorViewType>(type)) {
    info.kind = "partition_tensor_view";
    info.element = wrap(view.getElementType());
    info.shape.assign(view.getShape().begin(), view.getShape().end());
  } else if (auto ptr = dyn_cast<PtrType>(type)) {
    info.kind = "ptr";
    info.element = wrap(ptr.getElementType());
  } else {
    return std::nullopt;
  }
  return info;
}

std::optional<std::string> skew::ptoAddressSpace(MlirAttribute wrapped) {
  auto space = dyn_cast<AddressSpaceAttr>(unwrap(wrapped));
  if (!space)
    return std::nullopt;
  return stringifyAddressSpace(space.getValue()).str();
}

skew::MultiTileBufResult skew::multiTileBufType(MlirType wrapped, int64_t count) {
  auto slot = dyn_cast<TileBufType>(unwrap(wrapped));
  if (!slot)
    return {{nullptr}, "a multi_tile_buf's slot must be a !pto.tile_buf"};
  MLIRContext *context = slot.getContext();
  std::string message;
  ScopedDiagnosticHandler capture(context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  auto type = MultiTileBufType::getChecked(
      [&] { return mlir::emitError(UnknownLoc::get(context)); }, context, slot,
      count);
  if (!type)
    return {{nullptr}, message};
  return {wrap(Type(type)), ""};
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

namespace {

template <typename Enum>
ParseResult parseEnumKeyword(AsmParser &parser, StringRef what,
                             std::optional<Enum> (*symbolize)(StringRef),
                             Enum &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string keyword;
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  std::optional<Enum> parsed = symbolize(keyword);
  if (!parsed)
    return parser.emitError(loc) << "unknown " << what << " '" << keyword << "'";
  value = *parsed;
  return success();
}

// `?x16xf32`-style shape and element type.
ParseResult parseShapeAndType(AsmParser &parser, SmallVectorImpl<int64_t> &shape,
                              Type &elementType) {
  return failure(parser.parseLess() ||
                 parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
                 parser.parseType(elementType) || parser.parseGreater());
}

void printDim(AsmPrinter &printer, int64_t dim) {
  if (ShapedType::isDynamic(dim))
    printer << "?";
  else
    printer << dim;
}

void printShapeAndType(AsmPrinter &printer, ArrayRef<int64_t> shape,
                       Type elementType) {
  printer << "<";
  for (int64_t dim : shape) {
    printDim(printer, dim);
    printer << "x";
  }
  printer << elementType << ">";
}

} // namespace

// A pointer's memory, in PTOAS's spellings: the hardware names (l1, l0a,
// l0b, l0c, ub, bt, fb) read as our locations.
static std::optional<AddressSpace> symbolizePtrSpace(StringRef keyword) {
  return llvm::StringSwitch<std::optional<AddressSpace>>(keyword)
      .Case("l1", AddressSpace::MAT)
      .Case("l0a", AddressSpace::LEFT)
      .Case("l0b", AddressSpace::RIGHT)
      .Case("l0c", AddressSpace::ACC)
      .Case("ub", AddressSpace::VEC)
      .Case("bt", AddressSpace::BIAS)
      .Case("fb", AddressSpace::SCALING)
      .Case("zero", std::nullopt)
      .Default(symbolizeAddressSpace(keyword));
}

// <f32> or <f32, space>. Global memory is the default: `<f32, gm>` is the
// same type as `<f32>` (as in PTOAS, whose pointers always have a memory),
// so a pointer written either way is one value type.
Type PtrType::parse(AsmParser &parser) {
  Type elementType;
  if (parser.parseLess() || parser.parseType(elementType))
    return {};
  AddressSpaceAttr memorySpace;
  if (succeeded(parser.parseOptionalComma())) {
    AddressSpace space;
    if (parseEnumKeyword(parser, "pointer address space", symbolizePtrSpace,
                         space))
      return {};
    if (space != AddressSpace::GM)
      memorySpace = AddressSpaceAttr::get(parser.getContext(), space);
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), elementType, memorySpace);
}

void PtrType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType();
  if (getMemorySpace())
    printer << ", " << stringifyAddressSpace(getMemorySpace().getValue());
  printer << ">";
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type, AddressSpaceAttr memorySpace) {
  if (memorySpace && (memorySpace.getValue() == AddressSpace::GM ||
                      memorySpace.getValue() == AddressSpace::Zero))
    return emitError() << "a global-memory pointer has no memory space "
                          "parameter (it is the default)";
  return success();
}

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (failed(parseShapeAndType(parser, shape, elementType)))
    return {};
  return get(parser.getContext(), shape, elementType);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printShapeAndType(printer, getShape(), getElementType());
}

Type PartitionTensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (failed(parseShapeAndType(parser, shape, elementType)))
    return {};
  return get(parser.getContext(), shape, elementType);
}

void PartitionTensorViewType::print(AsmPrinter &printer) const {
  printShapeAndType(printer, getShape(), getElementType());
}

namespace {

struct TileBufFields {
  AddressSpace loc = AddressSpace::VEC;
  Type dtype;
  int64_t rows = 0, cols = 0;
  int64_t validRows = 0, validCols = 0;
  BLayout blayout = BLayout::RowMajor;
  SLayout slayout = SLayout::NoneBox;
  int64_t fractal = 512;
  int64_t pad = 0;
  int64_t compact = 0;
};

ParseResult parseKey(AsmParser &parser, StringRef key) {
  return failure(parser.parseKeyword(key) || parser.parseEqual());
}

// An integer, or `?` (set at run time) when `allowDynamic`.
ParseResult parseDimValue(AsmParser &parser, int64_t &value, bool allowDynamic) {
  if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
    value = ShapedType::kDynamic;
    return success();
  }
  return parser.parseInteger(value);
}

// `, key=value` fields until no comma follows, each key once: `field`
// parses the value of a key of the form at hand (std::nullopt: not one of
// its keys), then the layout fields both keyword forms share.
ParseResult parseTileBufFields(
    AsmParser &parser, TileBufFields &f, llvm::StringSet<> &seen,
    llvm::function_ref<std::optional<ParseResult>(StringRef)> field) {
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc) << "duplicate tile_buf field '" << key << "'";
    std::optional<ParseResult> result = field(key);
    if (!result) {
      if (key == "blayout")
        result = parseEnumKeyword(parser, "blayout", symbolizeBLayout, f.blayout);
      else if (key == "slayout")
        result = parseEnumKeyword(parser, "slayout", symbolizeSLayout, f.slayout);
      else if (key == "fractal")
        result = parser.parseInteger(f.fractal);
      else if (key == "pad")
        result = parser.parseInteger(f.pad);
      else if (key == "compact")
        result = parser.parseInteger(f.compact);
      else
        return parser.emitError(keyLoc) << "unknown tile_buf field '" << key << "'";
    }
    if (failed(*result))
      return failure();
  }
  return success();
}

// rows x cols x dtype, the shape of the two short forms.
ParseResult parseTileBufShape(AsmParser &parser, TileBufFields &f) {
  SmallVector<int64_t> shape;
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(f.dtype))
    return failure();
  if (shape.size() != 2)
    return parser.emitError(shapeLoc) << "a tile_buf has two dimensions, got "
                                      << shape.size();
  f.rows = f.validRows = shape[0];
  f.cols = f.validCols = shape[1];
  return success();
}

// loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16,
// blayout=row_major, slayout=none_box, fractal=512, pad=0[, compact=1]:
// after `loc` the fields in any order (kernels put blayout before v_row);
// dtype, rows and cols are required, the rest default as in the short form.
ParseResult parseLongTileBuf(AsmParser &parser, TileBufFields &f) {
  if (parser.parseEqual() ||
      parseEnumKeyword(parser, "tile location", symbolizeAddressSpace, f.loc))
    return failure();
  llvm::StringSet<> seen;
  auto field = [&](StringRef key) -> std::optional<ParseResult> {
    if (key == "dtype")
      return parser.parseType(f.dtype);
    if (key == "rows")
      return parser.parseInteger(f.rows);
    if (key == "cols")
      return parser.parseInteger(f.cols);
    if (key == "v_row")
      return parseDimValue(parser, f.validRows, true);
    if (key == "v_col")
      return parseDimValue(parser, f.validCols, true);
    return std::nullopt;
  };
  if (failed(parseTileBufFields(parser, f, seen, field)))
    return failure();
  for (StringRef required : {"dtype", "rows", "cols"})
    if (!seen.contains(required))
      return parser.emitError(parser.getCurrentLocation())
             << "tile_buf needs its '" << required << "' field";
  if (!seen.contains("v_row"))
    f.validRows = f.rows;
  if (!seen.contains("v_col"))
    f.validCols = f.cols;
  return success();
}

// The oldest form: 32x64xf32, #pto.address_space<vec>.
ParseResult parseShapedTileBuf(AsmParser &parser, TileBufFields &f) {
  AddressSpaceAttr space;
  if (parseTileBufShape(parser, f) || parser.parseComma() ||
      parser.parseAttribute(space))
    return failure();
  f.loc = space.getValue();
  return success();
}

// The compact form: vec, 16x16xf32[, valid=16x?][, blayout=..][, slayout=..]
// [, fractal=..][, pad=..]; with `count`, a multi_tile_buf's slot, whose
// `count=N` is one of those fields (-1 when absent).
ParseResult parseCompactTileBuf(AsmParser &parser, StringRef locKeyword,
                                SMLoc locLoc, TileBufFields &f,
                                int64_t *count = nullptr) {
  std::optional<AddressSpace> loc = symbolizeAddressSpace(locKeyword);
  if (!loc)
    return parser.emitError(locLoc) << "unknown tile location '" << locKeyword << "'";
  f.loc = *loc;
  if (parser.parseComma() || parseTileBufShape(parser, f))
    return failure();
  llvm::StringSet<> seen;
  if (count)
    *count = -1;
  auto field = [&](StringRef key) -> std::optional<ParseResult> {
    if (count && key == "count")
      return parser.parseInteger(*count);
    if (key != "valid")
      return std::nullopt;
    SmallVector<int64_t> valid;
    SMLoc validLoc = parser.getCurrentLocation();
    if (parser.parseDimensionList(valid, /*allowDynamic=*/true,
                                  /*withTrailingX=*/false))
      return failure();
    if (valid.size() != 2)
      return parser.emitError(validLoc) << "valid= has two dimensions";
    f.validRows = valid[0];
    f.validCols = valid[1];
    return success();
  };
  return parseTileBufFields(parser, f, seen, field);
}

} // namespace

Type TileBufType::parse(AsmParser &parser) {
  TileBufFields f;
  SMLoc loc = parser.getCurrentLocation();
  std::string first;
  if (parser.parseLess())
    return {};
  SMLoc firstLoc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeywordOrString(&first))) {
    if (failed(parseShapedTileBuf(parser, f)))
      return {};
  } else if (first == "loc" ? failed(parseLongTileBuf(parser, f))
                            : failed(parseCompactTileBuf(parser, first, firstLoc, f))) {
    return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    f.loc, f.dtype, f.rows, f.cols, f.validRows, f.validCols,
                    f.blayout, f.slayout, f.fractal, f.pad, f.compact);
}

Type MultiTileBufType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  Type slot;
  int64_t count = -1;
  OptionalParseResult slotType = parser.parseOptionalType(slot);
  if (slotType.has_value()) {
    if (failed(*slotType) || parser.parseComma() || parseKey(parser, "count") ||
        parser.parseInteger(count))
      return {};
  } else {
    TileBufFields f;
    std::string first;
    SMLoc firstLoc = parser.getCurrentLocation();
    if (parser.parseKeywordOrString(&first) ||
        parseCompactTileBuf(parser, first, firstLoc, f, &count))
      return {};
    if (count == -1) {
      parser.emitError(parser.getCurrentLocation())
          << "multi_tile_buf needs its 'count' field";
      return {};
    }
    slot = TileBufType::getChecked([&] { return parser.emitError(firstLoc); },
                                   parser.getContext(), f.loc, f.dtype, f.rows,
                                   f.cols, f.validRows, f.validCols, f.blayout,
                                   f.slayout, f.fractal, f.pad, f.compact);
    if (!slot)
      return {};
  }
  if (parser.parseGreater())
    return {};
  auto tile = dyn_cast<TileBufType>(slot);
  if (!tile) {
    parser.emitError(loc) << "a multi_tile_buf's slot must be a !pto.tile_buf, got "
                          << slot;
    return {};
  }
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    tile, count);
}

// The slot in its long form, as the tile_buf prints.
void MultiTileBufType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printType(getSlotType());
  printer << ", count = " << getCount() << ">";
}

// Always the long form: the one every PTOAS version reads.
void TileBufType::print(AsmPrinter &printer) const {
  printer << "<loc=" << stringifyAddressSpace(getLoc())
          << ", dtype=" << getElementType() << ", rows=" << getRows()
          << ", cols=" << getCols() << ", v_row=";
  printDim(printer, getValidRows());
  printer << ", v_col=";
  printDim(printer, getValidCols());
  printer << ", blayout=" << stringifyBLayout(getBlayout())
          << ", slayout=" << stringifySLayout(getSlayout())
          << ", fractal=" << getFractal() << ", pad=" << getPad();
  if (getCompact() != 0)
    printer << ", compact=" << getCompact();
  printer << ">";
}

Type PipeType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(loc, "'!pto.pipe' takes no parameters");
    return {};
  }
  return PipeType::get(parser.getContext());
}

void PipeType::print(AsmPrinter &) const {}

Type LocalArrayType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parseShapeAndType(parser, shape, elementType)))
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType);
}

void LocalArrayType::print(AsmPrinter &printer) const {
  printShapeAndType(printer, getShape(), getElementType());
}

LogicalResult LocalArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> shape, Type elementType) {
  if (shape.empty())
    return emitError() << "a local_array has at least one dimension";
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim <= 0)
      return emitError() << "local_array dimensions must be positive constants";
  if (!elementType.isIntOrIndexOrFloat())
    return emitError() << "local_array elements must be integers or floats, got "
                       << elementType;
  return success();
}

bool skew::pto::isTileElementType(Type type) {
  return type.isIntOrFloat() ||
         isa<HiF8Type, F8E8M0Type, F4E1M2x2Type, F4E2M1x2Type>(type);
}

bool skew::pto::isCoreLocalTile(Type type) {
  return isa<TileBufType, MultiTileBufType>(type);
}

// The memory a value of a pto type addresses, when its type says: a tile its
// location, a view or a pointer without a memory space global memory.
static std::optional<AddressSpace> memoryOf(Type type) {
  if (auto multi = dyn_cast<MultiTileBufType>(type))
    type = multi.getSlotType();
  if (auto tile = dyn_cast<TileBufType>(type))
    return tile.getLoc();
  if (isa<TensorViewType, PartitionTensorViewType>(type))
    return AddressSpace::GM;
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.getMemorySpace() ? ptr.getMemorySpace().getValue()
                                : AddressSpace::GM;
  return std::nullopt;
}

bool skew::pto::inDistinctMemories(Type a, Type b) {
  std::optional<AddressSpace> left = memoryOf(a), right = memoryOf(b);
  return left && right && *left != *right;
}

LogicalResult TileBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  AddressSpace loc, Type elementType,
                                  int64_t rows, int64_t cols, int64_t validRows,
                                  int64_t validCols, BLayout, SLayout,
                                  int64_t fractal, int64_t pad,
                                  int64_t compact) {
  if (loc == AddressSpace::GM || loc == AddressSpace::Zero)
    return emitError() << "a tile_buf lives in a core-local memory, not '"
                       << stringifyAddressSpace(loc) << "'";
  if (!isTileElementType(elementType))
    return emitError() << "tile_buf dtype must be an integer or float type, got "
                       << elementType;
  if (rows <= 0 || cols <= 0)
    return emitError() << "tile_buf rows and cols must be positive, got "
                       << rows << "x" << cols;
  auto badValid = [](int64_t valid, int64_t bound) {
    return !ShapedType::isDynamic(valid) && (valid < 0 || valid > bound);
  };
  if (badValid(validRows, rows) || badValid(validCols, cols))
    return emitError() << "tile_buf valid shape must lie within " << rows << "x"
                       << cols;
  if (fractal <= 0)
    return emitError() << "tile_buf fractal must be positive, got " << fractal;
  if (pad < 0 || pad > 3)
    return emitError() << "tile_buf pad must be 0 (none), 1 (zero), 2 (max) or "
                          "3 (min), got "
                       << pad;
  if (compact < 0 || compact > 2)
    return emitError() << "tile_buf compact must be 0 (none), 1 (normal) or 2 "
                          "(one extra row), got "
                       << compact;
  return success();
}

LogicalResult MultiTileBufType::verify(
    function_ref<InFlightDiagnostic()> emitError, TileBufType, int64_t count) {
  // PTOAS's bound on the slots of one multi-buffer.
  constexpr int64_t kMaxSlots = 16;
  if (count < 2)
    return emitError() << "multi_tile_buf count must be at least 2, got " << count;
  if (count > kMaxSlots)
    return emitError() << "multi_tile_buf count must be at most " << kMaxSlots
                       << ", got " << count;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared pieces of the FIFO ops' syntax
//===----------------------------------------------------------------------===//

namespace {

bool isBuiltinTile(Type type) {
  return isa<TensorType, BaseMemRefType>(type);
}

// `{id = 1, split = 0}`: id (i32) optional, split (i8) required, as PTOAS
// writes them.
ParseResult parseIdSplit(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  SMLoc braceLoc = parser.getCurrentLocation();
  if (parser.parseLBrace())
    return failure();
  bool sawSplit = false;
  llvm::StringSet<> seen;
  do {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key != "id" && key != "split")
      return parser.emitError(keyLoc)
             << "expected 'id' or 'split', got '" << key << "'";
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc) << "duplicate '" << key << "'";
    Attribute value;
    if (parser.parseAttribute(value, key == "id" ? b.getI32Type() : b.getI8Type()))
      return failure();
    result.addAttribute(key, value);
    sawSplit |= key == "split";
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseRBrace())
    return failure();
  if (!sawSplit)
    return parser.emitError(braceLoc, "expected 'split = N' in this clause");
  return success();
}

void printIdSplit(OpAsmPrinter &p, Operation *op) {
  p << " {";
  if (auto id = op->getAttrOfType<IntegerAttr>("id"); id && id.getInt() != 0)
    p << "id = " << id.getInt() << ", ";
  auto split = op->getAttrOfType<IntegerAttr>("split");
  p << "split = " << (split ? split.getInt() : 0) << "}";
}

// `aiv_subblockid(%s)`, optional, of type i64.
ParseResult parseSubblock(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("aiv_subblockid")))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  return failure(parser.parseLParen() || parser.parseOperand(operand) ||
                 parser.parseRParen() ||
                 parser.resolveOperand(operand, parser.getBuilder().getI64Type(),
                                       result.operands));
}

LogicalResult verifyIdSplit(Operation *op) {
  if (auto split = op->getAttrOfType<IntegerAttr>("split")) {
    int64_t value = split.getInt();
    if (value < 0 || value > 4)
      return op->emitOpError("split must be 0 (whole tile), 1 (up/down), 2 "
                             "(left/right), 3 or 4 (the odd variants), got ")
             << value;
  }
  if (auto id = op->getAttrOfType<IntegerAttr>("id"); id && id.getInt() < 0)
    return op->emitOpError("pipe id must be >= 0, got ") << id.getInt();
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Push, pop, free
//===----------------------------------------------------------------------===//

namespace {

template <typename OpT>
ParseResult parsePush(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tile;
  Type tileType;
  if (parser.parseLParen() || parser.parseOperand(tile) ||
      parser.parseColonType(tileType) || parser.parseRParen() ||
      parser.resolveOperand(tile, tileType, result.operands) ||
      parseIdSplit(parser, result) || parseSubblock(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

template <typename OpT>
void printPush(OpT op, OpAsmPrinter &p) {
  p << "(" << op.getTile() << " : " << op.getTile().getType() << ")";
  printIdSplit(p, op);
  if (Value subblock = op.getAivSubblockid())
    p << " aiv_subblockid(" << subblock << ")";
  p.printOptionalAttrDict(op->getAttrs(), {"id", "split"});
}

template <typename OpT>
LogicalResult verifyPush(OpT op) {
  if (Value subblock = op.getAivSubblockid();
      subblock && !subblock.getType().isSignlessInteger(64))
    return op.emitOpError("the sub-block id must be i64, got ")
           << subblock.getType();
  return verifyIdSplit(op);
}

template <typename OpT>
bool pushIsGeneric(OpT op) {
  return isBuiltinTile(op.getTile().getType());
}

// (%valid_row, %valid_col) {id = .., split = ..} aiv_subblockid(%s) -> type
template <typename OpT>
ParseResult parsePop(OpAsmParser &parser, OperationState &result) {
  Type index = parser.getBuilder().getIndexType();
  SmallVector<OpAsmParser::UnresolvedOperand, 2> shape;
  Type tileType;
  if (succeeded(parser.parseOptionalLParen())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseOperandList(shape) || parser.parseRParen())
      return failure();
    if (shape.size() != 2)
      return parser.emitError(loc, "expected the valid rows and columns (two "
                                   "index values)");
    if (parser.resolveOperands(shape, index, result.operands))
      return failure();
  }
  if (parseIdSplit(parser, result) || parseSubblock(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseArrow() ||
      parser.parseType(tileType))
    return failure();
  result.addTypes(tileType);
  return success();
}

template <typename OpT>
void printPop(OpT op, OpAsmPrinter &p) {
  OperandRange operands = op.getShapeAndSubblock();
  bool hasShape = operands.size() >= 2;
  if (hasShape)
    p << " (" << operands[0] << ", " << operands[1] << ")";
  printIdSplit(p, op);
  if (operands.size() % 2 == 1)
    p << " aiv_subblockid(" << operands.back() << ")";
  p.printOptionalAttrDict(op->getAttrs(), {"id", "split"});
  p << " -> " << op.getTile().getType();
}

// Operands: [], [i64], [index, index] or [index, index, i64].
template <typename OpT>
LogicalResult verifyPop(OpT op) {
  OperandRange operands = op.getShapeAndSubblock();
  if (operands.size() > 3)
    return op.emitOpError("takes at most 3 operands (valid rows, valid "
                          "columns, sub-block id), got ")
           << operands.size();
  size_t shapeCount = operands.size() >= 2 ? 2 : 0;
  for (size_t i = 0; i < shapeCount; ++i)
    if (!operands[i].getType().isIndex())
      return op.emitOpError("operand #")
             << i << " (valid " << (i ? "columns" : "rows")
             << ") must be index, got " << operands[i].getType();
  if (operands.size() % 2 == 1 &&
      !operands.back().getType().isSignlessInteger(64))
    return op.emitOpError("operand #")
           << operands.size() - 1 << " (sub-block id) must be i64, got "
           << operands.back().getType();
  return verifyIdSplit(op);
}

template <typename OpT>
bool popIsGeneric(OpT op) {
  return isBuiltinTile(op.getTile().getType());
}

template <typename OpT>
ParseResult parseFree(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    OpAsmParser::UnresolvedOperand entry;
    Type type;
    if (parser.parseOperand(entry) || parser.parseColonType(type) ||
        parser.parseRParen() || parser.resolveOperand(entry, type, result.operands))
      return failure();
  }
  return failure(parseIdSplit(parser, result) ||
                 parser.parseOptionalAttrDict(result.attributes));
}

template <typename OpT>
void printFree(OpT op, OpAsmPrinter &p) {
  if (Value entry = op.getEntry())
    p << "(" << entry << " : " << entry.getType() << ")";
  printIdSplit(p, op);
  p.printOptionalAttrDict(op->getAttrs(), {"id", "split"});
}

// The real form always carries `split`; an operand-less tfree without it is
// tensor-level IR.
template <typename OpT>
bool freeIsGeneric(OpT op) {
  Value entry = op.getEntry();
  return entry ? isBuiltinTile(entry.getType()) : !op.getSplitAttr();
}

} // namespace

// An op whose tile is a builtin tensor or memref (tensor-level IR) prints in
// the generic form, as that IR always has; the rest prints PTOAS's syntax.
// (The lambda is defined in the op's own member, which may name OpState's
// protected printOpName.)
#define SKEW_PTO_PRINT_FN(Op, isGeneric)                                       \
  OperationName::PrintAssemblyFn Op::getPrintAssemblyFn() {                    \
    return [](Operation *op, OpAsmPrinter &p, StringRef defaultDialect) {      \
      if (isGeneric(cast<Op>(op))) {                                           \
        p.printGenericOp(op);                                                  \
        return;                                                                \
      }                                                                        \
      OpState::printOpName(op, p, defaultDialect);                             \
      cast<Op>(op).print(p);                                                   \
    };                                                                         \
  }

#define SKEW_PTO_FIFO_OP(Op, Kind, isGeneric)                                  \
  ParseResult Op::parse(OpAsmParser &parser, OperationState &result) {        \
    return parse##Kind<Op>(parser, result);                                    \
  }                                                                            \
  void Op::print(OpAsmPrinter &p) { print##Kind(*this, p); }                   \
  SKEW_PTO_PRINT_FN(Op, isGeneric)

SKEW_PTO_FIFO_OP(TPushToAivOp, Push, pushIsGeneric)
SKEW_PTO_FIFO_OP(TPushToAicOp, Push, pushIsGeneric)
SKEW_PTO_FIFO_OP(TPopFromAicOp, Pop, popIsGeneric)
SKEW_PTO_FIFO_OP(TPopFromAivOp, Pop, popIsGeneric)
SKEW_PTO_FIFO_OP(TFreeFromAicOp, Free, freeIsGeneric)
SKEW_PTO_FIFO_OP(TFreeFromAivOp, Free, freeIsGeneric)
#undef SKEW_PTO_FIFO_OP

LogicalResult TPushToAivOp::verify() { return verifyPush(*this); }
LogicalResult TPushToAicOp::verify() { return verifyPush(*this); }
LogicalResult TPopFromAicOp::verify() { return verifyPop(*this); }
LogicalResult TPopFromAivOp::verify() { return verifyPop(*this); }
LogicalResult TFreeFromAicOp::verify() { return verifyIdSplit(*this); }
LogicalResult TFreeFromAivOp::verify() { return verifyIdSplit(*this); }

//===----------------------------------------------------------------------===//
// Pipe initialisation
//===----------------------------------------------------------------------===//

namespace {

constexpr StringLiteral kGmSlotBuffer = "gm_slot_buffer";
constexpr StringLiteral kGmSlotTensor = "gm_slot_tensor";
constexpr StringLiteral kC2vConsumerBuf = "c2v_consumer_buf";
constexpr StringLiteral kV2cConsumerBuf = "v2c_consumer_buf";

// {id = 0, dir_mask = 1, slot_size = 1024, ...}
//   (c2v_consumer_buf = %b : i32, v2c_consumer_buf = %c : i32) attr-dict
ParseResult parseInitializePipe(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  llvm::StringSet<> seen;
  if (parser.parseLBrace())
    return failure();
  if (failed(parser.parseOptionalRBrace())) {
    do {
      SMLoc keyLoc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return failure();
      if (!seen.insert(key).second)
        return parser.emitError(keyLoc) << "duplicate '" << key << "' clause";
      Attribute value;
      ParseResult parsed = failure();
      if (key == "dir_mask")
        parsed = parser.parseAttribute(value, b.getI8Type());
      else if (key == "id" || key == "slot_size" || key == "slot_num" ||
               key == "local_slot_num")
        parsed = parser.parseAttribute(value, b.getI32Type());
      else if (key == "nosplit" || key == "acc_push_epilogue")
        parsed = parser.parseAttribute(value);
      else
        return parser.emitError(keyLoc) << "unexpected clause '" << key << "'";
      if (failed(parsed))
        return failure();
      result.addAttribute(key, value);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return failure();
  }
  SmallVector<Attribute> roles;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    llvm::StringSet<> seenRoles;
    do {
      SMLoc keyLoc = parser.getCurrentLocation();
      StringRef role;
      OpAsmParser::UnresolvedOperand operand;
      Type type;
      if (parser.parseKeyword(&role) || parser.parseEqual())
        return failure();
      if (role != kGmSlotBuffer && role != kGmSlotTensor &&
          role != kC2vConsumerBuf && role != kV2cConsumerBuf)
        return parser.emitError(keyLoc)
               << "unexpected initialize_pipe operand '" << role << "'";
      if (!seenRoles.insert(role).second)
        return parser.emitError(keyLoc) << "duplicate '" << role << "' operand";
      if (parser.parseOperand(operand) || parser.parseColonType(type) ||
          parser.resolveOperand(operand, type, result.operands))
        return failure();
      roles.push_back(b.getStringAttr(role));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  result.addAttribute("buffer_roles", b.getArrayAttr(roles));
  return parser.parseOptionalAttrDict(result.attributes);
}

template <typename OpT>
void printInitializePipe(OpT op, OpAsmPrinter &p) {
  p << " {";
  if (auto id = op.getIdAttr())
    p << "id = " << id.getInt() << ", ";
  p << "dir_mask = " << op.getDirMaskAttr().getInt()
    << ", slot_size = " << op.getSlotSizeAttr().getInt();
  if (auto slotNum = op.getSlotNumAttr())
    p << ", slot_num = " << slotNum.getInt();
  if (auto localSlotNum = op.getLocalSlotNumAttr())
    p << ", local_slot_num = " << localSlotNum.getInt();
  if (auto nosplit = op.getNosplitAttr())
    p << ", nosplit = " << (nosplit.getValue() ? "true" : "false");
  if (auto epilogue = op.getAccPushEpilogueAttr())
    p << ", acc_push_epilogue = " << epilogue;
  p << "}(";
  ArrayAttr roles = op.getBufferRolesAttr();
  for (auto [i, buffer] : llvm::enumerate(op.getBuffers())) {
    if (i)
      p << ", ";
    p << cast<StringAttr>(roles[i]).getValue() << " = " << buffer << " : "
      << buffer.getType();
  }
  p << ")";
  p.printOptionalAttrDict(op->getAttrs(),
                          {"id", "dir_mask", "slot_size", "slot_num",
                           "local_slot_num", "nosplit", "acc_push_epilogue",
                           "buffer_roles"});
}

template <typename OpT>
LogicalResult verifyInitializePipe(OpT op) {
  int64_t mask = op.getDirMaskAttr().getInt();
  if (mask < 1 || mask > 3)
    return op.emitOpError("dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got ")
           << mask;
  if (op.getSlotSizeAttr().getInt() <= 0)
    return op.emitOpError("slot_size must be positive, got ")
           << op.getSlotSizeAttr().getInt();
  for (IntegerAttr count : {op.getSlotNumAttr(), op.getLocalSlotNumAttr()})
    if (count && count.getInt() <= 0)
      return op.emitOpError("slot counts must be positive, got ")
             << count.getInt();
  if (auto id = op.getIdAttr(); id && id.getInt() < 0)
    return op.emitOpError("pipe id must be >= 0, got ") << id.getInt();
  ArrayAttr roles = op.getBufferRolesAttr();
  if (!roles) // tensor-level IR: buffers not interpreted
    return success();
  if (roles.size() != op.getBuffers().size())
    return op.emitOpError("buffer_roles names ")
           << roles.size() << " operands, but the op has "
           << op.getBuffers().size();
  llvm::StringSet<> seen;
  for (auto [role, buffer] : llvm::zip(roles, op.getBuffers())) {
    StringRef name = cast<StringAttr>(role).getValue();
    Type type = buffer.getType();
    if (!seen.insert(name).second)
      return op.emitOpError("duplicate '") << name << "' operand";
    bool ok = false;
    if (name == kGmSlotBuffer)
      ok = isa<PtrType>(type);
    else if (name == kGmSlotTensor)
      ok = isa<TensorViewType>(type);
    else if (name == kC2vConsumerBuf || name == kV2cConsumerBuf)
      ok = type.isSignlessInteger(32);
    else
      return op.emitOpError("unknown buffer role '") << name << "'";
    if (!ok)
      return op.emitOpError("operand '")
             << name << "' has the wrong type " << type << " (expected "
             << (name == kGmSlotBuffer   ? "!pto.ptr<...>"
                 : name == kGmSlotTensor ? "!pto.tensor_view<...>"
                                         : "i32")
             << ")";
  }
  return success();
}

template <typename OpT>
bool initIsGeneric(OpT op) {
  return !op.getBufferRolesAttr();
}

} // namespace

ParseResult AicInitializePipeOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseInitializePipe(parser, result);
}
void AicInitializePipeOp::print(OpAsmPrinter &p) { printInitializePipe(*this, p); }
LogicalResult AicInitializePipeOp::verify() { return verifyInitializePipe(*this); }
SKEW_PTO_PRINT_FN(AicInitializePipeOp, initIsGeneric)
ParseResult AivInitializePipeOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseInitializePipe(parser, result);
}
void AivInitializePipeOp::print(OpAsmPrinter &p) { printInitializePipe(*this, p); }
LogicalResult AivInitializePipeOp::verify() { return verifyInitializePipe(*this); }
SKEW_PTO_PRINT_FN(AivInitializePipeOp, initIsGeneric)
#undef SKEW_PTO_PRINT_FN

//===----------------------------------------------------------------------===//
// tfree on a pipe handle: (%entry, %pipe : T, !pto.pipe) or (%pipe : !pto.pipe)
//===----------------------------------------------------------------------===//

ParseResult TFreeOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SmallVector<Type, 2> types;
  SMLoc loc;
  if (parser.parseLParen() ||
      (loc = parser.getCurrentLocation(), parser.parseOperandList(operands)) ||
      parser.parseColonTypeList(types) || parser.parseRParen())
    return failure();
  if (operands.empty() || operands.size() > 2)
    return parser.emitError(loc, "expected the pipe, or the entry and the pipe");
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseLBrace() || parseKey(parser, "split"))
    return failure();
  Attribute split;
  if (parser.parseAttribute(split, parser.getBuilder().getI8Type()) ||
      parser.parseRBrace())
    return failure();
  result.addAttribute("split", split);
  return parser.parseOptionalAttrDict(result.attributes);
}

void TFreeOp::print(OpAsmPrinter &p) {
  p << "(" << getEntryAndPipe() << " : " << getEntryAndPipe().getTypes()
    << ") {split = " << getSplitAttr().getInt() << "}";
  p.printOptionalAttrDict((*this)->getAttrs(), {"split"});
}

LogicalResult TFreeOp::verify() {
  OperandRange operands = getEntryAndPipe();
  if (operands.empty() || operands.size() > 2 ||
      !isa<PipeType>(operands.back().getType()))
    return emitOpError("takes an optional entry and a !pto.pipe");
  return verifyIdSplit(*this);
}

//===----------------------------------------------------------------------===//
// tcolsum: ins(%src : T) outs(%dst : T) {attrs}, or
// ins(%src, %tmp {attrs} : T, T) outs(%dst : T), PTOAS's two forms (the
// dictionary after outs(...) with a scratch tile too, as we printed it)
//===----------------------------------------------------------------------===//

ParseResult TColSumOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, tmp, dst;
  Type srcType, tmpType, dstType;
  if (parser.parseKeyword("ins") || parser.parseLParen() || parser.parseOperand(src))
    return failure();
  bool hasTmp = succeeded(parser.parseOptionalComma());
  if (hasTmp && (parser.parseOperand(tmp) ||
                 parser.parseOptionalAttrDict(result.attributes)))
    return failure();
  if (parser.parseColonType(srcType) ||
      (hasTmp && (parser.parseComma() || parser.parseType(tmpType))) ||
      parser.parseRParen() || parser.parseKeyword("outs") || parser.parseLParen() ||
      parser.parseOperand(dst) || parser.parseColonType(dstType) ||
      parser.parseRParen() || parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (parser.resolveOperand(src, srcType, result.operands) ||
      (hasTmp && parser.resolveOperand(tmp, tmpType, result.operands)) ||
      parser.resolveOperand(dst, dstType, result.operands))
    return failure();
  return success();
}

void TColSumOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc();
  if (Value tmp = getTmp()) {
    p << ", " << tmp;
    p.printOptionalAttrDict((*this)->getAttrs());
    p << " : " << getSrc().getType() << ", " << tmp.getType();
  } else {
    p << " : " << getSrc().getType();
  }
  p << ") outs(" << getDst() << " : " << getDst().getType() << ")";
  if (!getTmp())
    p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// Views, tiles and scalars
//===----------------------------------------------------------------------===//

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> shape, strides;
  Type resultType;
  SMLoc typeLoc;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parseKey(parser, "shape") ||
      parser.parseOperandList(shape, OpAsmParser::Delimiter::Square) ||
      parser.parseComma() || parseKey(parser, "strides") ||
      parser.parseOperandList(strides, OpAsmParser::Delimiter::Square) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      (typeLoc = parser.getCurrentLocation(), parser.parseType(resultType)))
    return failure();
  auto view = dyn_cast<TensorViewType>(resultType);
  if (!view)
    return parser.emitError(typeLoc, "expected !pto.tensor_view, got ")
           << resultType;
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(ptr, PtrType::get(parser.getContext(),
                                              view.getElementType(), {}),
                            result.operands) ||
      parser.resolveOperands(shape, index, result.operands) ||
      parser.resolveOperands(strides, index, result.operands))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(shape.size()),
                           static_cast<int32_t>(strides.size())}));
  result.addTypes(resultType);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  p << " " << getPtr() << ", shape = [" << getShape() << "], strides = ["
    << getStrides() << "]";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getOperandSegmentSizesAttrName()});
  p << " : " << getResult().getType();
}

LogicalResult MakeTensorViewOp::verify() {
  auto view = getResult().getType();
  if (getPtr().getType().getElementType() != view.getElementType())
    return emitOpError("pointer elements ")
           << getPtr().getType().getElementType()
           << " differ from the view's " << view.getElementType();
  size_t rank = view.getShape().size();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError("a rank-")
           << rank << " view takes " << rank << " sizes and " << rank
           << " strides, got " << getShape().size() << " and "
           << getStrides().size();
  return success();
}

LogicalResult PartitionViewOp::verify() {
  auto source = getSource().getType();
  auto result = getResult().getType();
  size_t rank = source.getShape().size();
  if (getOffsets().size() != rank || getSizes().size() != rank)
    return emitOpError("a window of a rank-")
           << rank << " view takes " << rank << " offsets and " << rank
           << " sizes, got " << getOffsets().size() << " and "
           << getSizes().size();
  if (result.getShape().size() != rank ||
      result.getElementType() != source.getElementType())
    return emitOpError("the window's rank and elements must be the view's");
  return success();
}

LogicalResult SubViewOp::verify() {
  TileBufType source = getSource().getType(), result = getResult().getType();
  ArrayRef<int64_t> sizes = getSizes();
  if (getOffsets().size() != 2 || sizes.size() != 2)
    return emitOpError("takes two offsets and two sizes");
  if (sizes[0] > source.getRows() || sizes[1] > source.getCols())
    return emitOpError("window ")
           << sizes[0] << "x" << sizes[1] << " exceeds the tile's "
           << source.getRows() << "x" << source.getCols();
  if (result.getRows() != sizes[0] || result.getCols() != sizes[1] ||
      result.getElementType() != source.getElementType() ||
      result.getLoc() != source.getLoc())
    return emitOpError("the result must be a ")
           << sizes[0] << "x" << sizes[1]
           << " tile of the source's memory and elements";
  return success();
}

// A tile allocation without an address is a fresh buffer; with one it is
// the core's memory there (no allocation: it may alias the tiles around
// it) and sets up the new tile's run-time state.
static void tileAllocationEffects(
    Operation *op, bool addressed,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  OpResult tile = op->getOpResult(0);
  if (!addressed)
    effects.emplace_back(MemoryEffects::Allocate::get(), tile,
                         SideEffects::DefaultResource::get());
  else
    effects.emplace_back(MemoryEffects::Write::get(), tile,
                         TileStateResource::get());
}

void AllocTileOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  tileAllocationEffects(*this, static_cast<bool>(getAddr()), effects);
}

void AllocMultiTileOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  tileAllocationEffects(*this, static_cast<bool>(getAddr()), effects);
}

// An allocation's valid_row / valid_col operands set what its tile type
// leaves dynamic, nothing else.
static LogicalResult verifyValidOperands(Operation *op, TileBufType type,
                                         bool validRow, bool validCol) {
  if (validRow && !ShapedType::isDynamic(type.getValidRows()))
    return op->emitOpError("valid_row is given, but the type's v_row is static");
  if (validCol && !ShapedType::isDynamic(type.getValidCols()))
    return op->emitOpError("valid_col is given, but the type's v_col is static");
  return success();
}

LogicalResult AllocTileOp::verify() {
  return verifyValidOperands(*this, getResult().getType(),
                             static_cast<bool>(getValidRow()),
                             static_cast<bool>(getValidCol()));
}

LogicalResult AllocMultiTileOp::verify() {
  return verifyValidOperands(*this, getResult().getType().getSlotType(),
                             static_cast<bool>(getValidRow()),
                             static_cast<bool>(getValidCol()));
}

LogicalResult MultiTileGetOp::verify() {
  MultiTileBufType source = getSource().getType();
  if (getResult().getType() != source.getSlotType())
    return emitOpError("the result must be the slot type ")
           << source.getSlotType() << ", got " << getResult().getType();
  APInt slot;
  if (matchPattern(getSlot(), m_ConstantInt(&slot)) &&
      (slot.isNegative() || slot.getSExtValue() >= source.getCount()))
    return emitOpError("slot ") << slot.getSExtValue() << " is outside the "
                                << source.getCount() << " slots";
  return success();
}

Value MultiTileGetOp::getViewSource() { return getSource(); }

Value TReshapeOp::getViewSource() { return getSrc(); }

// A tile type, written whole or as the bare `<loc=..., ...>` of a tile_buf.
static ParseResult parseTileType(OpAsmParser &parser, Type &type) {
  return parser.parseCustomTypeWithFallback(type, [&](Type &bare) {
    bare = TileBufType::parse(parser);
    return success(static_cast<bool>(bare));
  });
}

static void printTileType(OpAsmPrinter &printer, Operation *, Type type) {
  printer.printType(type);
}

// syncall's operands: `%ws, %n : T, i32` (PTOAS), or each with its own type
// (`%ws : T, %n : i32`), or none.
static ParseResult parseSyncAllOperands(
    OpAsmParser &parser, std::optional<OpAsmParser::UnresolvedOperand> &workspace,
    Type &workspaceType, std::optional<OpAsmParser::UnresolvedOperand> &usedCores,
    Type &usedCoresType) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SmallVector<Type, 2> types;
  SMLoc loc = parser.getCurrentLocation();
  bool trailingTypes = false;
  do {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult isOperand =
        trailingTypes ? OptionalParseResult(std::nullopt)
                      : parser.parseOptionalOperand(operand);
    if (isOperand.has_value()) {
      if (failed(*isOperand))
        return failure();
      operands.push_back(operand);
      if (succeeded(parser.parseOptionalColon())) {
        types.emplace_back();
        if (parser.parseType(types.back()))
          return failure();
        trailingTypes = operands.size() > types.size() || trailingTypes;
      }
      continue;
    }
    if (operands.empty())
      return success(); // `()`
    trailingTypes = true;
    types.emplace_back();
    if (parser.parseType(types.back()))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  if (operands.size() > 2 || operands.size() != types.size())
    return parser.emitError(loc)
           << "expected a workspace and optional used-core count, each with "
              "a type";
  workspace = operands[0];
  workspaceType = types[0];
  if (operands.size() == 2) {
    usedCores = operands[1];
    usedCoresType = types[1];
  }
  return success();
}

static void printSyncAllOperands(OpAsmPrinter &printer, Operation *,
                                 Value workspace, Type workspaceType,
                                 Value usedCores, Type usedCoresType) {
  if (!workspace && !usedCores)
    return;
  SmallVector<Value, 2> operands;
  SmallVector<Type, 2> types;
  if (workspace) {
    operands.push_back(workspace);
    types.push_back(workspaceType);
  }
  if (usedCores) {
    operands.push_back(usedCores);
    types.push_back(usedCoresType);
  }
  printer << operands << " : " << types;
}

// `%v, offsets = [...], sizes = [...] {attrs} : !pto.tensor_view<...>
// [-> !pto.partition_tensor_view<...>]`
ParseResult PartitionViewOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> offsets, sizes;
  Type sourceType, resultType;
  SMLoc typeLoc;
  if (parser.parseOperand(source) || parser.parseComma() ||
      parser.parseKeyword("offsets") || parser.parseEqual() ||
      parser.parseOperandList(offsets, OpAsmParser::Delimiter::Square) ||
      parser.parseComma() || parser.parseKeyword("sizes") ||
      parser.parseEqual() ||
      parser.parseOperandList(sizes, OpAsmParser::Delimiter::Square) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      (typeLoc = parser.getCurrentLocation(), parser.parseType(sourceType)))
    return failure();
  bool explicitResult = succeeded(parser.parseOptionalArrow());
  if (explicitResult && parser.parseType(resultType))
    return failure();
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(source, sourceType, result.operands) ||
      parser.resolveOperands(offsets, index, result.operands) ||
      parser.resolveOperands(sizes, index, result.operands))
    return failure();
  result.addAttribute(getOperandSegmentSizeAttr(),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(offsets.size()),
                           static_cast<int32_t>(sizes.size())}));
  if (!explicitResult) {
    auto view = dyn_cast<TensorViewType>(sourceType);
    if (!view)
      return parser.emitError(typeLoc)
             << "expected a !pto.tensor_view source, got " << sourceType;
    SmallVector<int64_t> shape;
    for (Value size : ValueRange(result.operands).take_back(sizes.size())) {
      APInt constant;
      shape.push_back(matchPattern(size, m_ConstantInt(&constant)) &&
                              !constant.isNegative()
                          ? constant.getSExtValue()
                          : ShapedType::kDynamic);
    }
    resultType = PartitionTensorViewType::get(parser.getContext(), shape,
                                              view.getElementType());
  }
  result.addTypes(resultType);
  return success();
}

// Always with the result type: every PTOAS version reads that form.
void PartitionViewOp::print(OpAsmPrinter &p) {
  p << " " << getSource() << ", offsets = [" << getOffsets() << "], sizes = ["
    << getSizes() << "]";
  p.printOptionalAttrDict((*this)->getAttrs(), {getOperandSegmentSizeAttr()});
  p << " : " << getSource().getType() << " -> " << getResult().getType();
}

LogicalResult LoadScalarOp::verify() {
  if (getValue().getType() != getPtr().getType().getElementType())
    return emitOpError("loads ") << getValue().getType() << " through a pointer to "
                                 << getPtr().getType().getElementType();
  return success();
}

LogicalResult StoreScalarOp::verify() {
  if (getValue().getType() != getPtr().getType().getElementType())
    return emitOpError("stores ") << getValue().getType()
                                  << " through a pointer to "
                                  << getPtr().getType().getElementType();
  return success();
}

LogicalResult ReserveBufferOp::verify() {
  // Read signed: an I32Attr's accessor is unsigned, so -1 would pass.
  if (getSizeAttr().getInt() <= 0)
    return emitOpError("size must be positive, got ") << getSizeAttr().getInt();
  if (IntegerAttr base = getBaseAttr(); base && base.getInt() < 0)
    return emitOpError("base must be >= 0, got ") << base.getInt();
  if (getLocation() == AddressSpace::GM || getLocation() == AddressSpace::Zero)
    return emitOpError("reserves a core-local buffer, not in '")
           << stringifyAddressSpace(getLocation()) << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// Async DMA handles
//===----------------------------------------------------------------------===//

// Parameterless, as !pto.pipe: a `<...>` after the mnemonic is an error,
// not a parameter silently dropped.
template <typename TypeT>
static Type parseParameterlessType(AsmParser &parser, StringRef name) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(loc) << "'!pto." << name << "' takes no parameters";
    return {};
  }
  return TypeT::get(parser.getContext());
}

Type AsyncSessionType::parse(AsmParser &parser) {
  return parseParameterlessType<AsyncSessionType>(parser, "async_session");
}
void AsyncSessionType::print(AsmPrinter &) const {}

Type AsyncEventType::parse(AsmParser &parser) {
  return parseParameterlessType<AsyncEventType>(parser, "async_event");
}
void AsyncEventType::print(AsmPrinter &) const {}

Type PrefetchAsyncContextType::parse(AsmParser &parser) {
  return parseParameterlessType<PrefetchAsyncContextType>(parser,
                                                          "prefetch_async_context");
}
void PrefetchAsyncContextType::print(AsmPrinter &) const {}

// The workspace is bytes of global memory.
LogicalResult MakePrefetchAsyncContextOp::verify() {
  PtrType workspace = getWorkspace().getType();
  if (!workspace.getElementType().isInteger(8))
    return emitOpError("the workspace must be a pointer to 8-bit integers, got ")
           << workspace;
  if (AddressSpaceAttr space = workspace.getMemorySpace();
      space && space.getValue() != AddressSpace::GM)
    return emitOpError("the workspace must be in global memory, got ") << workspace;
  return success();
}

// What is prefetched is global memory: a view of it, not a local tile.
static LogicalResult verifyPrefetchSource(Operation *op, Type source) {
  if (auto tile = dyn_cast<TileBufType>(source);
      tile && tile.getLoc() != AddressSpace::GM)
    return op->emitOpError("prefetches global memory, not a tile in '")
           << stringifyAddressSpace(tile.getLoc()) << "'";
  return success();
}

LogicalResult TPrefetchAsyncOp::verify() {
  return verifyPrefetchSource(*this, getSrc().getType());
}
LogicalResult TPrefetchOp::verify() {
  return verifyPrefetchSource(*this, getSrc().getType());
}

//===----------------------------------------------------------------------===//
// Cross-core signals, views and rebinding of tiles
//===----------------------------------------------------------------------===//

// The event is a constant id or an index value, never both.
template <typename OpT>
static LogicalResult verifyCrossCoreEvent(OpT op) {
  bool constant = static_cast<bool>(op.getEventIdAttr());
  bool value = static_cast<bool>(op.getEventIdDyn());
  if (constant == value)
    return op.emitOpError("takes one event id: a constant or an index value");
  if (constant && op.getEventIdAttr().getInt() < 0)
    return op.emitOpError("event id must be >= 0, got ")
           << op.getEventIdAttr().getInt();
  return success();
}

// The FFTS mode, when given, is 0 (between blocks), 1 (within a sub-block)
// or 2 (within a block).
template <typename OpT>
static LogicalResult verifyCrossCoreSync(OpT op) {
  if (failed(verifyCrossCoreEvent(op)))
    return failure();
  if (IntegerAttr mode = op.getFftsModeAttr();
      mode && (mode.getInt() < 0 || mode.getInt() > 2))
    return op.emitOpError("ffts_mode must be 0, 1 or 2, got ") << mode.getInt();
  return success();
}

LogicalResult SyncSetOp::verify() { return verifyCrossCoreSync(*this); }
LogicalResult SyncWaitOp::verify() { return verifyCrossCoreSync(*this); }

// A block has 32 intra-block flags (PTOAS's largest range, the A5's).
template <typename OpT>
static LogicalResult verifyIntraBlockSync(OpT op) {
  if (failed(verifyCrossCoreEvent(op)))
    return failure();
  if (IntegerAttr id = op.getEventIdAttr(); id && id.getInt() > 31)
    return op.emitOpError("event id must be <= 31, got ") << id.getInt();
  return success();
}

LogicalResult SetIntraBlockOp::verify() { return verifyIntraBlockSync(*this); }
LogicalResult WaitIntraBlockOp::verify() { return verifyIntraBlockSync(*this); }

// Bits of one element of a tile (the dialect's own 8-bit and packed 4-bit
// float types take one byte).
static unsigned tileElementBits(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 8;
}

// The same buffer with another element type: same memory, shape and valid
// shape, and no more bytes than the source has.
LogicalResult BitcastOp::verify() {
  TileBufType source = getSrc().getType(), result = getResult().getType();
  if (source.getLoc() != result.getLoc() || source.getRows() != result.getRows() ||
      source.getCols() != result.getCols() ||
      source.getValidRows() != result.getValidRows() ||
      source.getValidCols() != result.getValidCols())
    return emitOpError("the result must be a tile of the source's memory, "
                       "shape and valid shape, got ")
           << result;
  if (tileElementBits(result.getElementType()) >
      tileElementBits(source.getElementType()))
    return emitOpError("result elements (")
           << result.getElementType() << ") are wider than the source's ("
           << source.getElementType() << ")";
  return success();
}

Value BitcastOp::getViewSource() { return getSrc(); }

LogicalResult TAssignOp::verify() {
  if (getResult().getType() != getTile().getType())
    return emitOpError("the result must have the tile's type ")
           << getTile().getType() << ", got " << getResult().getType();
  return success();
}

// `keyword(` a list of operands `:` as many types `)` (keyword: ins or
// outs): the operands and their types, unresolved; `loc` where it starts.
static ParseResult
parseOperandsAndTypes(OpAsmParser &parser, StringRef keyword,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                      SmallVectorImpl<Type> &types, SMLoc &loc) {
  loc = parser.getCurrentLocation();
  if (parser.parseKeyword(keyword) || parser.parseLParen() ||
      parser.parseOperandList(operands) || parser.parseColonTypeList(types) ||
      parser.parseRParen())
    return failure();
  if (operands.size() != types.size())
    return parser.emitError(loc) << keyword << " has " << operands.size()
                                 << " operands but " << types.size() << " types";
  return success();
}

//===----------------------------------------------------------------------===//
// tmrgsort
//===----------------------------------------------------------------------===//

// One list in blocks:  ins(%src, %blockLen : T, i32) outs(%dst : T)
// 2 to 4 lists:        ins(%s0, %s1, .., %tmp {exhausted = b} : T0, T1, .., Ttmp)
//                      outs(%dst, %executed : T, Te)
//   or, without the scratch tile,
//                      ins(%s0, %s1, .. no_tmp {exhausted = b} : T0, T1, ..)
//                      outs(%dst, %executed : T, Te)
// then the attribute dictionary.
ParseResult TMrgSortOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  SmallVector<OpAsmParser::UnresolvedOperand, 5> ins;
  SmallVector<Type, 5> insTypes;
  SMLoc insLoc = parser.getCurrentLocation();
  if (parser.parseKeyword("ins") || parser.parseLParen() ||
      parser.parseOperandList(ins))
    return failure();
  bool noTmp = succeeded(parser.parseOptionalKeyword("no_tmp"));
  std::optional<bool> exhausted;
  if (succeeded(parser.parseOptionalLBrace())) {
    SMLoc flagLoc = parser.getCurrentLocation();
    StringRef value;
    if (parser.parseKeyword("exhausted") || parser.parseEqual() ||
        parser.parseKeyword(&value) || parser.parseRBrace())
      return failure();
    if (value != "true" && value != "false")
      return parser.emitError(flagLoc, "expected 'exhausted = true' or 'false'");
    exhausted = value == "true";
  }
  if (parser.parseColonTypeList(insTypes) || parser.parseRParen())
    return failure();
  if (ins.size() != insTypes.size())
    return parser.emitError(insLoc) << "ins has " << ins.size()
                                    << " operands but " << insTypes.size()
                                    << " types";
  SmallVector<OpAsmParser::UnresolvedOperand, 2> outs;
  SmallVector<Type, 2> outsTypes;
  SMLoc outsLoc;
  if (parseOperandsAndTypes(parser, "outs", outs, outsTypes, outsLoc))
    return failure();
  // One list in blocks: no `no_tmp` or `{exhausted}` clause, a block
  // length, one out.
  bool blocks = ins.size() == 2 && !noTmp && !exhausted && outs.size() == 1;
  size_t lists = blocks ? 1 : ins.size() - (noTmp ? 0 : 1);
  if (!blocks && (lists < 2 || lists > 4 || outs.size() != 2))
    return parser.emitError(insLoc)
           << "expected ins(%src, %blockLen) outs(%dst), or ins of 2 to 4 "
              "sorted lists and a scratch tile (or `no_tmp`) with "
              "outs(%dst, %executed)";
  bool tmp = !blocks && !noTmp;
  if (parser.resolveOperands(ArrayRef(ins).take_front(lists),
                             ArrayRef(insTypes).take_front(lists), insLoc,
                             result.operands) ||
      (blocks && parser.resolveOperand(ins[1], insTypes[1], result.operands)) ||
      parser.resolveOperand(outs[0], outsTypes[0], result.operands) ||
      (tmp && parser.resolveOperand(ins.back(), insTypes.back(),
                                    result.operands)) ||
      (!blocks && parser.resolveOperand(outs[1], outsTypes[1], result.operands)))
    return failure();
  int32_t merge = blocks ? 0 : 1;
  result.addAttribute(getOperandSegmentSizeAttr(),
                      b.getDenseI32ArrayAttr({static_cast<int32_t>(lists),
                                              1 - merge, 1, tmp ? 1 : 0, merge}));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  StringAttr flag = getExhaustedAttrName(result.name);
  if (exhausted)
    result.attributes.set(flag, b.getBoolAttr(*exhausted));
  else if (!result.attributes.get(flag))
    result.attributes.set(flag, b.getBoolAttr(false));
  return success();
}

void TMrgSortOp::print(OpAsmPrinter &p) {
  SmallVector<StringRef, 2> elided = {getOperandSegmentSizeAttr()};
  if (getBlockLen()) {
    p << " ins(" << getSrcs().front() << ", " << getBlockLen() << " : "
      << getSrcs().front().getType() << ", " << getBlockLen().getType()
      << ") outs(" << getDst() << " : " << getDst().getType() << ")";
    // The flag means nothing here: shown only when set.
    if (!getExhausted())
      elided.push_back(getExhaustedAttrName());
  } else {
    p << " ins(" << getSrcs();
    if (getTmp())
      p << ", " << getTmp();
    else
      p << " no_tmp";
    p << " {exhausted = " << (getExhausted() ? "true" : "false") << "} : "
      << getSrcs().getTypes();
    if (getTmp())
      p << ", " << getTmp().getType();
    p << ") outs(" << getDst() << ", " << getExecuted() << " : "
      << getDst().getType() << ", " << getExecuted().getType() << ")";
    elided.push_back(getExhaustedAttrName());
  }
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
}

LogicalResult TMrgSortOp::verify() {
  size_t lists = getSrcs().size();
  if (getBlockLen()) {
    if (lists != 1 || getTmp() || getExecuted())
      return emitOpError("with a block length merges the blocks of one tile: "
                         "one source, no scratch tile, no executed counts");
    return success();
  }
  if (lists < 2 || lists > 4)
    return emitOpError("merges 2 to 4 sorted lists, got ") << lists;
  if (!getExecuted())
    return emitOpError("merging lists takes an executed-counts operand");
  return success();
}

//===----------------------------------------------------------------------===//
// tsels, tscatter, tgather, mscatter
//===----------------------------------------------------------------------===//

// `outs(%dst : T)`, resolved into the operands.
static ParseResult parseOutsOperand(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand dst;
  Type type;
  if (parser.parseKeyword("outs") || parser.parseLParen() ||
      parser.parseOperand(dst) || parser.parseColonType(type) ||
      parser.parseRParen() || parser.resolveOperand(dst, type, result.operands))
    return failure();
  return success();
}

// `ins(...)` with as many operands as one of `counts` (else an error saying
// `expected`), `outs(%dst : T)`, then the attribute dictionary.
static ParseResult parseCountedInsOuts(OpAsmParser &parser, OperationState &result,
                                       ArrayRef<size_t> counts, StringRef expected) {
  SmallVector<OpAsmParser::UnresolvedOperand, 4> ins;
  SmallVector<Type, 4> types;
  SMLoc loc;
  if (parseOperandsAndTypes(parser, "ins", ins, types, loc))
    return failure();
  if (!llvm::is_contained(counts, ins.size()))
    return parser.emitError(loc) << "expected " << expected;
  if (parser.resolveOperands(ins, types, loc, result.operands) ||
      parseOutsOperand(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

// ins(%mask, %src[, %tmp], %scalar : Tm, T[, Ttmp], S) outs(%dst : T):
// three operands have no scratch tile, four have one.
ParseResult TSelSOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCountedInsOuts(
      parser, result, {3, 4},
      "ins(%mask, %src, %scalar) or ins(%mask, %src, %tmp, %scalar)");
}

void TSelSOp::print(OpAsmPrinter &p) {
  SmallVector<Value, 4> ins = {getMask(), getSrc()};
  if (getTmp())
    ins.push_back(getTmp());
  ins.push_back(getScalar());
  p << " ins(" << ValueRange(ins) << " : " << ValueRange(ins).getTypes()
    << ") outs(" << getDst() << " : " << getDst().getType() << ")";
  p.printOptionalAttrDict((*this)->getAttrs());
}

// `ins(%src,` then, when a brace follows (`masked`), the mask form's
// `{maskPattern = #pto.mask_pattern<P..>} : T[, "row" | "col"]` of tscatter
// and tgather: the pattern and the axis become attributes, the source's
// type `type`.
static ParseResult parseSourceOrMask(OpAsmParser &parser, OperationState &result,
                                     StringAttr patternName, StringAttr axisName,
                                     OpAsmParser::UnresolvedOperand &src, Type &type,
                                     bool &masked) {
  if (parser.parseKeyword("ins") || parser.parseLParen() ||
      parser.parseOperand(src) || parser.parseComma())
    return failure();
  masked = succeeded(parser.parseOptionalLBrace());
  if (!masked)
    return success();
  MaskPatternAttr pattern;
  if (parser.parseKeyword("maskPattern") || parser.parseEqual() ||
      parser.parseAttribute(pattern) || parser.parseRBrace() ||
      parser.parseColonType(type))
    return failure();
  result.addAttribute(patternName, pattern);
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc axisLoc = parser.getCurrentLocation();
    std::string axis;
    if (parser.parseString(&axis))
      return failure();
    if (axis != "row" && axis != "col")
      return parser.emitError(axisLoc, "expected the axis \"row\" or \"col\"");
    result.addAttribute(axisName, parser.getBuilder().getStringAttr(axis));
  }
  return success();
}

static void printMaskPatternForm(OpAsmPrinter &p, MaskPatternAttr pattern,
                                 StringAttr axis, Type type) {
  p << "{maskPattern = ";
  p.printAttribute(pattern);
  p << "} : " << type;
  if (axis) {
    p << ", ";
    p.printAttribute(axis);
  }
}

// ins(%src, %idx : T, Ti) outs(%dst : T), or
// ins(%src, {maskPattern = #pto.mask_pattern<P..>} : T[, "row" | "col"])
// outs(%dst : T), then the attribute dictionary.
ParseResult TScatterOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, indexes;
  Type srcType, indexesType;
  bool masked;
  if (parseSourceOrMask(parser, result, getMaskPatternAttrName(result.name),
                        getAxisAttrName(result.name), src, srcType, masked) ||
      (!masked && (parser.parseOperand(indexes) || parser.parseColonType(srcType) ||
                   parser.parseComma() || parser.parseType(indexesType))))
    return failure();
  if (parser.parseRParen() ||
      parser.resolveOperand(src, srcType, result.operands) ||
      (!masked && parser.resolveOperand(indexes, indexesType, result.operands)) ||
      parseOutsOperand(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void TScatterOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", ";
  SmallVector<StringRef, 2> elided;
  if (MaskPatternAttr pattern = getMaskPatternAttr()) {
    printMaskPatternForm(p, pattern, getAxisAttr(), getSrc().getType());
    elided = {getMaskPatternAttrName(), getAxisAttrName()};
  } else {
    p << getIndexes() << " : " << getSrc().getType() << ", "
      << getIndexes().getType();
  }
  p << ") outs(" << getDst() << " : " << getDst().getType() << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
}

// An axis only with a mask pattern, and one of "row" and "col".
static LogicalResult verifyMaskAxis(Operation *op, MaskPatternAttr pattern,
                                    StringAttr axis) {
  if (!axis)
    return success();
  if (!pattern)
    return op->emitOpError("takes an axis only with a maskPattern");
  if (axis.getValue() != "row" && axis.getValue() != "col")
    return op->emitOpError("axis must be \"row\" or \"col\", got ") << axis;
  return success();
}

// An index tile or a mask pattern, never both.
LogicalResult TScatterOp::verify() {
  bool masked = static_cast<bool>(getMaskPatternAttr());
  if (masked == static_cast<bool>(getIndexes()))
    return emitOpError("takes an index tile or a maskPattern, not ")
           << (masked ? "both" : "neither");
  return verifyMaskAxis(*this, getMaskPatternAttr(), getAxisAttr());
}

// ins(%src, <the form's operands> : <types>) outs(%dst[, %cdst] : T[, Tc]):
// a brace after the source is the mask form; otherwise the index form (one
// destination) or the compare form (a count destination too), each with an
// optional scratch tile last.
ParseResult TGatherOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> extra, outs;
  SmallVector<Type, 2> extraTypes, outTypes;
  Type srcType;
  bool masked;
  SMLoc insLoc = parser.getCurrentLocation();
  if (parseSourceOrMask(parser, result, getMaskPatternAttrName(result.name),
                        getAxisAttrName(result.name), src, srcType, masked))
    return failure();
  if (!masked) {
    if (parser.parseOperandList(extra) || parser.parseColonType(srcType))
      return failure();
    for (size_t i = 0; i < extra.size(); ++i) {
      if (parser.parseComma() || parser.parseType(extraTypes.emplace_back()))
        return failure();
    }
    if (extra.empty() || extra.size() > 2)
      return parser.emitError(insLoc)
             << "expected ins(%src, %indices[, %tmp]), ins(%src, %k[, %tmp]) or "
                "ins(%src, {maskPattern = ...})";
  }
  SMLoc outsLoc;
  if (parser.parseRParen() ||
      parseOperandsAndTypes(parser, "outs", outs, outTypes, outsLoc))
    return failure();
  if (outs.empty() || outs.size() > 2)
    return parser.emitError(outsLoc)
           << "expected outs(%dst : T) or, in the compare form, outs(%dst, %cdst : T, Tc)";
  bool compare = outs.size() == 2;
  if (masked && compare)
    return parser.emitError(outsLoc) << "a mask-pattern tgather has one destination";
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  bool index = !masked && !compare;
  bool scratch = extra.size() == 2;
  if (parser.resolveOperand(src, srcType, result.operands) ||
      (!masked && parser.resolveOperand(extra[0], extraTypes[0], result.operands)) ||
      (scratch && parser.resolveOperand(extra[1], extraTypes[1], result.operands)) ||
      (compare && parser.resolveOperand(outs[1], outTypes[1], result.operands)) ||
      parser.resolveOperand(outs[0], outTypes[0], result.operands))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, index, compare, scratch, compare, 1}));
  return success();
}

void TGatherOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", ";
  SmallVector<StringRef, 3> elided = {getOperandSegmentSizesAttrName()};
  if (MaskPatternAttr pattern = getMaskPatternAttr()) {
    printMaskPatternForm(p, pattern, getAxisAttr(), getSrc().getType());
    elided.append({getMaskPatternAttrName(), getAxisAttrName()});
  } else {
    SmallVector<Value, 3> ins = {getSrc(), getIndices() ? getIndices() : getKValue()};
    if (getTmp())
      ins.push_back(getTmp());
    p << ValueRange(ins).drop_front() << " : " << ValueRange(ins).getTypes();
  }
  p << ") outs(" << getDst();
  if (getCdst())
    p << ", " << getCdst();
  p << " : " << getDst().getType();
  if (getCdst())
    p << ", " << getCdst().getType();
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
}

// Exactly one form: indices alone, a compare value with its count
// destination, or a mask pattern (with no operand after the source); the
// compare attributes only in the compare form.
LogicalResult TGatherOp::verify() {
  bool masked = static_cast<bool>(getMaskPatternAttr());
  bool compare = static_cast<bool>(getKValue());
  int forms = masked + compare + static_cast<bool>(getIndices());
  if (forms != 1)
    return emitOpError("takes one of an index tile, a compare value or a maskPattern, "
                       "not ")
           << (forms ? "several" : "none");
  if (compare != static_cast<bool>(getCdst()))
    return emitOpError("has a count destination exactly in the compare form");
  if (masked && getTmp())
    return emitOpError("takes no scratch tile in the mask form");
  if (!compare && (getCmpModeAttr() || getOffsetAttr()))
    return emitOpError("takes cmpMode and offset only in the compare form");
  return verifyMaskAxis(*this, getMaskPatternAttr(), getAxisAttr());
}

//===----------------------------------------------------------------------===//
// tdivs
//===----------------------------------------------------------------------===//

// ins(%src, %s : T, S) or ins(%s, %src : S, T), outs(%dst : T), the
// attribute dictionary: the scalar's type says which form.
ParseResult TDivSOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> ins, outs;
  SmallVector<Type, 2> insTypes, outsTypes;
  SMLoc insLoc, outsLoc;
  if (parseOperandsAndTypes(parser, "ins", ins, insTypes, insLoc) ||
      parseOperandsAndTypes(parser, "outs", outs, outsTypes, outsLoc) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (ins.size() != 2)
    return parser.emitError(insLoc) << "expected ins(%src, %scalar) or ins(%scalar, %src)";
  if (outs.size() != 1)
    return parser.emitError(outsLoc) << "expected outs(%dst : T)";
  bool scalarFirst = insTypes[0].isIntOrIndexOrFloat();
  if (parser.resolveOperands(ins, insTypes, insLoc, result.operands) ||
      parser.resolveOperand(outs[0], outsTypes[0], result.operands))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {scalarFirst, 1, !scalarFirst, 1}));
  return success();
}

void TDivSOp::print(OpAsmPrinter &p) {
  ValueRange ins = getOperands().drop_back();
  p << " ins(" << ins << " : " << ins.getTypes() << ") outs(" << getDst()
    << " : " << getDst().getType() << ")";
  SmallVector<StringRef, 2> elided = {getOperandSegmentSizesAttrName()};
  if (getPrecisionType() == DivPrecision::Default)
    elided.push_back(getPrecisionTypeAttrName());
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
}

LogicalResult TDivSOp::verify() {
  if (static_cast<bool>(getDividend()) == static_cast<bool>(getScalar()))
    return emitOpError("takes one scalar, before the tile (the dividend) or "
                       "after it (the divisor)");
  return success();
}

// ins(%src, %idx : T, Ti) outs(%mem : Tm) and the attribute dictionary.
ParseResult MScatterOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCountedInsOuts(parser, result, {2}, "ins(%src, %idx)");
}

// The other attributes first, then PTOAS's own in its order, the
// default-valued ones only when not the default.
void MScatterOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", " << getIdx() << " : " << getSrc().getType()
    << ", " << getIdx().getType() << ") outs(" << getMem() << " : "
    << getMem().getType() << ")";
  StringAttr coalesce = getCoalesceAttrName(),
             atomic = getScatterAtomicOpAttrName(),
             oob = getScatterOobAttrName(),
             conflict = getScatterConflictAttrName();
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : (*this)->getAttrs())
    if (!llvm::is_contained({coalesce, atomic, oob, conflict}, attr.getName()))
      attrs.push_back(attr);
  if (CoalesceAttr value = getCoalesceAttr())
    attrs.emplace_back(coalesce, value);
  if (getScatterAtomicOp() != ScatterAtomicOp::None)
    attrs.emplace_back(atomic, getScatterAtomicOpAttr());
  if (getScatterOob() != ScatterOOB::Undefined)
    attrs.emplace_back(oob, getScatterOobAttr());
  if (ScatterConflictAttr value = getScatterConflictAttr())
    attrs.emplace_back(conflict, value);
  p.printOptionalAttrDict(attrs);
}

//===----------------------------------------------------------------------===//
// Powers, histograms, quantisation
//===----------------------------------------------------------------------===//

// The element type of a tile-like value (a tile, a view, a memref, a tensor).
static Type tileElementTypeOf(Type type) {
  if (auto tile = dyn_cast<TileBufType>(type))
    return tile.getElementType();
  if (auto view = dyn_cast<PartitionTensorViewType>(type))
    return view.getElementType();
  if (auto view = dyn_cast<TensorViewType>(type))
    return view.getElementType();
  return cast<ShapedType>(type).getElementType();
}

// The scratch tile serves the floating-point algorithm: integer powers
// take none.
static LogicalResult verifyPowScratch(Operation *op, Type base, Value tmp) {
  if (tmp && isa<IntegerType>(tileElementTypeOf(base)))
    return op->emitOpError("takes no scratch tile for integer elements (")
           << tileElementTypeOf(base) << ")";
  return success();
}

LogicalResult TPowOp::verify() {
  return verifyPowScratch(*this, getSrc0().getType(), getTmp());
}
LogicalResult TPowSOp::verify() {
  return verifyPowScratch(*this, getSrc().getType(), getTmp());
}

LogicalResult THistogramOp::verify() {
  int64_t byte = getByteAttr().getInt();
  if (byte < 0 || byte > 3)
    return emitOpError("byte must be 0, 1, 2 or 3, got ") << byte;
  return success();
}

// 8-bit integer quantisation; the offset tile exactly when asymmetric.
LogicalResult TQuantOp::verify() {
  QuantType type = getQuantType();
  if (type != QuantType::INT8_SYM && type != QuantType::INT8_ASYM)
    return emitOpError("quantises to INT8_SYM or INT8_ASYM (tquant.mx to MX "
                       "formats), got ")
           << stringifyQuantType(type);
  if ((type == QuantType::INT8_ASYM) != static_cast<bool>(getOffset()))
    return emitOpError("takes an offset tile exactly when INT8_ASYM");
  return success();
}

// MX formats; the fractal exponents exactly with their store mode.
LogicalResult TQuantMxOp::verify() {
  QuantType type = getQuantType();
  if (type != QuantType::MXFP8 && type != QuantType::MXFP4_E2M1)
    return emitOpError("quantises to MXFP8 or MXFP4_E2M1 (tquant to 8-bit "
                       "integers), got ")
           << stringifyQuantType(type);
  if (static_cast<bool>(getExpZz()) != static_cast<bool>(getStoreModeAttr()))
    return emitOpError("takes a fifth destination (the fractal exponents) "
                       "exactly with a storeMode");
  return success();
}

//===----------------------------------------------------------------------===//
// Addresses
//===----------------------------------------------------------------------===//

// As memoryOf, and the #pto.address_space a memref names.
static std::optional<AddressSpace> addressedMemory(Type type) {
  if (auto memref = dyn_cast<BaseMemRefType>(type)) {
    if (auto space = dyn_cast_or_null<AddressSpaceAttr>(memref.getMemorySpace()))
      return space.getValue();
    return std::nullopt;
  }
  return memoryOf(type);
}

// Error unless both memories are unknown or the same.
static LogicalResult verifySameMemory(Operation *op, Type from, Type to) {
  std::optional<AddressSpace> left = addressedMemory(from),
                              right = addressedMemory(to);
  if (left && right && *left != *right)
    return op->emitOpError("stays in one memory: '")
           << stringifyAddressSpace(*left) << "' to '"
           << stringifyAddressSpace(*right) << "'";
  return success();
}

// integer <-> pointer, pointer -> pointer, memref -> pointer.
LogicalResult CastPtrOp::verify() {
  Type from = getInput().getType(), to = getResult().getType();
  bool fromPtr = isa<PtrType>(from), toPtr = isa<PtrType>(to);
  bool fromInt = isa<IntegerType>(from), toInt = isa<IntegerType>(to);
  if (!(fromPtr || fromInt || isa<BaseMemRefType>(from)))
    return emitOpError("casts an integer, a pointer or a memref, got ") << from;
  if (!(toPtr || toInt))
    return emitOpError("casts to an integer or a pointer, got ") << to;
  if (!fromPtr && !toPtr)
    return emitOpError("casts to or from a pointer, got ") << from << " to " << to;
  return verifySameMemory(*this, from, to);
}

// The tile's elements, in its memory; a memref of the tile's rank.
LogicalResult TileBufAddrOp::verify() {
  Type source = getSrc().getType(), result = getDst().getType();
  Type element = tileElementTypeOf(source);
  Type resultElement = isa<PtrType>(result) ? cast<PtrType>(result).getElementType()
                                            : tileElementTypeOf(result);
  if (resultElement != element)
    return emitOpError("addresses the tile's elements (")
           << element << "), got " << result;
  int64_t rank = isa<TileBufType>(source) ? 2 : cast<ShapedType>(source).getRank();
  if (auto memref = dyn_cast<MemRefType>(result); memref && memref.getRank() != rank)
    return emitOpError("a memref result has the tile's rank (")
           << rank << "), got " << result;
  return verifySameMemory(*this, source, result);
}

//===----------------------------------------------------------------------===//
// Collectives between devices
//===----------------------------------------------------------------------===//

// `(` the op's `leading` operands, `recv(%ping[, %pong]), group(%g, ..) :`
// every operand's type in that order `)` and the attribute dictionary.
static ParseResult parseCommCollective(OpAsmParser &parser, OperationState &result,
                                       size_t leading) {
  SmallVector<OpAsmParser::UnresolvedOperand, 8> operands, recv, group;
  SmallVector<Type, 8> types;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  for (size_t i = 0; i < leading; ++i)
    if (parser.parseOperand(operands.emplace_back()) || parser.parseComma())
      return failure();
  SMLoc recvLoc = parser.getCurrentLocation();
  if (parser.parseKeyword("recv") ||
      parser.parseOperandList(recv, OpAsmParser::Delimiter::Paren))
    return failure();
  if (recv.empty() || recv.size() > 2)
    return parser.emitError(recvLoc, "expected recv(%ping) or recv(%ping, %pong)");
  SMLoc groupLoc = parser.getCurrentLocation();
  if (parser.parseComma() || parser.parseKeyword("group") ||
      parser.parseOperandList(group, OpAsmParser::Delimiter::Paren))
    return failure();
  if (group.empty())
    return parser.emitError(groupLoc, "expected a group of at least one window");
  if (parser.parseColonTypeList(types) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  operands.append(recv);
  operands.append(group);
  if (parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  SmallVector<int32_t, 5> segments(leading + 1, 1);
  segments.append({static_cast<int32_t>(recv.size() - 1),
                   static_cast<int32_t>(group.size())});
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(segments));
  return success();
}

template <typename OpT>
static void printCommCollective(OpT op, OpAsmPrinter &p, ValueRange leading) {
  p << "(";
  for (Value value : leading)
    p << value << ", ";
  p << "recv(" << op.getPing();
  if (op.getPong())
    p << ", " << op.getPong();
  p << "), group(" << op.getGroup() << ") : " << op->getOperandTypes() << ")";
  p.printOptionalAttrDict(op->getAttrs(), {op.getOperandSegmentSizesAttrName()});
}

// The root is a member of the group; pong stages as ping does.
template <typename OpT>
static LogicalResult verifyCommCollective(OpT op) {
  if (op.getGroup().empty())
    return op.emitOpError("takes a group of at least one window");
  if (op.getRoot() < 0 || op.getRoot() >= static_cast<int64_t>(op.getGroup().size()))
    return op.emitOpError("root must index the group of ")
           << op.getGroup().size() << ", got " << op.getRoot();
  if (op.getPong() && op.getPong().getType() != op.getPing().getType())
    return op.emitOpError("pong must have ping's type ")
           << op.getPing().getType() << ", got " << op.getPong().getType();
  return success();
}

// Each collective's custom syntax: its operands before recv(...).
#define SKEW_PTO_COMM_COLLECTIVE(OpT, leading, ...)                            \
  ParseResult OpT::parse(OpAsmParser &parser, OperationState &result) {         \
    return parseCommCollective(parser, result, leading);                        \
  }                                                                             \
  void OpT::print(OpAsmPrinter &p) {                                            \
    printCommCollective(*this, p, ValueRange{__VA_ARGS__});                     \
  }
SKEW_PTO_COMM_COLLECTIVE(CommTBroadcastOp, 1, getSrc())
SKEW_PTO_COMM_COLLECTIVE(CommTScatterOp, 1, getSrc())
SKEW_PTO_COMM_COLLECTIVE(CommTGatherOp, 1, getDst())
SKEW_PTO_COMM_COLLECTIVE(CommTReduceOp, 2, getDst(), getAcc())
#undef SKEW_PTO_COMM_COLLECTIVE

LogicalResult CommTBroadcastOp::verify() { return verifyCommCollective(*this); }
LogicalResult CommTScatterOp::verify() { return verifyCommCollective(*this); }
LogicalResult CommTGatherOp::verify() { return verifyCommCollective(*this); }

// The accumulator and the receive tiles are alike.
LogicalResult CommTReduceOp::verify() {
  if (failed(verifyCommCollective(*this)))
    return failure();
  if (getAcc().getType() != getPing().getType())
    return emitOpError("the accumulator must have the receive tile's type ")
           << getPing().getType() << ", got " << getAcc().getType();
  return success();
}

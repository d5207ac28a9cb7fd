//===- module.cpp - the skew_mlir._native Python extension ----------------===//
//
// What the upstream Python bindings cannot do on their own: register Python
// passes in MLIR's pass registry, run a pass manager with the GIL released,
// emit diagnostics of any severity, query memory effects, clone ops with an
// IRMapping, answer the bulk IR queries the pass makes per loop body, ask
// whether memory may alias and what calls reach, and drive pto-opt.
//
// Bound with nanobind, as MLIR's own bindings are. IR objects cross as the
// bindings' own (ir.Operation, ir.Value, ir.Block, ir.Location, PassManager)
// through MLIR's NanobindAdaptors casters. This file alone is compiled as
// nanobind needs (RTTI, exceptions) and sees only MLIR's C API; the rest of
// native/ is built as MLIR is, behind headers of C API types.
//
//===----------------------------------------------------------------------===//

#include "aliasing.h"
#include "call_summaries.h"
#include "cloning.h"
#include "diagnostics.h"
#include "fifo_runtime.h"
#include "ir_queries.h"
#include "opt_main.h"
#include "pto_registration.h"
#include "python_pass.h"

#include "mlir-c/Pass.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/make_iterator.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/set.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;

namespace {

std::string operationName(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return std::string(name.data, name.length);
}

nb::dict optionDict(const std::vector<std::string> &names,
                    const std::vector<skew::OptionValue> &values) {
  nb::dict options;
  for (size_t i = 0; i < names.size(); ++i)
    options[names[i].c_str()] = std::visit(
        [](const auto &value) { return nb::cast(value); }, values[i]);
  return options;
}

std::string pythonErrorText(nb::python_error &e) {
  std::string text = nb::str(e.value()).c_str();
  if (text.empty()) // KeyboardInterrupt(), say
    text = nb::type_name(e.type()).c_str();
  return text;
}

// The runner of a Python pass: runner(op, {option name: value}) -> ok, with
// the GIL held; an exception escaping it becomes the pass's error.
skew::PassRunner pythonRunner(nb::callable runner,
                              std::vector<std::string> optionNames) {
  return [runner = std::move(runner), names = std::move(optionNames)](
             MlirOperation op, const std::vector<skew::OptionValue> &values,
             std::string &error) {
    nb::gil_scoped_acquire gil;
    try {
      nb::object ok = runner(op, optionDict(names, values));
      return PyObject_IsTrue(ok.ptr()) == 1;
    } catch (nb::python_error &e) {
      error = pythonErrorText(e);
    } catch (std::exception &e) {
      error = e.what();
    }
    return false;
  };
}

// The option checker of a Python pass: checker({option name: value}) -> the
// error message, "" when the values are valid.
skew::OptionChecker pythonChecker(nb::callable checker,
                                  std::vector<std::string> optionNames) {
  return [checker = std::move(checker), names = std::move(optionNames)](
             const std::vector<skew::OptionValue> &values) -> std::string {
    nb::gil_scoped_acquire gil;
    try {
      return nb::cast<std::string>(checker(optionDict(names, values)));
    } catch (nb::python_error &e) {
      return pythonErrorText(e);
    } catch (std::exception &e) {
      return e.what();
    }
  };
}

void registerPass(std::string argument, std::string summary,
                  std::string className, std::string opName,
                  std::vector<skew::OptionSpec> options, nb::callable runner,
                  nb::callable checker) {
  auto spec = std::make_unique<skew::PythonPassSpec>();
  std::vector<std::string> optionNames;
  for (const skew::OptionSpec &option : options)
    optionNames.push_back(option.name);
  spec->argument = std::move(argument);
  spec->summary = std::move(summary);
  spec->className = std::move(className);
  spec->opName = std::move(opName);
  spec->options = std::move(options);
  spec->run = pythonRunner(std::move(runner), optionNames);
  spec->check = pythonChecker(std::move(checker), std::move(optionNames));
  std::string error = skew::registerPythonPass(std::move(spec));
  if (!error.empty())
    throw nb::value_error(error.c_str());
}

// Runs with the GIL released, so that Python passes on MLIR's worker threads
// can take it. None on success, else the errors it reported.
std::optional<std::vector<skew::CapturedError>>
runPassManager(MlirPassManager pm, MlirOperation op) {
  skew::DiagnosticCapture capture(mlirOperationGetContext(op));
  MlirLogicalResult result;
  {
    nb::gil_scoped_release release;
    result = mlirPassManagerRunOnOp(pm, op);
  }
  std::vector<skew::CapturedError> errors = capture.finish();
  if (mlirLogicalResultIsSuccess(result))
    return std::nullopt;
  return errors;
}

// An effect on no particular value has None as its value. Made None here:
// the adaptors' MlirValue caster returns None for a null value without a
// reference of its own, which only an immortal None (Python 3.12+) survives.
using Effect =
    std::tuple<std::string, std::optional<MlirValue>, std::string>;

std::optional<std::vector<Effect>> memoryEffects(MlirOperation op) {
  std::optional<std::vector<skew::MemoryEffect>> effects =
      skew::memoryEffects(op);
  if (!effects)
    return std::nullopt;
  std::vector<Effect> result;
  for (const auto &[kind, value, resource] : *effects)
    result.emplace_back(kind,
                        mlirValueIsNull(value) ? std::nullopt
                                               : std::optional<MlirValue>(value),
                        resource);
  return result;
}

std::vector<skew::CallSummary>
callSummaries(MlirOperation scope, const std::vector<MlirOperation> &calls,
              const std::vector<std::string> &names) {
  for (MlirOperation call : calls)
    if (!skew::isCall(call))
      throw nb::type_error(
          ("'" + operationName(call) + "' is not a call").c_str());
  return skew::summarizeCalls(scope, calls, names);
}

// The ops one clone job built, each an ir.Operation only when asked for
// (most callers look at a few).
struct Clones {
  std::vector<MlirOperation> ops;
};

void bindCloning(nb::module_ &m) {
  nb::class_<skew::CloneSpec>(
      m, "CloneSpec",
      "How one copy of the ops is made. `mapping` remaps operands (and uses "
      "nested in regions). Each `computed` (value, op name, operands) builds "
      "that op just before the copy, with its first operand's type, and "
      "remaps `value` to its result: an unrolled induction value, say. `tag` "
      "marks the copy's tagged clones (see Cloner).")
      .def(
          "__init__",
          [](skew::CloneSpec *self, nb::dict mapping,
             std::vector<std::tuple<MlirValue, std::string,
                                    std::vector<MlirValue>>>
                 computed,
             std::optional<std::string> tag) {
            auto *spec = new (self) skew::CloneSpec{{}, {}, std::move(tag)};
            for (auto [from, to] : mapping) {
              MlirValue fromValue, toValue;
              if (!nb::try_cast(from, fromValue) || !nb::try_cast(to, toValue))
                throw nb::type_error("a clone mapping maps ir.Value to ir.Value");
              spec->mapping.emplace_back(fromValue, toValue);
            }
            for (auto &[value, name, operands] : computed) {
              if (operands.empty())
                throw nb::value_error("a computed op needs an operand");
              spec->computed.push_back({value, name, std::move(operands)});
            }
          },
          "mapping"_a, "computed"_a = nb::list(), "tag"_a = nb::none());

  nb::class_<skew::Carry>(
      m, "Carry",
      "Values threaded through successive copies, as a loop's iter_args are: "
      "`iter_args` stand for `init` in the first copy and for the previous "
      "copy's `yielded` values (remapped) in the others.")
      .def(
          "__init__",
          [](skew::Carry *self, std::vector<MlirValue> iterArgs,
             std::vector<MlirValue> init, std::vector<MlirValue> yielded) {
            if (iterArgs.size() != init.size())
              throw nb::value_error(
                  "iter_args and initial values differ in number");
            new (self) skew::Carry{std::move(iterArgs), std::move(init),
                                   std::move(yielded)};
          },
          "iter_args"_a, "init"_a, "yielded"_a);

  nb::class_<skew::Cloner>(
      m, "Cloner",
      "Clones one fixed list of ops again and again (a loop half copied once "
      "per stage). A copy's tag becomes the string attribute `tag_name` of "
      "its clones of the ops at positions `tagged`, and of every op nested in "
      "any clone's regions that has a tensor or memref result and is not "
      "named in `untagged`, after the op's own string value of that "
      "attribute and ';' if it has one.")
      .def(
          "__init__",
          [](skew::Cloner *self, std::vector<MlirOperation> ops,
             std::optional<std::string> tagName, std::vector<size_t> tagged,
             std::set<std::string> untagged) {
            for (size_t index : tagged)
              if (index >= ops.size())
                throw nb::index_error(
                    ("tagged op index " + std::to_string(index) +
                     " out of range")
                        .c_str());
            new (self) skew::Cloner{std::move(ops), std::move(tagName),
                                    std::move(tagged), std::move(untagged)};
          },
          "ops"_a, "tag_name"_a = nb::none(), "tagged"_a = nb::list(),
          "untagged"_a = nb::list());

  nb::class_<skew::CloneJob>(
      m, "CloneJob",
      "The cloner's ops once per copy, in order, at the insertion point; with "
      "a carry, its values thread through the copies.")
      .def(
          "__init__",
          [](skew::CloneJob *self, const skew::Cloner &cloner,
             nb::handle point, std::vector<skew::CloneSpec> copies,
             std::optional<skew::Carry> carry) {
            nb::object before = point.attr("ref_operation");
            new (self) skew::CloneJob{
                cloner, nb::cast<MlirBlock>(point.attr("block")),
                before.is_none() ? MlirOperation{nullptr}
                                 : nb::cast<MlirOperation>(before),
                std::move(copies), std::move(carry)};
          },
          "cloner"_a, "point"_a, "copies"_a, "carry"_a = nb::none(),
          nb::sig("def __init__(self, cloner: Cloner, point: "
                  "mlir.ir.InsertionPoint, copies: "
                  "collections.abc.Sequence[CloneSpec], carry: Carry | None = "
                  "None) -> None"));

  nb::class_<Clones>(m, "Clones",
                     "The ops one clone job built, in order.")
      .def("__len__", [](const Clones &c) { return c.ops.size(); })
      .def("__getitem__",
           [](const Clones &c, Py_ssize_t index) {
             Py_ssize_t size = static_cast<Py_ssize_t>(c.ops.size());
             if (index < 0)
               index += size;
             if (index < 0 || index >= size)
               throw nb::index_error("clone index out of range");
             return c.ops[index];
           })
      .def(
          "__iter__",
          [](const Clones &c) {
            return nb::make_iterator(nb::type<Clones>(), "ClonesIterator",
                                     c.ops.begin(), c.ops.end());
          },
          nb::keep_alive<0, 1>());

  m.def(
      "clone_ops",
      [](const std::vector<skew::CloneJob> &jobs, MlirLocation location) {
        std::vector<std::pair<Clones, std::vector<MlirValue>>> results;
        for (skew::CloneResult &result : skew::cloneOps(location, jobs))
          results.emplace_back(Clones{std::move(result.built)},
                               std::move(result.carried));
        return results;
      },
      "jobs"_a, "location"_a.none() = nb::none(),
      "Run the clone jobs in order (computed ops at `location`, default the "
      "current one); per job, the ops built and the values its last copy "
      "yields when carrying (else []).");
}

// The JIT executor's FIFO runtime (fifo_runtime.h): plain tuples in, the
// outcome and the per-pipe message traces out.
void bindFifoRuntime(nb::module_ &m) {
  using namespace skew::jit;
  m.def(
      "jit_run",
      [](const std::vector<std::tuple<std::string, int, int, int64_t, bool>> &pipeTuples,
         const std::vector<std::tuple<std::string, int, int, int, int, std::string, int>>
             &siteTuples,
         const std::vector<std::tuple<std::string, std::string, uintptr_t, uintptr_t, int, int>>
             &coreTuples,
         uint64_t maxBytes, uint64_t maxValueBytes) {
        std::vector<PipeConfig> pipes;
        for (const auto &[name, producers, consumers, slots, frees] : pipeTuples)
          pipes.push_back({name, producers, consumers, slots, frees});
        std::vector<SiteConfig> sites;
        for (const auto &[where, kind, pipe, split, bytes, elem, joins] : siteTuples)
          sites.push_back({where, kind, pipe, split, bytes, elem, joins});
        std::vector<CoreConfig> cores;
        for (const auto &[label, function, entry, args, lane, role] : coreTuples)
          cores.push_back({label, function, entry, args, lane, role});
        std::vector<std::vector<Message>> traces;
        RunOutcome outcome;
        {
          nb::gil_scoped_release release;
          outcome = runPair(pipes, sites, cores, maxBytes, maxValueBytes, traces);
        }
        nb::list pipesOut;
        for (std::vector<Message> &trace : traces) {
          nb::list messages;
          for (Message &msg : trace)
            messages.append(nb::make_tuple(
                msg.site, nb::tuple(nb::cast(msg.shape)),
                nb::bytes(reinterpret_cast<const char *>(msg.data.data()),
                          msg.data.size()),
                nb::tuple(nb::cast(msg.valid))));
          pipesOut.append(messages);
        }
        return nb::make_tuple(outcome.status, outcome.message, pipesOut);
      },
      "pipes"_a, "sites"_a, "cores"_a, "max_bytes"_a, "max_value_bytes"_a,
      "Run JIT-compiled kernels as cores joined by FIFOs, without the GIL: "
      "(status 0 ok / 1 deadlock / 2 error, message, per pipe [(site, shape, "
      "bytes, valid shape of a tile buffer else ())]).");
  m.def("jit_symbols", &runtimeSymbols,
        "Addresses of the runtime functions compiled kernels call.");
  m.def("jit_abandoned", &abandoned,
        "Whether a failed JIT run left threads in this process.");
}

} // namespace

NB_MODULE(_native, m) {
  m.doc() = "Native part of skew_mlir.";

  nb::enum_<skew::OptionKind>(m, "OptionKind")
      .value("INT", skew::OptionKind::Int)
      .value("BOOL", skew::OptionKind::Bool)
      .value("STRING", skew::OptionKind::String);
  nb::class_<skew::OptionSpec>(m, "OptionSpec",
                               "A pass option as MLIR declares it.")
      .def(nb::init<std::string, skew::OptionKind, std::string, std::string>(),
           "name"_a, "kind"_a, "default"_a, "help"_a);
  m.def("register_pass", &registerPass, "argument"_a, "summary"_a,
        "class_name"_a, "op_name"_a, "options"_a, "runner"_a, "checker"_a,
        "Register a Python pass in MLIR's pass registry: runner(op, {option "
        "name: value}) -> bool runs it; checker({option name: value}) -> str "
        "checks the values a pipeline sets (the error, \"\" when valid).");
  m.def("run_pass_manager", &runPassManager, "pass_manager"_a, "operation"_a,
        "Run a pass manager on an operation with the GIL released: None on "
        "success, else the errors it reported.");
  nb::class_<skew::CapturedError>(m, "CapturedError")
      .def_ro("location", &skew::CapturedError::location)
      .def_ro("message", &skew::CapturedError::message)
      .def_ro("notes", &skew::CapturedError::notes);

  nb::enum_<skew::Severity>(m, "Severity")
      .value("ERROR", skew::Severity::Error)
      .value("WARNING", skew::Severity::Warning)
      .value("REMARK", skew::Severity::Remark);
  m.def("emit_diagnostic", &skew::emitDiagnostic, "location"_a, "severity"_a,
        "message"_a, "notes"_a = nb::list(),
        "Emit an error, warning or remark at a location, with notes.");

  m.def("memory_effects", &memoryEffects, "operation"_a,
        "Memory effects of an operation and its nested ops, as (kind, value "
        "or None, resource name), or None when MLIR cannot establish them.");
  m.def(
      "block_facts",
      [](MlirBlock block) {
        skew::BlockFacts f = skew::blockFacts(block);
        return nb::make_tuple(f.ops, f.names, f.uses, f.buffers, f.scalars,
                              f.effectFree);
      },
      "block"_a,
      "(ops, names, uses, buffer, scalar, effect-free) per op of a block "
      "(see native/ir_queries.h).");
  m.def(
      "block_operations",
      [](MlirBlock block) {
        std::vector<MlirOperation> ops;
        for (MlirOperation op = mlirBlockGetFirstOperation(block);
             !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
          ops.push_back(op);
        return ops;
      },
      "block"_a,
      "The ops of a block in order, as plain operations: iterating "
      "`block.operations` makes each an OpView of its dialect, which imports "
      "that dialect's Python module (linalg's takes longer than the pass).");
  m.def(
      "collect_ops",
      [](MlirOperation root, const std::vector<std::string> &names,
         bool calls, bool fifo, const std::string &attribute) {
        skew::CollectedOps found =
            skew::collectOps(root, names, calls, fifo, attribute);
        return nb::make_tuple(found.ops, found.ancestors);
      },
      "root"_a, "names"_a, "calls"_a = false, "fifo"_a = false,
      "attribute"_a = "",
      "The ops under an operation with one of the given names (or calls, or "
      "ops acting on the FIFOs, or ops carrying the named attribute), "
      "post-order, and each one's closest collected ancestor (-1: none).");

  m.def("control_flow_kind", &skew::controlFlowKind, "operation"_a,
        "\"branch\" (RegionBranchOpInterface), \"terminator\" "
        "(RegionBranchTerminatorOpInterface), \"call\" (CallOpInterface) or "
        "\"\" (see native/ir_queries.h).");
  m.def("may_run_again_after", &skew::mayRunAgainAfter, "operation"_a, "other"_a,
        "Whether `other` (outside `operation`) may run again after it in one "
        "run of their function (see native/ir_queries.h).");
  m.def("is_symbol_table", &skew::isSymbolTable, "operation"_a,
        "Whether the operation has the SymbolTable trait.");
  m.def(
      "elements_bytes",
      [](MlirAttribute attr) -> nb::object {
        std::optional<std::string> data = skew::elementsBytes(attr);
        if (!data)
          return nb::none();
        return nb::bytes(data->data(), data->size());
      },
      "attribute"_a,
      "The raw storage of a dense elements attribute (one element for a "
      "splat) or a dense_resource one's blob, or None (another attribute, "
      "or a resource not defined).");

  m.def("private_memory", &skew::privateMemory, "value"_a, "slot_ops"_a,
        "Whether a memref addresses memory of the running core alone (an "
        "allocation on it or a FIFO slot, or a view of one).");
  m.def("first_alias", &skew::firstAlias, "reads"_a, "writes"_a,
        "slot_ops"_a,
        "The first (i, j), in order of j then i, with reads[i] and writes[j] "
        "possibly addressing the same memory, or None.");
  nb::class_<skew::CallSummary>(m, "CallSummary")
      .def_ro("callee", &skew::CallSummary::callee)
      .def_ro("problem", &skew::CallSummary::problem)
      .def_ro("reached", &skew::CallSummary::reached)
      .def_ro("functions", &skew::CallSummary::functions);
  m.def("call_summaries", &callSummaries, "scope"_a, "calls"_a, "names"_a,
        "What each call reaches of the named ops through its callees, "
        "transitively; callees are read only inside `scope`.");

  bindCloning(m);
  bindFifoRuntime(m);

  m.def(
      "opt_main",
      [](const std::vector<std::string> &argv, const std::string &version) {
        nb::gil_scoped_release release;
        return skew::optMain(argv, version);
      },
      "argv"_a, "version"_a, "The pto-opt driver; returns the exit code.");
  m.def("unknown_driver_flags", &skew::unknownFlags, "args"_a,
        "The flags of a command line (without the program name) that the "
        "pto-opt driver does not define.");
  m.def("touches_fifo", &skew::touchesFifo, "operation"_a,
        "Whether the op states an effect on the cube/vector FIFOs.");
  m.def("load_pto_dialect", &skew::loadPtoDialect, "context"_a,
        "Load the pto dialect (dialect/*.td) into a context.");
  m.def(
      "pto_type_info",
      [](MlirType type) -> nb::object {
        std::optional<skew::PtoTypeInfo> info = skew::ptoTypeInfo(type);
        if (!info)
          return nb::none();
        return nb::make_tuple(info->kind, info->element, info->shape,
                              info->valid, info->loc, info->blayout,
                              info->pad, info->count);
      },
      "type"_a,
      "(kind, element type, shape, valid shape, loc, blayout, pad, count) of "
      "a pto pointer, view, tile buffer or multi-tile buffer type, else None (see "
      "native/pto_registration.h).");
  m.def(
      "multi_tile_buf_type",
      [](MlirType slot, int64_t count) {
        skew::MultiTileBufResult made = skew::multiTileBufType(slot, count);
        if (mlirTypeIsNull(made.type))
          throw nb::value_error(made.error.c_str());
        return made.type;
      },
      "slot"_a, "count"_a,
      "!pto.multi_tile_buf<slot, count = N>, built through its verifier "
      "(ValueError with its message when slot or count is refused).");
  m.def("pto_address_space", &skew::ptoAddressSpace, "attribute"_a,
        "The memory an #pto.address_space<...> attribute names, else None.");
}

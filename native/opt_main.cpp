//===- opt_main.cpp - the pto-opt driver ----------------------------------===//
//
// The MlirOptMain of upstream MLIR is not part of the library the Python
// bindings ship, so this is its equivalent, built from the exported pieces:
// the same flags, the same `--split-input-file` chunking and the same
// `--verify-diagnostics` handler, so lit tests written for mlir-opt work.
//
//===----------------------------------------------------------------------===//

#include "opt_main.h"
#include "abi_names.h"
#include "pto_registration.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/IRDL/IRDLLoading.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/ParseUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <optional>

using namespace mlir;
namespace cl = llvm::cl;

namespace skew {
namespace {

using VerifyLevel = SourceMgrDiagnosticVerifierHandler::Level;

// The flags. Built on first use, not at library load, so that importing the
// Python package never touches the process-wide LLVM option registry.
struct Flags {
  cl::opt<std::string> inputFilename{cl::Positional, cl::desc("<input file>"),
                                     cl::init("-")};
  cl::opt<std::string> outputFilename{"o", cl::desc("Output filename"),
                                      cl::value_desc("filename"),
                                      cl::init("-")};
  cl::opt<std::string> splitInputFile{
      "split-input-file", cl::ValueOptional,
      cl::desc("Split the input file into chunks using the given or default "
               "marker and process each chunk independently"),
      cl::init("")};
  cl::opt<std::string> outputSplitMarker{
      "output-split-marker",
      cl::desc("Split marker to use for merging the output"),
      cl::init(kDefaultSplitMarker)};
  cl::opt<VerifyLevel> verifyDiagnostics{
      "verify-diagnostics", cl::ValueOptional,
      cl::desc("Check that emitted diagnostics match expected-* lines on the "
               "corresponding line"),
      cl::values(
          clEnumValN(VerifyLevel::All, "all",
                     "Check all diagnostics (expected, unexpected, near-misses)"),
          clEnumValN(VerifyLevel::All, "",
                     "Check all diagnostics (expected, unexpected, near-misses)"),
          clEnumValN(VerifyLevel::OnlyExpected, "only-expected",
                     "Check only expected diagnostics"))};
  cl::opt<bool> verifyPasses{
      "verify-each", cl::desc("Run the verifier after each transformation pass"),
      cl::init(true)};
  cl::opt<bool> allowUnregisteredDialects{
      "allow-unregistered-dialect",
      cl::desc("Allow operation with no registered dialects"), cl::init(false)};
  cl::opt<bool> noImplicitModule{
      "no-implicit-module",
      cl::desc("Disable implicit addition of a top-level module op during "
               "parsing"),
      cl::init(false)};
  cl::opt<bool> dumpPassPipeline{
      "dump-pass-pipeline", cl::desc("Print the pipeline that will be run"),
      cl::init(false)};
  cl::opt<std::string> irdlFile{
      "irdl-file",
      cl::desc("IRDL file to register before processing the input (the pto "
               "dialect is always registered)"),
      cl::value_desc("filename"), cl::init("")};
  cl::opt<bool> showDialects{
      "show-dialects", cl::desc("Print the list of registered dialects and exit"),
      cl::init(false)};
  // Declared for --help only: the Python wrapper (tools/pto_opt.py) takes
  // every occurrence off the command line and imports the file before this
  // parse, so that the passes it registers have their flags here.
  cl::list<std::string> loadPythonPlugin{
      "load-python-plugin",
      cl::desc("Import a Python file of passes first (their flags join these)"),
      cl::value_desc("file.py")};
  // IR printing, as upstream's pass manager options spell them.
  cl::opt<bool> printBeforeAll{"mlir-print-ir-before-all",
                               cl::desc("Print IR before each pass"),
                               cl::init(false)};
  cl::opt<bool> printAfterAll{"mlir-print-ir-after-all",
                              cl::desc("Print IR after each pass"),
                              cl::init(false)};
  cl::opt<bool> printAfterChange{
      "mlir-print-ir-after-change",
      cl::desc("When printing the IR after a pass, only print if the IR "
               "changed"),
      cl::init(false)};
  cl::opt<bool> printAfterFailure{
      "mlir-print-ir-after-failure",
      cl::desc("When printing the IR after a pass, only print if the pass "
               "failed"),
      cl::init(false)};
  cl::opt<bool> printModuleScope{
      "mlir-print-ir-module-scope",
      cl::desc("When printing IR for print-ir-[before|after]{-all} always "
               "print the top-level operation"),
      cl::init(false)};
  cl::opt<bool> passStatistics{"mlir-pass-statistics",
                               cl::desc("Display the statistics of each pass"),
                               cl::init(false)};
  cl::opt<PassDisplayMode> passStatisticsDisplay{
      "mlir-pass-statistics-display",
      cl::desc("Display method for pass statistics"),
      cl::init(PassDisplayMode::Pipeline),
      cl::values(clEnumValN(PassDisplayMode::List, "list",
                            "display the results in a merged list sorted by "
                            "pass name"),
                 clEnumValN(PassDisplayMode::Pipeline, "pipeline",
                            "display the results with a nested pipeline "
                            "view"))};
  cl::opt<std::string> crashReproducer{
      "mlir-pass-pipeline-crash-reproducer",
      cl::desc("Generate a .mlir reproducer file at the given output path if "
               "the pass manager crashes or fails"),
      cl::value_desc("filename"), cl::init("")};
  cl::opt<bool> localReproducer{
      "mlir-pass-pipeline-local-reproducer",
      cl::desc("When generating a crash reproducer, attempt to generate a "
               "reproducer with the smallest pipeline"),
      cl::init(false)};
  cl::opt<bool> emitBytecode{"emit-bytecode",
                             cl::desc("Emit bytecode when generating output"),
                             cl::init(false)};
  cl::opt<bool> runReproducer{
      "run-reproducer",
      cl::desc("Run the pipeline stored in the reproducer (the input's "
               "mlir_reproducer resource)"),
      cl::init(false)};
  cl::opt<bool> listPasses{
      "list-passes", cl::desc("Print the list of registered passes and exit"),
      cl::init(false)};
  PassPipelineCLParser passPipeline{"", "Compiler passes to run", "p"};
};

struct Driver {
  Flags &flags;
  DialectRegistry &registry;
  llvm::ThreadPoolInterface *threadPool;
  TimingScope &timing;
  // One handler for the whole input under --verify-diagnostics, as upstream
  // has: expected-* lines are read from the whole file, each chunk's context
  // reports to it.
  SourceMgrDiagnosticVerifierHandler *verifyHandler;

  // The user's --irdl-file, as upstream loads it.
  LogicalResult loadIRDL(MLIRContext &context) {
    if (flags.irdlFile.empty())
      return success();
    ParserConfig config(&context);
    OwningOpRef<ModuleOp> user =
        parseSourceFile<ModuleOp>(flags.irdlFile.getValue(), config);
    if (!user)
      return failure();
    return irdl::loadDialects(*user);
  }

  // `reproducer`: the options of the input's reproducer (set only under
  // --run-reproducer), which come before the command line's passes, as
  // upstream has them.
  LogicalResult setUpPipeline(PassManager &pm,
                              const PassReproducerOptions &reproducer) {
    pm.enableVerifier(flags.verifyPasses);
    if (flags.printBeforeAll || flags.printAfterAll ||
        flags.printAfterChange || flags.printAfterFailure) {
      auto always = [](Pass *, Operation *) { return true; };
      auto never = [](Pass *, Operation *) { return false; };
      bool after = flags.printAfterAll || flags.printAfterChange ||
                   flags.printAfterFailure;
      if (flags.printModuleScope)
        pm.getContext()->disableMultithreading();
      pm.enableIRPrinting(
          flags.printBeforeAll ? std::function<bool(Pass *, Operation *)>(always)
                               : never,
          after ? std::function<bool(Pass *, Operation *)>(always) : never,
          flags.printModuleScope, flags.printAfterChange,
          flags.printAfterFailure);
    }
    pm.enableTiming(timing);
    if (flags.passStatistics)
      pm.enableStatistics(flags.passStatisticsDisplay);
    if (!flags.crashReproducer.empty()) {
      // A local reproducer reruns one pass at a time: MLIR asks for a
      // single-threaded context (upstream makes the user say so).
      if (flags.localReproducer)
        pm.getContext()->disableMultithreading();
      pm.enableCrashReproducerGeneration(flags.crashReproducer,
                                         flags.localReproducer);
    }
    if (failed(reproducer.apply(pm)))
      return failure();
    auto errorHandler = [&](const llvm::Twine &msg) {
      emitError(UnknownLoc::get(pm.getContext())) << msg;
      return failure();
    };
    if (failed(flags.passPipeline.addToPipeline(pm, errorHandler)))
      return failure();
    if (flags.dumpPassPipeline) {
      pm.dump();
      llvm::errs() << "\n";
    }
    return success();
  }

  LogicalResult performActions(llvm::raw_ostream &os,
                               const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                               MLIRContext &context) {
    if (failed(loadIRDL(context)))
      return failure();
    TimingScope parserTiming = timing.nest("Parser");
    // External resources nothing here reads (a reproducer's, say) are kept
    // and printed back, as upstream does.
    FallbackAsmResourceMap resources;
    ParserConfig config(&context, /*verifyAfterParse=*/true, &resources);
    PassReproducerOptions reproducer;
    if (flags.runReproducer)
      reproducer.attachResourceParser(config);
    OwningOpRef<Operation *> op =
        parseSourceFileForTool(sourceMgr, config, !flags.noImplicitModule);
    parserTiming.stop();
    if (!op)
      return failure();
    bool abiNames = keepAbiArgumentNames(op.get(), *sourceMgr);

    PassManager pm(op.get()->getName(), OpPassManager::Nesting::Implicit);
    if (failed(setUpPipeline(pm, reproducer)) || failed(pm.run(*op)))
      return failure();

    TimingScope outputTiming = timing.nest("Output");
    OpPrintingFlags printing;
    // The parser and then the verifier after every pass have just checked
    // the IR: verifying it again inside the printer would walk the whole
    // module once more for nothing.
    if (flags.verifyPasses)
      printing.assumeVerified();
    if (abiNames)
      printing.printNameLocAsPrefix();
    if (flags.emitBytecode) {
      if (failed(writeBytecodeToFile(op.get(), os,
                                     BytecodeWriterConfig(resources))))
        return failure();
    } else {
      AsmState state(op.get(), printing, /*locationMap=*/nullptr, &resources);
      op.get()->print(os, state);
      os << '\n';
    }
    // As clang does by default (-disable-free): the process ends once the
    // only input is printed, so tearing down its IR op by op would be work
    // the exit does anyway. Split inputs free each
    // chunk, so that memory stays bounded by one chunk.
    if (!flags.splitInputFile.getNumOccurrences())
      (void)op.release();
    return success();
  }

  // `buffer` is a chunk of `source` (or all of it): the whole source comes
  // first in the SourceMgr, so the parser gives locations as lines of the
  // original file, exactly as upstream mlir-opt does.
  LogicalResult processBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                              llvm::MemoryBufferRef source,
                              llvm::raw_ostream &os) {
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(source,
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());

    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    if (threadPool)
      context.setThreadPool(*threadPool);
    context.allowUnregisteredDialects(flags.allowUnregisteredDialects);

    if (!verifyHandler) {
      SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
      return performActions(os, sourceMgr, context);
    }
    context.printOpOnDiagnostic(false);
    verifyHandler->registerInContext(&context);
    // Only the diagnostics matter here, not whether the actions succeeded.
    (void)performActions(os, sourceMgr, context);
    return success();
  }
};

// Upstream's splitAndProcessBuffer, which the bindings' library does not
// export: each chunk is a view of the original buffer named "within split at
// FILE:LINE offset ", processed with the original buffer, and near misses of
// the marker are flagged.
LogicalResult splitAndProcess(std::unique_ptr<llvm::MemoryBuffer> original,
                              llvm::function_ref<LogicalResult(
                                  std::unique_ptr<llvm::MemoryBuffer>,
                                  llvm::MemoryBufferRef, llvm::raw_ostream &)>
                                  processChunk,
                              llvm::raw_ostream &os,
                              llvm::StringRef inputMarker,
                              llvm::StringRef outputMarker) {
  llvm::MemoryBufferRef originalRef = original->getMemBufferRef();
  if (inputMarker.empty())
    return processChunk(std::move(original), originalRef, os);

  const int checkLen = 2;
  llvm::SmallVector<llvm::StringRef, 8> rawChunks;
  originalRef.getBuffer().split(rawChunks, inputMarker.drop_back(checkLen));
  if (rawChunks.empty())
    return success();

  llvm::SourceMgr fileSourceMgr;
  fileSourceMgr.AddNewSourceBuffer(std::move(original), llvm::SMLoc());

  llvm::SmallVector<llvm::StringRef, 8> chunks;
  llvm::StringRef prev;
  for (llvm::StringRef chunk : rawChunks) {
    if (prev.empty()) {
      prev = chunk;
      continue;
    }
    bool expectedSuffix = chunk.starts_with(inputMarker.take_back(checkLen)) &&
                          chunk.size() > checkLen && chunk[checkLen] != '0';
    if (expectedSuffix) {
      chunks.push_back(prev);
      prev = chunk.drop_front(checkLen);
    } else {
      fileSourceMgr.PrintMessage(llvm::errs(),
                                 llvm::SMLoc::getFromPointer(chunk.data()),
                                 llvm::SourceMgr::DK_Warning,
                                 "near miss with file split marker");
      prev = llvm::StringRef(prev.data(), prev.size() + inputMarker.size() -
                                              checkLen + chunk.size());
    }
  }
  if (!prev.empty())
    chunks.push_back(prev);

  bool hadFailure = false;
  auto processOne = [&](llvm::StringRef chunk) {
    unsigned line =
        fileSourceMgr.getLineAndColumn(llvm::SMLoc::getFromPointer(chunk.data()))
            .first;
    std::string name = (llvm::Twine("within split at ") +
                        originalRef.getBufferIdentifier() + ":" +
                        llvm::Twine(line) + " offset ")
                           .str();
    auto chunkBuffer = llvm::MemoryBuffer::getMemBuffer(
        llvm::MemoryBufferRef(chunk, name), /*RequiresNullTerminator=*/false);
    if (failed(processChunk(std::move(chunkBuffer), originalRef, os)))
      hadFailure = true;
  };
  llvm::interleave(chunks, os, processOne, (outputMarker + "\n").str());
  return failure(hadFailure);
}

// The driver's flags, registered once in the process-wide option registry.
Flags &driverFlags() {
  static Flags *flags = [] {
    registerAsmPrinterCLOptions();
    registerMLIRContextCLOptions();
    registerDefaultTimingManagerCLOptions();
    return new Flags();
  }();
  return *flags;
}

int runDriver(const std::vector<std::string> &args, const std::string &version) {
  Flags *flags = &driverFlags();
  static std::string versionText;
  versionText = version;
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << versionText << "\n"; });

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerPtoDialect(registry);
  std::string dialectNames;
  {
    llvm::raw_string_ostream os(dialectNames);
    llvm::interleaveComma(registry.getDialectNames(), os);
  }

  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  // Errors and --help print and exit inside ParseCommandLineOptions, as in
  // every LLVM tool.
  std::string overview = args[0] + ": MLIR modular optimizer driver with the "
                         "skew-mlir passes\n\nAvailable Dialects: " +
                         dialectNames;
  if (!cl::ParseCommandLineOptions(argv.size(), argv.data(), overview))
    return 1;

  // The chunks are split at the marker less its last two characters (the
  // rest tells a near miss): a shorter marker would split at every byte.
  if (flags->splitInputFile.getNumOccurrences() &&
      !flags->splitInputFile.empty() && flags->splitInputFile.size() <= 2) {
    llvm::errs() << args[0] << ": for the --split-input-file option: the marker '"
                 << flags->splitInputFile
                 << "' must be longer than 2 characters\n";
    return 1;
  }

  if (flags->showDialects) {
    llvm::outs() << "Available Dialects: " << dialectNames << "\n";
    return 0;
  }
  if (flags->listPasses) {
    printRegisteredPasses();
    return 0;
  }
  // Bytecode has no split marker to merge chunks with.
  if (flags->emitBytecode && flags->splitInputFile.getNumOccurrences()) {
    llvm::errs() << args[0]
                 << ": --emit-bytecode cannot be combined with "
                    "--split-input-file\n";
    return 1;
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(flags->inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(flags->outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }

  // One thread pool for all chunks; a throwaway context tells whether
  // --mlir-disable-threading was given.
  MLIRContext threadPoolContext;
  llvm::ThreadPoolInterface *threadPool =
      threadPoolContext.isMultithreadingEnabled()
          ? &threadPoolContext.getThreadPool()
          : nullptr;

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();

  Driver driver{*flags, registry, threadPool, timing, nullptr};
  std::string inputMarker = flags->splitInputFile.getNumOccurrences()
                                ? (flags->splitInputFile.empty()
                                       ? std::string(kDefaultSplitMarker)
                                       : flags->splitInputFile.getValue())
                                : std::string();
  // The input stays owned here: the verifier handler reads it after every
  // chunk is done.
  llvm::SourceMgr inputSourceMgr;
  inputSourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  std::optional<SourceMgrDiagnosticVerifierHandler> verifyHandler;
  if (flags->verifyDiagnostics.getNumOccurrences())
    verifyHandler.emplace(inputSourceMgr, &threadPoolContext,
                          flags->verifyDiagnostics);
  driver.verifyHandler = verifyHandler ? &*verifyHandler : nullptr;
  LogicalResult result = splitAndProcess(
      llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
          llvm::MemoryBufferRef source, llvm::raw_ostream &os) {
        return driver.processBuffer(std::move(chunk), source, os);
      },
      output->os(), inputMarker, flags->outputSplitMarker);
  if (verifyHandler && failed(verifyHandler->verify()))
    result = failure();
  timing.stop();
  if (failed(result))
    return 1;
  output->keep();
  return 0;
}

constexpr unsigned kDriverStackBytes = 1u << 30;

} // namespace

std::vector<std::string> unknownFlags(const std::vector<std::string> &args) {
  (void)driverFlags();
  auto known = cl::getRegisteredOptions();
  std::vector<std::string> unknown;
  for (const std::string &arg : args) {
    llvm::StringRef flag(arg);
    if (!flag.starts_with("-") || flag == "-" || flag == "--")
      continue;
    llvm::StringRef name = flag.ltrim('-').split('=').first;
    if (!known.count(name))
      unknown.push_back(arg);
  }
  return unknown;
}

int optMain(const std::vector<std::string> &args, const std::string &version) {
  // The parser, verifier and printer recurse once per region nesting level
  // (about 3 KiB each): on the main thread's 8 MiB a 3,000-deep loop nest
  // overflowed the stack, as it does in upstream mlir-opt. The driver runs on
  // a thread whose stack is reserved at 1 GiB and committed only as used.
  int code = 1;
  llvm::thread driver(std::optional<unsigned>(kDriverStackBytes), [&] {
    code = runDriver(args, version);
  });
  driver.join();
  return code;
}

} // namespace skew

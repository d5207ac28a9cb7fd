//===- fifo_runtime.cpp - the JIT executor's cross-core FIFOs -------------===//

#include "fifo_runtime.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace skew::jit {
namespace {

// A ranked memref descriptor as MLIR's LLVM lowering lays it out.
struct Descriptor {
  uint8_t *allocated;
  uint8_t *aligned;
  int64_t offset;
  int64_t sizesAndStrides[]; // sizes[rank], then strides[rank]
};

std::string shapeText(const std::vector<int64_t> &shape,
                      const std::string &elem) {
  std::ostringstream os;
  for (int64_t d : shape)
    os << d << "x";
  os << elem;
  return os.str();
}

// Copies between a strided memref and a row-major buffer, element by
// element row (innermost dimension) at a time.
void copyStrided(Descriptor *desc, int64_t rank, int elemBytes, uint8_t *flat,
                 bool toFlat) {
  const int64_t *sizes = desc->sizesAndStrides;
  const int64_t *strides = desc->sizesAndStrides + rank;
  int64_t total = 1;
  for (int64_t d = 0; d < rank; ++d)
    total *= sizes[d];
  if (total == 0)
    return;
  uint8_t *base = desc->aligned + desc->offset * elemBytes;
  std::vector<int64_t> index(rank, 0);
  int64_t inner = rank ? sizes[rank - 1] : 1;
  int64_t innerStride = rank ? strides[rank - 1] : 1;
  for (int64_t done = 0; done < total; done += inner) {
    int64_t at = 0;
    for (int64_t d = 0; d + 1 < rank; ++d)
      at += index[d] * strides[d];
    uint8_t *row = base + at * elemBytes;
    uint8_t *out = flat + done * elemBytes;
    if (innerStride == 1) {
      if (toFlat)
        std::memcpy(out, row, inner * elemBytes);
      else
        std::memcpy(row, out, inner * elemBytes);
    } else {
      for (int64_t i = 0; i < inner; ++i) {
        uint8_t *element = row + i * innerStride * elemBytes;
        if (toFlat)
          std::memcpy(out + i * elemBytes, element, elemBytes);
        else
          std::memcpy(element, out + i * elemBytes, elemBytes);
      }
    }
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
}

// The axis a split halves: rows (1) or columns (2) of the last two dims.
int64_t splitAxis(size_t rank, int split) {
  return static_cast<int64_t>(rank) - (split == 1 ? 2 : 1);
}

// Row-major view of a tile as [outer, axis, inner bytes] around `axis`.
void around(const std::vector<int64_t> &shape, int64_t axis, int elemBytes,
            int64_t &outer, int64_t &inner) {
  outer = 1;
  inner = elemBytes;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
}

// Fills a row-major rows x cols tile outside its valid region with the
// bytes of never-written local memory (0xFF), as the interpreter's messages
// are: what lies there is undefined, and must not tell two runs apart.
void fillOutsideValid(std::vector<uint8_t> &data,
                      const std::vector<int64_t> &shape,
                      const std::vector<int64_t> &valid, int elemBytes) {
  int64_t rows = shape[0], cols = shape[1];
  for (int64_t r = 0; r < rows; ++r) {
    uint8_t *row = data.data() + r * cols * elemBytes;
    int64_t keep = r < valid[0] ? std::min(valid[1], cols) : 0;
    std::memset(row + keep * elemBytes, 0xFF, (cols - keep) * elemBytes);
  }
}

std::string rolesText(int roles) {
  if (roles == (CubeRole | VectorRole))
    return "cube and vector";
  return roles == CubeRole ? "cube" : "vector";
}

bool emptyValid(const std::vector<int64_t> &valid) {
  return valid[0] == 0 || valid[1] == 0;
}

struct PendingMessage {
  int split = -1;
  std::vector<std::vector<uint8_t>> parts;
  std::vector<std::vector<int64_t>> shapes;
  std::vector<std::vector<int64_t>> valids; // tile buffers only
  int pushed = 0;
  bool complete = false;
};

struct PipeState {
  PipeConfig config;
  std::vector<int64_t> pushed, popped, released;
  std::deque<PendingMessage> pending; // by index; complete ones keep split
  std::deque<Message> *trace = nullptr;

  int64_t complete() const {
    int64_t n = pushed[0];
    for (int64_t p : pushed)
      n = std::min(n, p);
    return n;
  }
  int64_t freed() const {
    int64_t n = released[0];
    for (int64_t r : released)
      n = std::min(n, r);
    return n;
  }
};

enum class CoreState { Running, Blocked, Done };

struct CoreRun {
  CoreConfig config;
  CoreState state = CoreState::Running;
  int blockedSite = -1;
  bool atBarrier = false; // arrived at a syncall the others have not all reached
  std::condition_variable wake;
};

thread_local CoreRun *currentCore = nullptr;

class ActiveRun {
public:
  ActiveRun(const std::vector<PipeConfig> &pipeConfigs,
            const std::vector<SiteConfig> &sites,
            const std::vector<CoreConfig> &cores, uint64_t maxBytes,
            uint64_t maxValueBytes)
      : sites(sites), maxBytes(maxBytes), maxValueBytes(maxValueBytes) {
    for (const PipeConfig &c : pipeConfigs) {
      PipeState p;
      p.config = c;
      p.pushed.assign(c.producers, 0);
      p.popped.assign(c.consumers, 0);
      p.released.assign(c.consumers, 0);
      pipes.push_back(std::move(p));
    }
    traces.resize(pipes.size());
    for (size_t i = 0; i < pipes.size(); ++i)
      pipes[i].trace = &traces[i];
    for (const CoreConfig &c : cores) {
      this->cores.push_back(std::make_unique<CoreRun>());
      this->cores.back()->config = c;
    }
  }

  // `valid`: a tile buffer's valid rows and columns (push) or where its
  // popped part's go (pop); null for a tensor or memref.
  void push(int64_t site, int64_t rank, Descriptor *desc,
            const int64_t *valid = nullptr);
  void pop(int64_t site, int64_t rank, Descriptor *desc,
           int64_t *valid = nullptr);
  void free(int64_t site);
  void stop(int64_t site);
  void sync(int64_t site);
  RunOutcome run();
  void *allocate(size_t alignment, size_t size);
  void deallocate(void *ptr);
  void releaseArena();

  std::vector<std::deque<Message>> traces;
  std::mutex arenaLock;
  std::unordered_map<void *, size_t> arena;
  uint64_t arenaBytes = 0;

private:
  int lane(const SiteConfig &site, const PipeState &pipe) const {
    // The cube is lane 0 of its side; a lone vector core is lane 0 too.
    int sideLanes = site.kind == Push ? pipe.config.producers
                                      : pipe.config.consumers;
    return sideLanes == 1 ? 0 : currentCore->config.lane;
  }
  bool canGo(const CoreRun &core) const;
  void block(std::unique_lock<std::mutex> &lock, int site);
  bool othersStuck(const CoreRun *except) const;
  void fail(int status, const std::string &message);
  [[noreturn]] void failAndPark(std::unique_lock<std::mutex> &lock, int status,
                                const std::string &message);
  void wakeAll() {
    for (auto &c : cores)
      if (c->state == CoreState::Blocked)
        c->wake.notify_one();
  }
  std::string deadlockReport() const;

  std::vector<SiteConfig> sites;
  std::vector<PipeState> pipes;
  std::vector<std::unique_ptr<CoreRun>> cores;
  uint64_t maxBytes;
  uint64_t maxValueBytes;
  uint64_t keptBytes = 0;

  std::mutex mu;
  std::condition_variable finished;
  int running = 0;
  int status = Ok;
  std::string failure;
};

bool ActiveRun::canGo(const CoreRun &core) const {
  const SiteConfig &site = sites[core.blockedSite];
  if (site.kind == Sync)
    return !core.atBarrier;
  const PipeState &pipe = pipes[site.pipe];
  int64_t l = site.kind == Push ? (pipe.config.producers == 1 ? 0 : core.config.lane)
                                : (pipe.config.consumers == 1 ? 0 : core.config.lane);
  if (site.kind == Push)
    return pipe.pushed[l] - pipe.freed() < pipe.config.slots;
  return pipe.popped[l] < pipe.complete();
}

bool ActiveRun::othersStuck(const CoreRun *except) const {
  bool anyBlocked = false;
  for (const auto &c : cores) {
    if (c.get() == except || c->state == CoreState::Done)
      continue;
    if (c->state == CoreState::Running || canGo(*c))
      return false;
    anyBlocked = true;
  }
  return except ? true : anyBlocked;
}

void ActiveRun::fail(int newStatus, const std::string &message) {
  if (status == Ok) {
    status = newStatus;
    failure = message;
  }
  wakeAll();
  finished.notify_all();
}

// After a failure a core never returns to its kernel: the run is over and
// its threads are left parked (the launcher's process ends).
void ActiveRun::failAndPark(std::unique_lock<std::mutex> &lock, int newStatus,
                            const std::string &message) {
  fail(newStatus, message);
  currentCore->state = CoreState::Blocked;
  for (;;)
    currentCore->wake.wait(lock);
}

// Waits until the current core's op at `site` may run. After a failure the
// core never returns to its kernel: the run is over and its threads are
// left parked (the launcher's process ends).
void ActiveRun::block(std::unique_lock<std::mutex> &lock, int site) {
  CoreRun &core = *currentCore;
  core.blockedSite = site;
  while (status == Ok && !canGo(core)) {
    core.state = CoreState::Blocked;
    if (othersStuck(&core)) {
      fail(Deadlocked, deadlockReport());
      break;
    }
    core.wake.wait(lock);
    core.state = CoreState::Running;
  }
  if (status != Ok)
    failAndPark(lock, status, failure);
  core.state = CoreState::Running;
}

std::string ActiveRun::deadlockReport() const {
  std::ostringstream os;
  os << "deadlock: " << (cores.size() == 2 ? "neither core" : "no core")
     << " can move";
  for (const auto &c : cores) {
    os << "\n  " << c->config.label << " @" << c->config.function << ": ";
    if (c->state == CoreState::Done) {
      os << "returned";
      continue;
    }
    const SiteConfig &site = sites[c->blockedSite];
    if (site.kind == Sync) {
      os << "waiting at " << site.where << " for the " << rolesText(site.joins)
         << " cores";
      continue;
    }
    const PipeState &pipe = pipes[site.pipe];
    os << "blocked at " << site.where << ": ";
    if (site.kind == Push)
      os << "push to " << pipe.config.name << ", all " << pipe.config.slots
         << " slots held";
    else
      os << "pop from " << pipe.config.name << ", pipe empty";
  }
  for (const PipeState &p : pipes) {
    int64_t popped = p.popped[0];
    for (int64_t n : p.popped)
      popped = std::min(popped, n);
    os << "\n  " << p.config.name << " (" << p.config.slots
       << " slots): " << p.complete() << " pushed, " << popped << " popped";
  }
  return os.str();
}

void ActiveRun::push(int64_t siteIndex, int64_t rank, Descriptor *desc,
                     const int64_t *validIn) {
  const SiteConfig &site = sites[siteIndex];
  std::vector<int64_t> shape(desc->sizesAndStrides,
                             desc->sizesAndStrides + rank);
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  std::vector<uint8_t> data(count * site.elemBytes);
  copyStrided(desc, rank, site.elemBytes, data.data(), /*toFlat=*/true);
  std::vector<int64_t> valid;
  if (validIn) {
    valid.assign(validIn, validIn + 2);
    fillOutsideValid(data, shape, valid, site.elemBytes);
  }

  std::unique_lock<std::mutex> lock(mu);
  PipeState &pipe = pipes[site.pipe];
  int l = lane(site, pipe);
  block(lock, siteIndex);
  int64_t index = pipe.pushed[l]++;
  int64_t base = static_cast<int64_t>(pipe.trace->size()) -
                 static_cast<int64_t>(pipe.pending.size());
  while (base + static_cast<int64_t>(pipe.pending.size()) <= index) {
    PendingMessage m;
    m.parts.resize(pipe.config.producers);
    m.shapes.resize(pipe.config.producers);
    m.valids.resize(pipe.config.producers);
    pipe.pending.push_back(std::move(m));
    pipe.trace->push_back(Message{static_cast<int>(siteIndex), {}, {}, {}});
  }
  PendingMessage &msg = pipe.pending[index - base];
  std::ostringstream err;
  if (msg.split >= 0 && msg.split != site.split) {
    err << site.where << ": pushes message #" << index << " of "
        << pipe.config.name << " with split " << site.split
        << ", another sub-block with split " << msg.split;
    failAndPark(lock, Failed, err.str());
  }
  msg.split = site.split;
  msg.parts[l] = std::move(data);
  msg.shapes[l] = shape;
  msg.valids[l] = valid;
  if (++msg.pushed == pipe.config.producers) {
    Message &whole = (*pipe.trace)[index];
    if (pipe.config.producers > 1 &&
        msg.valids[0].empty() != msg.valids[1].empty()) {
      err << site.where << ": the vector sub-blocks push message #" << index
          << " of " << pipe.config.name
          << " from a tile buffer and from a tensor or memref";
      failAndPark(lock, Failed, err.str());
    }
    whole.valid = msg.valids[0];
    if (pipe.config.producers == 1) {
      whole.shape = shape;
      whole.data = std::move(msg.parts[0]);
    } else if (site.split == 0) {
      // A tile-buffer part with an empty valid region carries nothing to
      // compare: the message is the other part (the interpreter's rule).
      bool tiles = !msg.valids[0].empty();
      bool empty0 = tiles && emptyValid(msg.valids[0]);
      bool empty1 = tiles && emptyValid(msg.valids[1]);
      int kept = empty0 && !empty1 ? 1 : 0;
      if (!empty0 && !empty1 &&
          (msg.shapes[0] != msg.shapes[1] || msg.parts[0] != msg.parts[1] ||
           msg.valids[0] != msg.valids[1])) {
        err << site.where << ": the vector sub-blocks push different tiles as "
            << "unsplit message #" << index << " of " << pipe.config.name
            << " (an unsplit message is one tile, pushed whole by each "
               "sub-block)";
        failAndPark(lock, Failed, err.str());
      }
      whole.shape = msg.shapes[kept];
      whole.valid = msg.valids[kept];
      whole.data = std::move(msg.parts[kept]);
    } else {
      if (shape.size() < 2) {
        err << site.where << ": split " << site.split
            << " needs a tile of rank >= 2";
        failAndPark(lock, Failed, err.str());
      }
      int64_t axis = splitAxis(shape.size(), site.split);
      if (msg.shapes[0] != msg.shapes[1]) {
        err << site.where << ": the vector sub-blocks push halves of different "
            << "shapes as message #" << index << " of " << pipe.config.name;
        failAndPark(lock, Failed, err.str());
      }
      whole.shape = shape;
      whole.shape[axis] *= 2;
      int64_t outer, inner;
      around(shape, axis, site.elemBytes, outer, inner);
      int64_t half = shape[axis] * inner;
      whole.data.resize(2 * outer * half);
      for (int64_t o = 0; o < outer; ++o)
        for (int k = 0; k < 2; ++k)
          std::memcpy(whole.data.data() + (2 * o + k) * half,
                      msg.parts[k].data() + o * half, half);
      if (!whole.valid.empty()) {
        // The tile's valid region: the first half's, extended by the
        // second's only when the first is wholly valid along the split.
        const std::vector<int64_t> &first = msg.valids[0], &second = msg.valids[1];
        int64_t other = 1 - axis;
        if (first[axis] < shape[axis] || emptyValid(second)) {
          whole.valid = first;
        } else if (emptyValid(first)) {
          whole.valid = {0, 0};
        } else if (first[other] != second[other]) {
          err << site.where << ": the vector sub-blocks push halves with valid "
              << "shapes " << first[0] << "x" << first[1] << " and " << second[0]
              << "x" << second[1] << ", which do not join into one valid region";
          failAndPark(lock, Failed, err.str());
        } else {
          whole.valid[axis] = shape[axis] + second[axis];
        }
        fillOutsideValid(whole.data, whole.shape, whole.valid, site.elemBytes);
      }
    }
    msg.parts.clear();
    msg.complete = true;
    keptBytes += whole.data.size();
    if (keptBytes > maxBytes) {
      err << site.where << ": the messages pushed so far need "
          << (keptBytes >> 20) << " MiB, over the limit of " << (maxBytes >> 20)
          << " MiB kept for the trace comparison (raise it with "
             "--max-pipe-mib)";
      failAndPark(lock, Failed, err.str());
    }
  }
  wakeAll();
}

void ActiveRun::pop(int64_t siteIndex, int64_t rank, Descriptor *desc,
                    int64_t *validOut) {
  const SiteConfig &site = sites[siteIndex];
  const Message *msg;
  std::vector<int64_t> part;
  int l;
  {
    std::unique_lock<std::mutex> lock(mu);
    PipeState &pipe = pipes[site.pipe];
    l = lane(site, pipe);
    block(lock, siteIndex);
    int64_t index = pipe.popped[l];
    int64_t base = static_cast<int64_t>(pipe.trace->size()) -
                   static_cast<int64_t>(pipe.pending.size());
    int split = pipe.pending[index - base].split;
    msg = &(*pipe.trace)[index];
    std::ostringstream err;
    if (split != site.split) {
      err << site.where << ": pops message #" << index << " of "
          << pipe.config.name << " with split " << site.split
          << ", but it was pushed with split " << split;
      failAndPark(lock, Failed, err.str());
    }
    if (msg->valid.empty() == (validOut != nullptr)) {
      err << site.where << ": pops a "
          << (validOut ? "tile buffer" : "tensor or memref") << " from message #"
          << index << " of " << pipe.config.name << ", which was pushed from a "
          << (validOut ? "tensor or memref" : "tile buffer");
      failAndPark(lock, Failed, err.str());
    }
    part = msg->shape;
    bool halved = pipe.config.consumers > 1 && split != 0;
    if (halved) {
      int64_t axis = splitAxis(part.size(), split);
      if (part.size() < 2 || part[axis] % 2) {
        err << site.where << ": split " << split << " halves a "
            << shapeText(part, site.elem) << " tile along an odd or missing "
            << "dimension";
        failAndPark(lock, Failed, err.str());
      }
      part[axis] /= 2;
    }
    if (validOut) {
      validOut[0] = msg->valid[0];
      validOut[1] = msg->valid[1];
      if (halved) {
        // This sub-block's part of the valid region.
        int64_t axis = splitAxis(part.size(), split);
        validOut[axis] = std::min(std::max<int64_t>(msg->valid[axis] - l * part[axis], 0),
                                  part[axis]);
        if (validOut[0] == 0 || validOut[1] == 0)
          validOut[axis] = 0;
      }
    }
    std::vector<int64_t> wanted(desc->sizesAndStrides,
                                desc->sizesAndStrides + rank);
    if (wanted != part) {
      err << site.where << ": pops a " << shapeText(part, site.elem)
          << " tile of " << pipe.config.name << " as "
          << shapeText(wanted, site.elem)
          << (split == 0 ? " (split 0: the tile is delivered whole)"
                         : " (split: each vector sub-block pops its half of "
                           "the pushed tile)");
      failAndPark(lock, Failed, err.str());
    }
    ++pipe.popped[l];
    if (!pipe.config.frees)
      ++pipe.released[l];
    // Messages every consumer lane popped need no pending state any more.
    while (!pipe.pending.empty() && pipe.pending.front().complete &&
           base < [&] {
             int64_t n = pipe.popped[0];
             for (int64_t p : pipe.popped)
               n = std::min(n, p);
             return n;
           }()) {
      pipe.pending.pop_front();
      ++base;
    }
    wakeAll();
  }
  // The message is complete and never changes again: copy it unlocked.
  if (part == msg->shape) {
    copyStrided(desc, rank, site.elemBytes,
                const_cast<uint8_t *>(msg->data.data()), /*toFlat=*/false);
    return;
  }
  int64_t axis = splitAxis(part.size(), site.split);
  int64_t outer, inner;
  around(part, axis, site.elemBytes, outer, inner);
  int64_t half = part[axis] * inner;
  std::vector<uint8_t> mine(outer * half);
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(mine.data() + o * half, msg->data.data() + (2 * o + l) * half,
                half);
  copyStrided(desc, rank, site.elemBytes, mine.data(), /*toFlat=*/false);
}

void ActiveRun::free(int64_t siteIndex) {
  const SiteConfig &site = sites[siteIndex];
  std::unique_lock<std::mutex> lock(mu);
  PipeState &pipe = pipes[site.pipe];
  int l = lane(site, pipe);
  if (pipe.released[l] >= pipe.popped[l]) {
    failAndPark(lock, Failed,
                site.where + ": tfree on " + pipe.config.name +
                    " without a popped, unreleased message to free");
  }
  ++pipe.released[l];
  wakeAll();
}

void ActiveRun::stop(int64_t siteIndex) {
  std::unique_lock<std::mutex> lock(mu);
  failAndPark(lock, Failed, sites[siteIndex].where);
}

// A syncall passes once every core it joins waits at one (as the
// interpreter's barrier): the last to arrive lets them all go.
void ActiveRun::sync(int64_t siteIndex) {
  const SiteConfig &site = sites[siteIndex];
  std::unique_lock<std::mutex> lock(mu);
  CoreRun &core = *currentCore;
  if (!(site.joins & core.config.role))
    failAndPark(lock, Failed,
                site.where + ": a syncall that joins only the " +
                    rolesText(site.joins) + " cores, run by the " +
                    rolesText(core.config.role) + " kernel @" +
                    core.config.function);
  core.atBarrier = true;
  bool all = true;
  for (const auto &c : cores)
    all = all && (!(c->config.role & site.joins) || c->atBarrier);
  if (all) {
    for (auto &c : cores)
      if (c->config.role & site.joins)
        c->atBarrier = false;
    wakeAll();
    return;
  }
  block(lock, static_cast<int>(siteIndex));
}

ActiveRun *active = nullptr;
bool leftThreads = false;

RunOutcome ActiveRun::run() {
  std::vector<std::thread> threads;
  {
    std::unique_lock<std::mutex> lock(mu);
    running = static_cast<int>(cores.size());
  }
  for (auto &core : cores) {
    CoreRun *c = core.get();
    threads.emplace_back([this, c] {
      currentCore = c;
      auto entry = reinterpret_cast<void (*)(void **)>(c->config.entry);
      entry(reinterpret_cast<void **>(c->config.args));
      std::unique_lock<std::mutex> lock(mu);
      c->state = CoreState::Done;
      --running;
      // The last running core may leave the others blocked for good.
      if (status == Ok && othersStuck(nullptr))
        fail(Deadlocked, deadlockReport());
      finished.notify_all();
    });
  }
  std::unique_lock<std::mutex> lock(mu);
  finished.wait(lock, [this] { return running == 0 || status != Ok; });
  if (status != Ok) {
    lock.unlock();
    for (std::thread &t : threads)
      t.detach();
    leftThreads = true;
    return {status, failure};
  }
  lock.unlock();
  for (std::thread &t : threads)
    t.join();
  for (const PipeState &p : pipes) {
    int64_t popped = p.popped[0];
    for (int64_t n : p.popped)
      popped = std::min(popped, n);
    if (popped < static_cast<int64_t>(p.trace->size())) {
      std::ostringstream os;
      os << "pipe " << p.config.name << ": "
         << p.trace->size() - popped
         << " message(s) pushed but never popped when the kernels returned";
      return {Failed, os.str()};
    }
  }
  return {Ok, ""};
}

void *ActiveRun::allocate(size_t alignment, size_t size) {
  void *ptr = nullptr;
  if (size > maxValueBytes ||
      posix_memalign(&ptr, std::max(alignment, sizeof(void *)), size ? size : 1)) {
    std::ostringstream err;
    err << currentCore->config.label << " @" << currentCore->config.function
        << ": allocates " << size << " bytes"
        << (size > maxValueBytes ? ", more than the limit per value of "
                                 : ", out of memory under the limit per value of ")
        << maxValueBytes << " bytes (--max-value-mib)";
    std::unique_lock<std::mutex> lock(mu);
    failAndPark(lock, Failed, err.str());
  }
  std::lock_guard<std::mutex> guard(arenaLock);
  arena[ptr] = size;
  arenaBytes += size;
  return ptr;
}

void ActiveRun::deallocate(void *ptr) {
  {
    std::lock_guard<std::mutex> guard(arenaLock);
    auto found = arena.find(ptr);
    if (found == arena.end())
      return;
    arenaBytes -= found->second;
    arena.erase(found);
  }
  std::free(ptr);
}

void ActiveRun::releaseArena() {
  std::lock_guard<std::mutex> guard(arenaLock);
  for (auto &entry : arena)
    std::free(entry.first);
  arena.clear();
  arenaBytes = 0;
}

// --- the functions compiled kernels call --------------------------------

extern "C" {
void ptoJitPush(int64_t site, int64_t rank, void *desc) {
  active->push(site, rank, static_cast<Descriptor *>(desc));
}
void ptoJitPop(int64_t site, int64_t rank, void *desc) {
  active->pop(site, rank, static_cast<Descriptor *>(desc));
}
void ptoJitPushTile(int64_t site, int64_t rank, void *desc, int64_t rows,
                    int64_t cols) {
  const int64_t valid[2] = {rows, cols};
  active->push(site, rank, static_cast<Descriptor *>(desc), valid);
}
// `cell`: a memref<2xindex> descriptor (its rank, 1, is passed too).
void ptoJitPopTile(int64_t site, int64_t rank, void *desc, int64_t,
                   void *cell) {
  auto *valid = static_cast<Descriptor *>(cell);
  active->pop(site, rank, static_cast<Descriptor *>(desc),
              reinterpret_cast<int64_t *>(valid->aligned) + valid->offset);
}
void ptoJitFree(int64_t site) { active->free(site); }
void ptoJitStop(int64_t site) { active->stop(site); }
void ptoJitSync(int64_t site) { active->sync(site); }
int64_t ptoJitSubblock() { return currentCore->config.lane; }
void *ptoJitAlloc(uint64_t size) { return active->allocate(16, size); }
void *ptoJitAlignedAlloc(uint64_t alignment, uint64_t size) {
  return active->allocate(alignment, size);
}
void ptoJitFreeMemory(void *ptr) { active->deallocate(ptr); }
}

} // namespace

RunOutcome runPair(const std::vector<PipeConfig> &pipes,
                   const std::vector<SiteConfig> &sites,
                   const std::vector<CoreConfig> &cores, uint64_t maxBytes,
                   uint64_t maxValueBytes,
                   std::vector<std::vector<Message>> &traces) {
  if (leftThreads)
    return {Failed, "a failed JIT run left its threads in this process; "
                    "start a new one"};
  // A failed run's parked threads still use it: it is never freed then.
  auto *run = new ActiveRun(pipes, sites, cores, maxBytes, maxValueBytes);
  active = run;
  RunOutcome outcome = run->run();
  if (leftThreads)
    return outcome;
  run->releaseArena();
  traces.clear();
  for (std::deque<Message> &trace : run->traces)
    traces.emplace_back(std::make_move_iterator(trace.begin()),
                        std::make_move_iterator(trace.end()));
  active = nullptr;
  delete run;
  return outcome;
}

std::map<std::string, uintptr_t> runtimeSymbols() {
  return {{"push", reinterpret_cast<uintptr_t>(&ptoJitPush)},
          {"pop", reinterpret_cast<uintptr_t>(&ptoJitPop)},
          {"push_tile", reinterpret_cast<uintptr_t>(&ptoJitPushTile)},
          {"pop_tile", reinterpret_cast<uintptr_t>(&ptoJitPopTile)},
          {"free", reinterpret_cast<uintptr_t>(&ptoJitFree)},
          {"stop", reinterpret_cast<uintptr_t>(&ptoJitStop)},
          {"sync", reinterpret_cast<uintptr_t>(&ptoJitSync)},
          {"subblock", reinterpret_cast<uintptr_t>(&ptoJitSubblock)},
          {"_mlir_memref_to_llvm_alloc", reinterpret_cast<uintptr_t>(&ptoJitAlloc)},
          {"_mlir_memref_to_llvm_aligned_alloc",
           reinterpret_cast<uintptr_t>(&ptoJitAlignedAlloc)},
          {"_mlir_memref_to_llvm_free",
           reinterpret_cast<uintptr_t>(&ptoJitFreeMemory)}};
}

bool abandoned() { return leftThreads; }

} // namespace skew::jit

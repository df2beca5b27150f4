#include "send_threads.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cstring>
#include <utility>

namespace srtp_native {

SendThreads::SendThreads(size_t threads) {
  for (size_t i = 0; i < threads; i++) lanes_.push_back(std::make_unique<Lane>());
  for (size_t i = 0; i < threads; i++) {
    Lane& lane = *lanes_[i];
    lane.thread = std::thread([this, &lane] { Run(lane); });
    // Named here rather than by the thread itself, so that the names are there when the constructor returns.
    const std::string name = "mc-send-" + std::to_string(i);
    pthread_setname_np(lane.thread.native_handle(), name.substr(0, 15).c_str());
  }
}

SendThreads::~SendThreads() { Close(); }

void SendThreads::Run(Lane& lane) {
  std::deque<Job> jobs;
  std::unique_lock<std::mutex> lock(lane.mutex);
  for (;;) {
    lane.wake.wait(lock, [&lane] { return lane.stop || !lane.jobs.empty(); });
    if (lane.jobs.empty()) return;  // stopped, and nothing left to do
    jobs.swap(lane.jobs);
    lane.queued_batches = 0;
    lane.busy = true;
    lock.unlock();
    for (Job& job : jobs) Apply(lane, job);
    jobs.clear();
    const Counts& c = lane.sender.counts();
    lane.sent.store(c.sent, std::memory_order_relaxed);
    lane.bytes.store(c.bytes, std::memory_order_relaxed);
    lane.errors.store(c.errors, std::memory_order_relaxed);
    lane.dropped.store(c.dropped, std::memory_order_relaxed);
    lane.taken.store(lane.batches, std::memory_order_relaxed);
    lock.lock();
    lane.busy = false;
    lane.idle.notify_all();
  }
}

void SendThreads::Apply(Lane& lane, Job& job) {
  switch (job.kind) {
    case Job::Kind::kSend:
      lane.batches++;
      lane.sender.Send(job.records.data(), job.records.size(), job.batch->payloads);
      break;
    case Job::Kind::kAddSocket:
      lane.sender.AddSocket(job.id, job.fd);
      close(job.fd);
      break;
    case Job::Kind::kDropSocket:
      lane.sender.DropSocket(job.id);
      break;
    case Job::Kind::kInstallSlot:
      lane.sender.InstallSlot(job.id, std::move(job.slot));
      break;
    case Job::Kind::kReleaseSlot:
      lane.sender.ReleaseSlot(job.id);
      break;
  }
}

void SendThreads::Push(Lane& lane, Job&& job) {
  {
    std::lock_guard<std::mutex> guard(lane.mutex);
    lane.jobs.push_back(std::move(job));
  }
  lane.wake.notify_one();
}

bool SendThreads::AddSocket(uint32_t id, int fd) {
  if (closed_ || lanes_.empty()) return false;
  const int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0) return false;
  DropSocket(id);
  size_t least = 0;
  for (size_t i = 1; i < lanes_.size(); i++)
    if (lanes_[i]->sockets < lanes_[least]->sockets) least = i;
  lanes_[least]->sockets++;
  sockets_[id] = {least, Sender::SocketFamily(own)};
  Job job{Job::Kind::kAddSocket};
  job.id = id;
  job.fd = own;
  Push(*lanes_[least], std::move(job));
  return true;
}

void SendThreads::DropSocket(uint32_t id) {
  auto it = sockets_.find(id);
  if (it == sockets_.end()) return;
  Lane& lane = *lanes_[it->second.lane];
  lane.sockets--;
  sockets_.erase(it);
  Job job{Job::Kind::kDropSocket};
  job.id = id;
  Push(lane, std::move(job));
}

std::string SendThreads::SetSlot(uint32_t id, const SlotConfig& config) {
  ReleaseSlot(id);
  if (closed_) return "closed";
  auto socket = sockets_.find(config.socket_id);
  if (socket == sockets_.end()) return "unknown socket";
  Job job{Job::Kind::kInstallSlot};
  job.id = id;
  std::string refused = Sender::MakeSlot(config, socket->second.family, &job.slot);
  if (!refused.empty()) return refused;
  slots_[id] = socket->second.lane;
  Push(*lanes_[socket->second.lane], std::move(job));
  return "";
}

void SendThreads::ReleaseSlot(uint32_t id) {
  auto it = slots_.find(id);
  if (it == slots_.end()) return;
  Job job{Job::Kind::kReleaseSlot};
  job.id = id;
  Push(*lanes_[it->second], std::move(job));
  slots_.erase(it);
}

uint32_t SendThreads::Send(const uint32_t* records, size_t words, const std::vector<Payload>& payloads) {
  if (closed_) return 0;
  for (size_t i = 0; i + kWords <= words; i += kWords) {
    auto slot = slots_.find(records[i]);
    if (slot == slots_.end()) {
      errors_++;
      continue;
    }
    auto& share = lanes_[slot->second]->share;
    share.insert(share.end(), records + i, records + i + kWords);
  }
  auto batch = std::make_shared<Batch>();
  size_t total = 0;
  for (const Payload& p : payloads) total += p.length;
  batch->bytes.resize(total);
  batch->payloads.reserve(payloads.size());
  size_t offset = 0;
  for (const Payload& p : payloads) {
    if (p.length > 0) std::memcpy(batch->bytes.data() + offset, p.data, p.length);
    batch->payloads.push_back({batch->bytes.data() + offset, p.length});
    offset += p.length;
  }
  uint32_t queued = 0;
  for (auto& lane : lanes_) {
    if (lane->share.empty()) continue;
    const size_t count = lane->share.size() / kWords;
    bool accepted = false;
    {
      std::lock_guard<std::mutex> guard(lane->mutex);
      if (lane->queued_batches < kMaxQueuedBatches) {
        Job job{Job::Kind::kSend};
        job.records.swap(lane->share);
        job.batch = batch;
        lane->jobs.push_back(std::move(job));
        lane->queued_batches++;
        accepted = true;
      }
    }
    if (accepted) {
      lane->wake.notify_one();
      queued += static_cast<uint32_t>(count);
    } else {
      dropped_ += count;
    }
    lane->share.clear();
  }
  return queued;
}

Counts SendThreads::counts() const {
  Counts c;
  c.errors = errors_;
  c.dropped = dropped_;
  for (const ThreadCounts& t : PerThread()) {
    c.sent += t.sent;
    c.bytes += t.bytes;
    c.errors += t.errors;
    c.dropped += t.dropped;
  }
  return c;
}

std::vector<ThreadCounts> SendThreads::PerThread() const {
  std::vector<ThreadCounts> out;
  for (const auto& lane : lanes_) {
    ThreadCounts t;
    t.sent = lane->sent.load(std::memory_order_relaxed);
    t.bytes = lane->bytes.load(std::memory_order_relaxed);
    t.errors = lane->errors.load(std::memory_order_relaxed);
    t.dropped = lane->dropped.load(std::memory_order_relaxed);
    t.batches = lane->taken.load(std::memory_order_relaxed);
    out.push_back(t);
  }
  return out;
}

void SendThreads::Drain() {
  for (auto& lane : lanes_) {
    std::unique_lock<std::mutex> lock(lane->mutex);
    lane->idle.wait(lock, [&lane] { return lane->jobs.empty() && !lane->busy; });
  }
}

void SendThreads::Close() {
  if (closed_) return;
  closed_ = true;
  for (auto& lane : lanes_) {
    {
      std::lock_guard<std::mutex> guard(lane->mutex);
      lane->stop = true;
    }
    lane->wake.notify_one();
  }
  for (auto& lane : lanes_) {
    if (lane->thread.joinable()) lane->thread.join();
    lane->sender.Close();
  }
  sockets_.clear();
  slots_.clear();
}

}  // namespace srtp_native

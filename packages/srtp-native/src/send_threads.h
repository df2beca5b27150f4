// The media server's send workers as threads of its own process (decision 018, addendum of session 16): each
// thread owns a Sender (srtp_sender.h) — its subscribers' sockets and cipher contexts — and encrypts and sends
// the batches the JavaScript thread hands it. A hand-over is a copy of the batch's payloads (once per batch, not
// per subscriber) and a queue push; no message is serialized and no event loop wakes up for it. No Node-API
// here (addon.cc is the glue).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "srtp_sender.h"

namespace srtp_native {

/** One send thread's running totals, and the hand-overs it took (`batches`: each one wake-up at most). */
struct ThreadCounts : Counts {
  uint64_t batches = 0;
};

class SendThreads {
 public:
  /** Starts `threads` send threads, named mc-send-0, mc-send-1, … (what /proc/<pid>/task/<tid>/comm shows). */
  explicit SendThreads(size_t threads);
  ~SendThreads();
  SendThreads(const SendThreads&) = delete;
  SendThreads& operator=(const SendThreads&) = delete;

  /**
   * Keeps a duplicate of `fd` under `id` on the thread with the fewest sockets; every slot of that socket is
   * sent from that thread. False if the descriptor could not be duplicated.
   */
  bool AddSocket(uint32_t id, int fd);
  void DropSocket(uint32_t id);
  /** As Sender::SetSlot, checked and keyed on the calling thread; the slot joins its socket's thread. */
  std::string SetSlot(uint32_t slot, const SlotConfig& config);
  void ReleaseSlot(uint32_t slot);
  /**
   * Copies the payloads once and queues each thread its share of the records; returns how many records were
   * queued. A thread that already has kMaxQueuedBatches waiting gets none: its records count as dropped.
   */
  uint32_t Send(const uint32_t* records, size_t words, const std::vector<Payload>& payloads);
  /** Every thread's totals added up, with what was refused before reaching a thread. */
  Counts counts() const;
  std::vector<ThreadCounts> PerThread() const;
  /** Returns once every thread has done everything queued before the call. */
  void Drain();
  /** Does what is queued, stops the threads, frees every context and closes every descriptor. */
  void Close();

  /** Batches a thread may have waiting before it is counted as behind and new ones for it are dropped. */
  static constexpr size_t kMaxQueuedBatches = 256;

 private:
  /** A batch's payloads, copied once and shared by the threads that send them. */
  struct Batch {
    std::vector<uint8_t> bytes;
    std::vector<Payload> payloads;
  };
  struct Job {
    enum class Kind { kSend, kAddSocket, kDropSocket, kInstallSlot, kReleaseSlot } kind;
    uint32_t id = 0;
    int fd = -1;
    Sender::Slot slot;
    std::vector<uint32_t> records;
    std::shared_ptr<const Batch> batch;
  };
  struct Lane {
    std::thread thread;
    std::mutex mutex;
    std::condition_variable wake;
    std::condition_variable idle;
    std::deque<Job> jobs;
    size_t queued_batches = 0;
    bool busy = false;
    bool stop = false;
    /** Touched by this lane's thread only. */
    Sender sender;
    uint64_t batches = 0;
    /** The thread's totals as of its last finished turn. */
    std::atomic<uint64_t> sent{0}, bytes{0}, errors{0}, dropped{0}, taken{0};
    /** Sockets placed here (the calling thread's bookkeeping). */
    size_t sockets = 0;
    /** Records this call of Send gives this lane (scratch, calling thread). */
    std::vector<uint32_t> share;
  };
  struct SocketPlace {
    size_t lane;
    int family;
  };

  void Run(Lane& lane);
  void Apply(Lane& lane, Job& job);
  void Push(Lane& lane, Job&& job);

  std::vector<std::unique_ptr<Lane>> lanes_;
  std::unordered_map<uint32_t, SocketPlace> sockets_;
  std::unordered_map<uint32_t, size_t> slots_;
  /** Records that named no known slot, and records dropped because their thread was behind. */
  uint64_t errors_ = 0;
  uint64_t dropped_ = 0;
  bool closed_ = false;
};

}  // namespace srtp_native

// One process's SRTP AEAD_AES_128_GCM (RFC 7714) sender: per slot (one subscriber's stream) an OpenSSL cipher
// context keyed once, per packet only the IV set again; a batch of packets is encrypted into one reused arena
// and sent with sendmmsg on each subscriber's own UDP socket. No Node-API here (addon.cc is the glue).
#pragma once

#include <openssl/evp.h>
#include <sys/socket.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace srtp_native {

/** Words per packet record (the send pool's format): slot, seq | marker << 16, timestamp, rollover counter,
 *  payload index, abs-send-time. */
constexpr size_t kWords = 6;
constexpr size_t kTagBytes = 16;

struct Payload {
  const uint8_t* data;
  size_t length;
};

struct Counts {
  uint64_t sent = 0;
  uint64_t bytes = 0;
  /** Records that named no slot, socket or payload, cipher failures, and sends refused for another reason. */
  uint64_t errors = 0;
  /** Datagrams the kernel would not take without blocking (EAGAIN, ENOBUFS): dropped, never waited for. */
  uint64_t dropped = 0;
};

/** What a slot needs, as the send pool's `slot` message carries it. */
struct SlotConfig {
  uint32_t socket_id;
  std::string host;
  uint16_t port;
  const uint8_t* key;   // 16 bytes
  const uint8_t* salt;  // its first 12 bytes (werift keeps 14)
  uint32_t ssrc;
  const uint8_t* header;
  size_t header_length;
  int32_t abs_offset;  // offset of the 3 abs-send-time bytes in the header, or -1
};

class Sender {
 public:
  Sender() = default;
  ~Sender();
  Sender(const Sender&) = delete;
  Sender& operator=(const Sender&) = delete;

  /** Keeps its own duplicate of `fd` (the caller's socket may close at any time); false if dup fails. */
  bool AddSocket(uint32_t id, int fd);
  void DropSocket(uint32_t id);
  /** Empty string on success, else why the slot was refused (the slot is then absent). */
  std::string SetSlot(uint32_t slot, const SlotConfig& config);

  /** One slot's send state; owns its cipher context once installed (InstallSlot). */
  struct Slot {
    EVP_CIPHER_CTX* cipher = nullptr;
    uint32_t socket_id = 0;
    sockaddr_storage address{};
    socklen_t address_length = 0;
    uint8_t salt[12]{};
    uint32_t ssrc = 0;
    std::vector<uint8_t> header;
    int32_t abs_offset = -1;
    uint8_t iv[12]{};
    int64_t iv_roc = -1;
  };
  /**
   * The slot `config` describes, its key scheduled, for a socket of address family `family` (AF_INET when not
   * known yet); empty string on success, else why not (and `out` holds no cipher context).
   */
  static std::string MakeSlot(const SlotConfig& config, int family, Slot* out);
  /** Takes `slot` (and its cipher context) as slot `id`, in place of any slot of that id. */
  void InstallSlot(uint32_t id, Slot&& slot);
  /** The address family of a socket descriptor (AF_UNSPEC if it cannot be read). */
  static int SocketFamily(int fd);
  void ReleaseSlot(uint32_t slot);
  /** Encrypts and sends `words / kWords` records; returns how many datagrams the kernel took. */
  uint32_t Send(const uint32_t* records, size_t words, const std::vector<Payload>& payloads);
  const Counts& counts() const { return counts_; }
  void Close();

 private:
  /** One datagram of the batch being sent: where it sits in the arena and which socket it leaves from. */
  struct Pending {
    int fd;
    size_t offset;
    size_t length;
    const sockaddr_storage* address;
    socklen_t address_length;
  };

  bool Seal(Slot& slot, const uint32_t* record, const Payload& payload, uint8_t* out);
  void SendRun(int fd, size_t first, size_t count);

  std::unordered_map<uint32_t, int> sockets_;
  std::unordered_map<uint32_t, Slot> slots_;
  std::vector<uint8_t> arena_;
  std::vector<Pending> pending_;
  std::vector<size_t> order_;
  std::vector<struct mmsghdr> messages_;
  std::vector<struct iovec> iovecs_;
  Counts counts_;
};

}  // namespace srtp_native

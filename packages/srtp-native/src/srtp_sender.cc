#include "srtp_sender.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace srtp_native {

namespace {

/** sendmmsg takes at most UIO_MAXIOV (1024) messages per call. */
constexpr size_t kMaxMessagesPerCall = 1024;

/** The destination as the socket's family needs it (an IPv4 peer of an IPv6 socket as ::ffff:a.b.c.d). */
bool ParseAddress(const std::string& host, uint16_t port, int family, sockaddr_storage* out, socklen_t* length) {
  std::memset(out, 0, sizeof(*out));
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    if (family == AF_INET) {
      auto* a = reinterpret_cast<sockaddr_in*>(out);
      a->sin_family = AF_INET;
      a->sin_port = htons(port);
      a->sin_addr = v4;
      *length = sizeof(sockaddr_in);
      return true;
    }
    if (family != AF_INET6) return false;
    auto* a = reinterpret_cast<sockaddr_in6*>(out);
    a->sin6_family = AF_INET6;
    a->sin6_port = htons(port);
    a->sin6_addr.s6_addr[10] = 0xff;
    a->sin6_addr.s6_addr[11] = 0xff;
    std::memcpy(&a->sin6_addr.s6_addr[12], &v4, 4);
    *length = sizeof(sockaddr_in6);
    return true;
  }
  if (family != AF_INET6) return false;
  // A link-local address may carry its zone ("fe80::1%eth0").
  const size_t zone = host.find('%');
  auto* a = reinterpret_cast<sockaddr_in6*>(out);
  if (inet_pton(AF_INET6, host.substr(0, zone).c_str(), &a->sin6_addr) != 1) return false;
  a->sin6_family = AF_INET6;
  a->sin6_port = htons(port);
  if (zone != std::string::npos) a->sin6_scope_id = if_nametoindex(host.substr(zone + 1).c_str());
  *length = sizeof(sockaddr_in6);
  return true;
}

}  // namespace

int Sender::SocketFamily(int fd) {
  int family = 0;
  socklen_t length = sizeof(family);
  if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &family, &length) != 0) return AF_UNSPEC;
  return family;
}

Sender::~Sender() { Close(); }

void Sender::Close() {
  for (auto& [id, slot] : slots_) EVP_CIPHER_CTX_free(slot.cipher);
  slots_.clear();
  for (auto& [id, fd] : sockets_) close(fd);
  sockets_.clear();
}

bool Sender::AddSocket(uint32_t id, int fd) {
  const int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0) return false;
  DropSocket(id);
  sockets_[id] = own;
  return true;
}

void Sender::DropSocket(uint32_t id) {
  auto it = sockets_.find(id);
  if (it == sockets_.end()) return;
  close(it->second);
  sockets_.erase(it);
}

std::string Sender::SetSlot(uint32_t id, const SlotConfig& config) {
  ReleaseSlot(id);
  // The socket may arrive after its slot: an IPv4 socket is assumed until then.
  auto socket = sockets_.find(config.socket_id);
  Slot slot;
  std::string refused = MakeSlot(config, socket == sockets_.end() ? AF_INET : SocketFamily(socket->second), &slot);
  if (refused.empty()) InstallSlot(id, std::move(slot));
  return refused;
}

std::string Sender::MakeSlot(const SlotConfig& config, int family, Slot* out) {
  if (config.abs_offset >= 0 && static_cast<size_t>(config.abs_offset) + 3 > config.header_length)
    return "abs-send-time offset outside the header";
  if (config.header_length < 12) return "header shorter than 12 bytes";
  Slot& slot = *out;
  slot.socket_id = config.socket_id;
  if (!ParseAddress(config.host, config.port, family, &slot.address, &slot.address_length) &&
      !ParseAddress(config.host, config.port, AF_INET6, &slot.address, &slot.address_length))
    return "not an IP address: " + config.host;
  std::memcpy(slot.salt, config.salt, 12);
  slot.ssrc = config.ssrc;
  slot.header.assign(config.header, config.header + config.header_length);
  slot.abs_offset = config.abs_offset;
  slot.cipher = EVP_CIPHER_CTX_new();
  // The key schedule is computed here, once; each packet only sets its IV (Seal).
  if (!slot.cipher || EVP_EncryptInit_ex(slot.cipher, EVP_aes_128_gcm(), nullptr, config.key, nullptr) != 1) {
    EVP_CIPHER_CTX_free(slot.cipher);
    slot.cipher = nullptr;
    return "OpenSSL refused the AES-128-GCM key";
  }
  return "";
}

void Sender::InstallSlot(uint32_t id, Slot&& slot) {
  ReleaseSlot(id);
  slots_.emplace(id, std::move(slot));
  slot.cipher = nullptr;
}

void Sender::ReleaseSlot(uint32_t id) {
  auto it = slots_.find(id);
  if (it == slots_.end()) return;
  EVP_CIPHER_CTX_free(it->second.cipher);
  slots_.erase(it);
}

/**
 * Writes [header | ciphertext | tag] at `out`: the slot's header with this packet's marker, sequence number,
 * timestamp and abs-send-time patched, then the payload encrypted with that header as additional data.
 * IV = salt XOR (00 00 | SSRC | ROC | SEQ); its first ten bytes change only with the rollover counter.
 */
bool Sender::Seal(Slot& slot, const uint32_t* r, const Payload& payload, uint8_t* out) {
  const size_t hlen = slot.header.size();
  std::memcpy(out, slot.header.data(), hlen);
  const uint32_t seq_marker = r[1];
  const uint32_t seq = seq_marker & 0xffff;
  const uint32_t ts = r[2];
  const uint32_t roc = r[3];
  if (seq_marker & 0x10000) out[1] |= 0x80;
  out[2] = seq >> 8;
  out[3] = seq & 0xff;
  out[4] = ts >> 24;
  out[5] = (ts >> 16) & 0xff;
  out[6] = (ts >> 8) & 0xff;
  out[7] = ts & 0xff;
  if (slot.abs_offset >= 0) {
    const uint32_t abs = r[5];
    out[slot.abs_offset] = (abs >> 16) & 0xff;
    out[slot.abs_offset + 1] = (abs >> 8) & 0xff;
    out[slot.abs_offset + 2] = abs & 0xff;
  }
  if (slot.iv_roc != static_cast<int64_t>(roc)) {
    const uint8_t base[12] = {0,
                              0,
                              static_cast<uint8_t>(slot.ssrc >> 24),
                              static_cast<uint8_t>(slot.ssrc >> 16),
                              static_cast<uint8_t>(slot.ssrc >> 8),
                              static_cast<uint8_t>(slot.ssrc),
                              static_cast<uint8_t>(roc >> 24),
                              static_cast<uint8_t>(roc >> 16),
                              static_cast<uint8_t>(roc >> 8),
                              static_cast<uint8_t>(roc),
                              0,
                              0};
    for (int k = 0; k < 12; k++) slot.iv[k] = base[k] ^ slot.salt[k];
    slot.iv_roc = roc;
  }
  slot.iv[10] = slot.salt[10] ^ (seq >> 8);
  slot.iv[11] = slot.salt[11] ^ (seq & 0xff);
  EVP_CIPHER_CTX* c = slot.cipher;
  uint8_t* ciphertext = out + hlen;
  int n = 0;
  int last = 0;
  if (EVP_EncryptInit_ex(c, nullptr, nullptr, nullptr, slot.iv) != 1) return false;
  if (EVP_EncryptUpdate(c, nullptr, &n, out, static_cast<int>(hlen)) != 1) return false;
  if (payload.length > 0 &&
      EVP_EncryptUpdate(c, ciphertext, &n, payload.data, static_cast<int>(payload.length)) != 1)
    return false;
  if (EVP_EncryptFinal_ex(c, ciphertext + payload.length, &last) != 1) return false;
  return EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, kTagBytes, ciphertext + payload.length) == 1;
}

uint32_t Sender::Send(const uint32_t* records, size_t words, const std::vector<Payload>& payloads) {
  const uint64_t sent_before = counts_.sent;
  pending_.clear();
  // Pass 1: where each datagram goes and how long it is, so the arena is sized once for the batch.
  size_t total = 0;
  for (size_t i = 0; i + kWords <= words; i += kWords) {
    const uint32_t* r = records + i;
    auto slot = slots_.find(r[0]);
    auto socket = slot == slots_.end() ? sockets_.end() : sockets_.find(slot->second.socket_id);
    if (socket == sockets_.end() || r[4] >= payloads.size()) {
      counts_.errors++;
      pending_.push_back({-1, 0, 0, nullptr, 0});
      continue;
    }
    const size_t length = slot->second.header.size() + payloads[r[4]].length + kTagBytes;
    pending_.push_back({socket->second, total, length, &slot->second.address, slot->second.address_length});
    total += length;
  }
  if (arena_.size() < total) arena_.resize(total);
  // Pass 2: encrypt every packet into its place in the arena.
  for (size_t i = 0, p = 0; i + kWords <= words; i += kWords, p++) {
    Pending& d = pending_[p];
    if (d.fd < 0) continue;
    const uint32_t* r = records + i;
    if (!Seal(slots_.find(r[0])->second, r, payloads[r[4]], arena_.data() + d.offset)) {
      counts_.errors++;
      d.fd = -1;
    }
  }
  // Pass 3: one sendmmsg per run of datagrams leaving from the same socket, in the records' order per socket.
  order_.clear();
  for (size_t p = 0; p < pending_.size(); p++)
    if (pending_[p].fd >= 0) order_.push_back(p);
  std::stable_sort(order_.begin(), order_.end(),
                   [this](size_t a, size_t b) { return pending_[a].fd < pending_[b].fd; });
  messages_.resize(order_.size());
  iovecs_.resize(order_.size());
  for (size_t k = 0; k < order_.size(); k++) {
    const Pending& d = pending_[order_[k]];
    iovecs_[k] = {arena_.data() + d.offset, d.length};
    std::memset(&messages_[k], 0, sizeof(messages_[k]));
    messages_[k].msg_hdr.msg_name = const_cast<sockaddr_storage*>(d.address);
    messages_[k].msg_hdr.msg_namelen = d.address_length;
    messages_[k].msg_hdr.msg_iov = &iovecs_[k];
    messages_[k].msg_hdr.msg_iovlen = 1;
  }
  for (size_t k = 0; k < order_.size();) {
    const int fd = pending_[order_[k]].fd;
    size_t end = k + 1;
    while (end < order_.size() && pending_[order_[end]].fd == fd) end++;
    SendRun(fd, k, end - k);
    k = end;
  }
  return static_cast<uint32_t>(counts_.sent - sent_before);
}

/** Sends messages_[first, first + count) on `fd` without ever blocking. */
void Sender::SendRun(int fd, size_t first, size_t count) {
  size_t k = first;
  const size_t end = first + count;
  while (k < end) {
    const unsigned int n = static_cast<unsigned int>(std::min(end - k, kMaxMessagesPerCall));
    const int r = sendmmsg(fd, &messages_[k], n, MSG_DONTWAIT);
    if (r > 0) {
      for (int m = 0; m < r; m++) counts_.bytes += iovecs_[k + m].iov_len;
      counts_.sent += r;
      k += r;
      continue;
    }
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS)) {
      // The socket's send buffer is full: the rest of this run would meet the same, so it is dropped now.
      counts_.dropped += end - k;
      return;
    }
    // This datagram was refused (an unreachable address, say); the next ones may still go.
    counts_.errors++;
    k++;
  }
}

}  // namespace srtp_native

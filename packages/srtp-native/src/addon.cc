// Node-API glue for srtp_sender.h and send_threads.h: a `Sender` class (encrypts and sends on the calling thread)
// and a `SendThreads` class (hands each batch to its send threads), with the same methods, which take the send
// pool's messages as they are (a Uint32Array of records and an array of payload buffers), so a whole batch is
// one call from JavaScript.
#include <node_api.h>
#include <openssl/crypto.h>

#include <string>
#include <vector>

#include "send_threads.h"
#include "srtp_sender.h"

namespace {

using srtp_native::Payload;
using srtp_native::SendThreads;
using srtp_native::Sender;
using srtp_native::SlotConfig;

#define CALL(env, call)                                    \
  do {                                                     \
    if ((call) != napi_ok) {                               \
      napi_throw_error((env), nullptr, "srtp-native: " #call); \
      return nullptr;                                      \
    }                                                      \
  } while (0)

struct Args {
  napi_value self;
  napi_value argv[10];
  size_t argc = 10;
};

/** The call's arguments and the Sender (or SendThreads) behind `this`. */
template <class S>
S* Unwrap(napi_env env, napi_callback_info info, Args* args) {
  void* data = nullptr;
  if (napi_get_cb_info(env, info, &args->argc, args->argv, &args->self, nullptr) != napi_ok) return nullptr;
  if (napi_unwrap(env, args->self, &data) != napi_ok) return nullptr;
  return static_cast<S*>(data);
}

bool GetUint32(napi_env env, napi_value v, uint32_t* out) { return napi_get_value_uint32(env, v, out) == napi_ok; }

/** The bytes of a Buffer or any other Uint8Array (IPC's advanced serialization may hand over either). */
bool GetBytes(napi_env env, napi_value v, const uint8_t** data, size_t* length) {
  bool typed = false;
  if (napi_is_typedarray(env, v, &typed) != napi_ok || !typed) return false;
  napi_typedarray_type type;
  void* raw = nullptr;
  if (napi_get_typedarray_info(env, v, &type, length, &raw, nullptr, nullptr) != napi_ok) return false;
  if (type != napi_uint8_array) return false;
  *data = static_cast<const uint8_t*>(raw);
  return true;
}

napi_value Bool(napi_env env, bool b) {
  napi_value v;
  napi_get_boolean(env, b, &v);
  return v;
}

napi_value Undefined(napi_env env) {
  napi_value v;
  napi_get_undefined(env, &v);
  return v;
}

napi_value TypeError(napi_env env, const char* message) {
  napi_throw_type_error(env, nullptr, message);
  return nullptr;
}

/** A plain object of named counters (as doubles: they pass 2^32 but not 2^53). */
napi_value CountsObject(napi_env env, std::initializer_list<std::pair<const char*, uint64_t>> fields) {
  napi_value o;
  CALL(env, napi_create_object(env, &o));
  for (const auto& [name, value] : fields) {
    napi_value n;
    CALL(env, napi_create_double(env, static_cast<double>(value), &n));
    CALL(env, napi_set_named_property(env, o, name, n));
  }
  return o;
}

/** Wraps `native` into `self`; it is deleted when `self` is collected. */
template <class S>
napi_value Wrap(napi_env env, napi_value self, S* native) {
  napi_status status = napi_wrap(
      env, self, native, [](napi_env, void* data, void*) { delete static_cast<S*>(data); }, nullptr, nullptr);
  if (status != napi_ok) {
    delete native;
    napi_throw_error(env, nullptr, "srtp-native: napi_wrap");
    return nullptr;
  }
  return self;
}

napi_value NewSender(napi_env env, napi_callback_info info) {
  napi_value self;
  CALL(env, napi_get_cb_info(env, info, nullptr, nullptr, &self, nullptr));
  return Wrap(env, self, new Sender());
}

/** new SendThreads(threads): 1…256 send threads. */
napi_value NewSendThreads(napi_env env, napi_callback_info info) {
  Args a;
  uint32_t threads = 0;
  CALL(env, napi_get_cb_info(env, info, &a.argc, a.argv, &a.self, nullptr));
  if (a.argc < 1 || !GetUint32(env, a.argv[0], &threads) || threads < 1 || threads > 256)
    return TypeError(env, "new SendThreads(threads: 1…256)");
  return Wrap(env, a.self, new SendThreads(threads));
}

/** addSocket(id, fd): keeps a duplicate of the descriptor; false if it could not be duplicated. */
template <class S>
napi_value AddSocket(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  uint32_t id;
  int32_t fd;
  if (!s || a.argc < 2 || !GetUint32(env, a.argv[0], &id) || napi_get_value_int32(env, a.argv[1], &fd) != napi_ok)
    return TypeError(env, "addSocket(id, fd)");
  return Bool(env, s->AddSocket(id, fd));
}

template <class S>
napi_value DropSocket(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  uint32_t id;
  if (!s || a.argc < 1 || !GetUint32(env, a.argv[0], &id)) return TypeError(env, "dropSocket(id)");
  s->DropSocket(id);
  return Undefined(env);
}

/**
 * setSlot(slot, socketId, host, port, key, salt, ssrc, header, absOffset): undefined, or the reason the slot
 * was refused (it then sends nothing: its records count as errors).
 */
template <class S>
napi_value SetSlot(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  uint32_t slot;
  uint32_t port;
  SlotConfig c{};
  size_t key_length = 0;
  size_t salt_length = 0;
  char host[64];
  size_t host_length = 0;
  if (!s || a.argc < 9 || !GetUint32(env, a.argv[0], &slot) || !GetUint32(env, a.argv[1], &c.socket_id) ||
      napi_get_value_string_utf8(env, a.argv[2], host, sizeof(host), &host_length) != napi_ok ||
      !GetUint32(env, a.argv[3], &port) || port > 65535 || !GetBytes(env, a.argv[4], &c.key, &key_length) ||
      key_length != 16 || !GetBytes(env, a.argv[5], &c.salt, &salt_length) || salt_length < 12 ||
      !GetUint32(env, a.argv[6], &c.ssrc) || !GetBytes(env, a.argv[7], &c.header, &c.header_length) ||
      napi_get_value_int32(env, a.argv[8], &c.abs_offset) != napi_ok)
    return TypeError(env, "setSlot(slot, socketId, host, port, key[16], salt[>= 12], ssrc, header, absOffset)");
  c.host.assign(host, host_length);
  c.port = static_cast<uint16_t>(port);
  const std::string refused = s->SetSlot(slot, c);
  if (refused.empty()) return Undefined(env);
  napi_value v;
  CALL(env, napi_create_string_utf8(env, refused.c_str(), refused.size(), &v));
  return v;
}

template <class S>
napi_value ReleaseSlot(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  uint32_t slot;
  if (!s || a.argc < 1 || !GetUint32(env, a.argv[0], &slot)) return TypeError(env, "releaseSlot(slot)");
  s->ReleaseSlot(slot);
  return Undefined(env);
}

/** send(records: Uint32Array, payloads: Uint8Array[]): datagrams the kernel took. */
template <class S>
napi_value Send(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  napi_typedarray_type type;
  size_t words = 0;
  void* records = nullptr;
  bool is_array = false;
  if (!s || a.argc < 2 ||
      napi_get_typedarray_info(env, a.argv[0], &type, &words, &records, nullptr, nullptr) != napi_ok ||
      type != napi_uint32_array || napi_is_array(env, a.argv[1], &is_array) != napi_ok || !is_array)
    return TypeError(env, "send(records: Uint32Array, payloads: Uint8Array[])");
  uint32_t count = 0;
  CALL(env, napi_get_array_length(env, a.argv[1], &count));
  thread_local std::vector<Payload> payloads;
  payloads.resize(count);
  for (uint32_t i = 0; i < count; i++) {
    napi_value element;
    CALL(env, napi_get_element(env, a.argv[1], i, &element));
    if (!GetBytes(env, element, &payloads[i].data, &payloads[i].length))
      return TypeError(env, "send: every payload must be a Uint8Array");
  }
  napi_value v;
  CALL(env, napi_create_uint32(env, s->Send(static_cast<const uint32_t*>(records), words, payloads), &v));
  return v;
}

/** stats(): the running totals { sent, bytes, errors, dropped }. */
template <class S>
napi_value Stats(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  if (!s) return TypeError(env, "stats()");
  const srtp_native::Counts c = s->counts();
  return CountsObject(env, {{"sent", c.sent}, {"bytes", c.bytes}, {"errors", c.errors}, {"dropped", c.dropped}});
}

/** threadStats(): each send thread's totals { sent, bytes, errors, dropped, batches }, by thread index. */
napi_value ThreadStats(napi_env env, napi_callback_info info) {
  Args a;
  SendThreads* s = Unwrap<SendThreads>(env, info, &a);
  if (!s) return TypeError(env, "threadStats()");
  const auto threads = s->PerThread();
  napi_value list;
  CALL(env, napi_create_array_with_length(env, threads.size(), &list));
  for (size_t i = 0; i < threads.size(); i++) {
    const auto& t = threads[i];
    napi_value o = CountsObject(env, {{"sent", t.sent},
                                      {"bytes", t.bytes},
                                      {"errors", t.errors},
                                      {"dropped", t.dropped},
                                      {"batches", t.batches}});
    if (!o) return nullptr;
    CALL(env, napi_set_element(env, list, static_cast<uint32_t>(i), o));
  }
  return list;
}

/**
 * A method without arguments or result: close() (frees every cipher context and closes every duplicated
 * descriptor now, not at collection) and drain() (returns once the send threads have done what was queued).
 */
template <class S, void (S::*Method)()>
napi_value Call(napi_env env, napi_callback_info info) {
  Args a;
  S* s = Unwrap<S>(env, info, &a);
  if (!s) return TypeError(env, "called on something that is not a srtp-native sender");
  (s->*Method)();
  return Undefined(env);
}

/** The methods both classes share, for class S. */
template <class S>
std::vector<napi_property_descriptor> Methods() {
  return {
      {"addSocket", nullptr, AddSocket<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"dropSocket", nullptr, DropSocket<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"setSlot", nullptr, SetSlot<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"releaseSlot", nullptr, ReleaseSlot<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"send", nullptr, Send<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"stats", nullptr, Stats<S>, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"close", nullptr, Call<S, &S::Close>, nullptr, nullptr, nullptr, napi_default, nullptr},
  };
}

bool DefineClass(napi_env env, napi_value exports, const char* name, napi_callback constructor,
                 const std::vector<napi_property_descriptor>& methods) {
  napi_value cls;
  return napi_define_class(env, name, NAPI_AUTO_LENGTH, constructor, nullptr, methods.size(), methods.data(),
                           &cls) == napi_ok &&
         napi_set_named_property(env, exports, name, cls) == napi_ok;
}

napi_value Init(napi_env env, napi_value exports) {
  auto threads = Methods<SendThreads>();
  threads.push_back({"threadStats", nullptr, ThreadStats, nullptr, nullptr, nullptr, napi_default, nullptr});
  threads.push_back({"drain", nullptr, Call<SendThreads, &SendThreads::Drain>, nullptr, nullptr, nullptr, napi_default, nullptr});
  if (!DefineClass(env, exports, "Sender", NewSender, Methods<Sender>()) ||
      !DefineClass(env, exports, "SendThreads", NewSendThreads, threads)) {
    napi_throw_error(env, nullptr, "srtp-native: napi_define_class");
    return nullptr;
  }
  napi_value version;
  const char* openssl = OpenSSL_version(OPENSSL_VERSION);
  CALL(env, napi_create_string_utf8(env, openssl, NAPI_AUTO_LENGTH, &version));
  CALL(env, napi_set_named_property(env, exports, "openssl", version));
  return exports;
}

}  // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)

{
  # Built against the headers of the Node that runs it, OpenSSL's included (<node>/include/node/openssl):
  # the addon calls the OpenSSL that Node itself carries and exports; nothing is vendored or linked.
  "targets": [
    {
      "target_name": "srtp_native",
      "sources": ["src/addon.cc", "src/srtp_sender.cc", "src/send_threads.cc"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}

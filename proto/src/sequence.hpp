#pragma once
// The answer to a body of several documents (NDJSON lines; sequences of binary values can
// use it too): each good document's output in turn and, by item_errors, each bad one
// failing the request, left out and counted, or answered in its place by an error object,
// so that the answer's items still line up with the body's.

#include <cstddef>
#include <string>
#include <string_view>

#include "ujson/proto/options.hpp"
#include "ujson/writer.hpp"

namespace ujson::proto {

class sequence_answer {
 public:
  // Appends to `out`, each item followed by `separator` ("\n" for NDJSON).
  sequence_answer(item_errors mode, std::string& out, std::string_view separator)
      : mode_(mode), out_(out), separator_(separator) {}

  void good(std::string_view item) {
    out_.append(item);
    out_.append(separator_);
  }

  // A bad document. Under fail: false, the request fails with it. Under skip: counted.
  // Under report: write_error(w) writes its error object with `w`, which goes in its place.
  template <class WriteError>
  bool bad(ujson::writer& w, WriteError&& write_error) {
    switch (mode_) {
      case item_errors::fail: return false;
      case item_errors::skip: ++skipped_; return true;
      case item_errors::report: break;
    }
    write_error(w);
    good(w.output());
    return true;
  }

  std::size_t skipped() const noexcept { return skipped_; }

 private:
  item_errors mode_;
  std::string& out_;
  std::string_view separator_;
  std::size_t skipped_ = 0;
};

}  // namespace ujson::proto

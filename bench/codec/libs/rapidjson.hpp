#pragma once
// RapidJSON with strict flags: kParseValidateEncodingFlag (UTF-8 is not checked without
// it) and kParseFullPrecisionFlag (doubles are not always correctly rounded without it).
// A Document with its default MemoryPoolAllocator per parse, as RapidJSON is used: the
// pool only grows, so reparsing into one Document would leak every previous DOM.
// Validation is the SAX Reader with a handler that does nothing; it needs no full
// precision (the doubles it computes are thrown away) and so uses only the encoding flag.
// SIMD whitespace skipping is a compile-time choice in RapidJSON; SSE2 is the x86-64
// baseline, so it is on.

#if defined(__SSE2__) && !defined(RAPIDJSON_SSE2) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE2
#endif

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/rapidjson.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../digest.hpp"

namespace codec_bench::libs {

class rapidjson_lib {
 public:
  static constexpr const char* name = "rapidjson";
  static constexpr int double_ulps = 0;
  static constexpr bool has_sorted_serialize = false;
  static constexpr unsigned parse_flags = rapidjson::kParseValidateEncodingFlag | rapidjson::kParseFullPrecisionFlag;
  static constexpr unsigned validate_flags = rapidjson::kParseValidateEncodingFlag;

  static std::string version() { return RAPIDJSON_VERSION_STRING; }

  rapidjson_lib() : writer_(buffer_) {}

  void prepare(std::string_view json) { input_.assign(json); }

  bool parse() {
    rapidjson::Document fresh;
    fresh.Parse<parse_flags>(input_.data(), input_.size());
    if (fresh.HasParseError()) return false;
    doc_.Swap(fresh);  // the previous DOM and its pool go with `fresh`
    return true;
  }

  bool validate() {
    rapidjson::MemoryStream ms(input_.data(), input_.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> is(ms);
    rapidjson::BaseReaderHandler<> nothing;
    return !reader_.Parse<validate_flags>(is, nothing).IsError();
  }

  std::string_view serialize() {
    buffer_.Clear();
    writer_.Reset(buffer_);
    if (!doc_.Accept(writer_)) return {};
    return {buffer_.GetString(), buffer_.GetSize()};
  }
  std::string_view serialize_sorted() { return {}; }

  digest summarize() const {
    digest d;
    add(d, doc_);
    return d;
  }
  walk_totals walk() const {
    walk_totals t;
    add(t, doc_);
    return t;
  }

  template <class Sink>
  static void add(Sink& d, const rapidjson::Value& v) {
    switch (v.GetType()) {
      case rapidjson::kNullType: d.add_null(); break;
      case rapidjson::kFalseType: d.add_bool(false); break;
      case rapidjson::kTrueType: d.add_bool(true); break;
      case rapidjson::kStringType: d.add_string({v.GetString(), v.GetStringLength()}); break;
      case rapidjson::kNumberType:
        if (v.IsUint64()) {
          d.add_uint64(v.GetUint64());
        } else if (v.IsInt64()) {
          d.add_int64(v.GetInt64());
        } else {
          d.add_double(v.GetDouble());
        }
        break;
      case rapidjson::kArrayType:
        d.add_array(v.Size());
        for (const rapidjson::Value& e : v.GetArray()) add(d, e);
        break;
      case rapidjson::kObjectType:
        d.add_object(v.MemberCount());
        for (const auto& m : v.GetObject()) {
          d.add_key({m.name.GetString(), m.name.GetStringLength()});
          add(d, m.value);
        }
        break;
    }
  }

 private:
  std::string input_;
  rapidjson::Document doc_;
  rapidjson::Reader reader_;
  rapidjson::StringBuffer buffer_;
  rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// RapidJSON's fastest DOM parse, for the comparison with ujson's DOM, which borrows each
// string that needs no unescaping from the input instead of copying it: kParseInsituFlag
// (strings are unescaped in place and point into the input, which it overwrites, so each
// parse starts with a fresh copy of the input, inside the timing) and one
// MemoryPoolAllocator over a buffer kept across parses (Clear() keeps a user buffer, so
// no parse allocates once it is large enough). Parse rows only: its validate and
// serialize are rapidjson's.
class rapidjson_insitu_lib {
 public:
  static constexpr const char* name = "rapidjson-insitu";
  static constexpr int double_ulps = 0;
  static constexpr bool has_sorted_serialize = false;
  static constexpr unsigned parse_flags = rapidjson_lib::parse_flags | rapidjson::kParseInsituFlag;

  static std::string version() { return rapidjson_lib::version(); }

  void prepare(std::string_view json) {
    input_.assign(json);
    text_.assign(json.size() + 1, '\0');
    // A value is 16 bytes, a member 32, and a document has fewer values than bytes.
    pool_buffer_.assign(2 * 16 * json.size() + 65536, 0);
    doc_.reset();
    pool_.emplace(pool_buffer_.data(), pool_buffer_.size());
    doc_.emplace(&*pool_);
  }

  bool parse() {
    doc_->SetNull();  // nothing points into the pool any more
    pool_->Clear();
    std::memcpy(text_.data(), input_.data(), input_.size());
    text_[input_.size()] = '\0';
    doc_->ParseInsitu<parse_flags>(text_.data());
    return !doc_->HasParseError();
  }

  digest summarize() const {
    digest d;
    rapidjson_lib::add(d, *doc_);
    return d;
  }
  walk_totals walk() const {
    walk_totals t;
    rapidjson_lib::add(t, *doc_);
    return t;
  }

 private:
  std::string input_;
  std::vector<char> text_;  // the copy each parse overwrites
  std::vector<char> pool_buffer_;
  std::optional<rapidjson::MemoryPoolAllocator<>> pool_;
  std::optional<rapidjson::Document> doc_;
};

}  // namespace codec_bench::libs

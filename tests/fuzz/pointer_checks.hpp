#pragma once
// The check behind fuzz_pointer (and its replay, tests/proto/fuzz_replay_test.cpp): JSON
// Pointer parsing, pointer_selection and the service's `pointer` option against plain
// references written from RFC 6901:
//   - parsing: split at '/', then "~1" to '/' and "~0" to '~' (section 4's order); a text
//     that is not empty and does not start with '/', or has a '~' followed by neither '0'
//     nor '1', is refused at that byte;
//   - selection: the whole document parsed into a DOM (same options), each pointer
//     evaluated on it token by token (objects by member name, arrays by an index of digits
//     without a leading zero); the selection must report the same error, or find the same
//     values (duplicate_keys=reject excepted: the selection only looks for duplicates on the
//     pointers' paths and inside what it selects);
//   - the service: POST /decode?pointer=...&missing=... answers 400 bad_option for a bad
//     pointer, else the same error, 422 pointer_not_found naming the first pointer that
//     matches nothing, or the values written as the DOM's would be (an array for several).
//
// Input: [decode options] [pointers] pointer-text '\n' ... document
//   decode options: as fuzz_checks.hpp's decode_options_from (also the server's --max-depth).
//   pointers: bits 0-2 how many pointer texts follow (1..8), each ended by '\n'; bit 3 missing=null.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_checks.hpp"
#include "ujson/dom.hpp"
#include "ujson/pointer.hpp"
#include "ujson/proto/handler.hpp"
#include "ujson/proto/options.hpp"

namespace ujson::fuzz {

namespace pointer_detail {

// RFC 6901's tokens of `text`, or the offset of the byte that makes it no pointer.
struct reference_pointer {
  bool valid = true;
  std::size_t bad_at = 0;
  std::vector<std::string> tokens;
};

inline reference_pointer reference_parse(std::string_view text) {
  reference_pointer r;
  if (text.empty()) return r;
  if (text[0] != '/') return {false, 0, {}};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '~' && (i + 1 == text.size() || (text[i + 1] != '0' && text[i + 1] != '1'))) {
      return {false, i, {}};
    }
  }
  std::size_t start = 1;
  while (true) {
    const std::size_t slash = std::min(text.find('/', start), text.size());
    std::string token(text.substr(start, slash - start));
    // One pass each, left to right: "~01" is "~1", not "/".
    for (std::size_t at = 0; (at = token.find("~1", at)) != std::string::npos; ++at) token.replace(at, 2, "/");
    for (std::size_t at = 0; (at = token.find("~0", at)) != std::string::npos; ++at) token.replace(at, 2, "~");
    r.tokens.push_back(std::move(token));
    if (slash == text.size()) break;
    start = slash + 1;
  }
  return r;
}

inline bool array_index(const std::string& token, std::size_t size, std::size_t& out) {
  if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0')) return false;
  out = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + static_cast<std::size_t>(c - '0');
  }
  return out < size;
}

inline const value* reference_find(const value& root, const std::vector<std::string>& tokens) {
  const value* v = &root;
  for (const std::string& t : tokens) {
    std::size_t i = 0;
    if (v->is_object()) {
      v = v->find(t);
    } else if (v->is_array() && array_index(t, v->size(), i)) {
      v = &v->elements()[i];
    } else {
      v = nullptr;
    }
    if (v == nullptr) return nullptr;
  }
  return v;
}

inline bool printable(std::string_view s) {
  for (char c : s) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

}  // namespace pointer_detail

inline void check_pointer(const std::uint8_t* data, std::size_t size) {
  using namespace pointer_detail;
  input in{data, size};
  const decode_options read = decode_options_from(in.take());
  const std::uint8_t how = in.take();
  const bool missing_null = (how >> 3) & 1;
  std::string_view rest = in.rest();
  std::vector<std::string_view> texts;
  for (unsigned n = (how & 7) + 1; n > 0 && rest.find('\n') != std::string_view::npos; --n) {
    const std::size_t nl = rest.find('\n');
    texts.push_back(rest.substr(0, nl));
    rest.remove_prefix(nl + 1);
  }
  const std::string_view doc_text = rest;

  // Parsing.
  bool all_valid = true;
  std::vector<json_pointer> pointers;
  std::vector<reference_pointer> wanted;
  for (std::string_view t : texts) {
    json_pointer p;
    const pointer_syntax_error e = json_pointer::parse(t, p);
    const reference_pointer r = reference_parse(t);
    UJSON_FUZZ_CHECK(!e == r.valid);
    if (!r.valid) {
      UJSON_FUZZ_CHECK(e.offset == r.bad_at && p.empty());
      all_valid = false;
      continue;
    }
    UJSON_FUZZ_CHECK(p.text() == t && p.size() == r.tokens.size());
    for (std::size_t i = 0; i < p.size(); ++i) UJSON_FUZZ_CHECK(p.token(i) == r.tokens[i]);
    pointers.push_back(std::move(p));
    wanted.push_back(r);
  }

  // Selection against the whole DOM.
  document doc(read);
  const error dom_error = doc.parse(doc_text);
  static pointer_selection* selection = nullptr;  // reused across inputs, as a connection reuses one
  if (selection == nullptr || selection->options() != read) {
    delete selection;
    selection = new pointer_selection(read);
  }
  const error selected = selection->select(doc_text, pointers);
  if (read.duplicate_keys != duplicate_keys::reject) {
    UJSON_FUZZ_SAME_ERROR(selected, dom_error);
  } else if (selected.code == errc::duplicate_key) {
    // A repeated member on a path is a duplicate the DOM finds too (at the key, or past 64
    // members at the object's end).
    UJSON_FUZZ_CHECK(dom_error.code == errc::duplicate_key);
  } else if (selected) {
    // The DOM looks for duplicates everywhere: it may stop at one before the selection's error.
    UJSON_FUZZ_CHECK(dom_error);
    if (dom_error.code != errc::duplicate_key) UJSON_FUZZ_SAME_ERROR(selected, dom_error);
    UJSON_FUZZ_CHECK(dom_error.offset <= selected.offset);
  }
  const bool compare_values = !selected && !dom_error;
  std::size_t first_missing = pointers.size();
  if (compare_values) {
    for (std::size_t i = 0; i < pointers.size(); ++i) {
      const value* want = reference_find(doc.root(), wanted[i].tokens);
      const value* got = selection->found(i);
      UJSON_FUZZ_CHECK((want == nullptr) == (got == nullptr));
      if (want != nullptr) UJSON_FUZZ_CHECK(*want == *got);
      if (want == nullptr && first_missing == pointers.size()) first_missing = i;
    }
  }

  // The service.
  if (texts.empty()) return;
  static constexpr const char* policies[] = {"keep_last", "keep_first", "reject"};
  std::string query = std::string(missing_null ? "missing=null" : "missing=error") +
                      "&duplicate_keys=" + policies[static_cast<int>(read.duplicate_keys)] +
                      "&allow_nan_literals=" + (read.allow_nan_literals ? "true" : "false") +
                      "&allow_lone_surrogates=" + (read.allow_lone_surrogates ? "true" : "false");
  for (std::string_view t : texts) query += "&pointer=" + percent_encode(t);
  using namespace ujson::proto;
  request req{http::verb::post, "/decode?" + query, 11};
  req.set(http::field::content_type, "application/json");
  req.body() = doc_text;
  req.prepare_payload();
  response res;
  static workspace ws;
  server_view server;
  server.max_depth = read.max_depth;
  const outcome out = handle_request(req, res, ws, server);
  const std::string_view answer(res.body().data(), res.body().size());
  if (!all_valid) {
    UJSON_FUZZ_CHECK(out.status == 400 && out.code() == "bad_option");
    return;
  }
  if (selected) {
    UJSON_FUZZ_CHECK(out.status == 422 && out.code() == code_name(selected.code));
    return;
  }
  if (!compare_values) return;  // reject: the DOM refused a duplicate the selection never looked for
  if (first_missing < pointers.size() && !missing_null) {
    UJSON_FUZZ_CHECK(out.status == 422 && out.code() == "pointer_not_found");
    document body;
    UJSON_FUZZ_CHECK(!body.parse(answer));
    const value* named = body.root()["error"].find("pointer");
    UJSON_FUZZ_CHECK(named != nullptr && named->is_string());
    if (printable(texts[first_missing])) UJSON_FUZZ_CHECK(named->as_string() == texts[first_missing]);
    return;
  }
  writer w(canonical_encode_options(read));
  auto put = [&](std::size_t i) {
    if (const value* v = reference_find(doc.root(), wanted[i].tokens)) {
      write_value(w, *v);
    } else {
      w.null();
    }
  };
  if (pointers.size() == 1) {
    put(0);
  } else {
    w.begin_array();
    for (std::size_t i = 0; i < pointers.size(); ++i) put(i);
    w.end_array();
  }
  if (w.status() != errc::ok) {
    UJSON_FUZZ_CHECK(out.status == 422 && out.code() == code_name(w.status()));
    return;
  }
  if (out.status != 200) std::fprintf(stderr, "  answer: %.*s\n", static_cast<int>(answer.size()), answer.data());
  UJSON_FUZZ_CHECK(out.status == 200 && answer == w.output());
}

}  // namespace ujson::fuzz

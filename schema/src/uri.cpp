#include "uri.hpp"

#include <cstddef>

namespace ujson::schema::detail {
namespace {

struct parts {
  std::string_view scheme, authority, path, query, fragment;
  bool has_scheme = false, has_authority = false, has_query = false, has_fragment = false;
};

parts parse(std::string_view s) {
  parts p;
  if (const std::size_t hash = s.find('#'); hash != std::string_view::npos) {
    p.fragment = s.substr(hash + 1);
    p.has_fragment = true;
    s = s.substr(0, hash);
  }
  if (const std::size_t q = s.find('?'); q != std::string_view::npos) {
    p.query = s.substr(q + 1);
    p.has_query = true;
    s = s.substr(0, q);
  }
  // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) before the first ':' that comes
  // before any '/'.
  const std::size_t colon = s.find(':');
  if (colon != std::string_view::npos && colon > 0 && s.substr(0, colon).find('/') == std::string_view::npos) {
    bool ok = (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z');
    for (std::size_t i = 1; ok && i < colon; ++i) {
      const char c = s[i];
      ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
           c == '.';
    }
    if (ok) {
      p.scheme = s.substr(0, colon);
      p.has_scheme = true;
      s = s.substr(colon + 1);
    }
  }
  if (s.starts_with("//")) {
    s = s.substr(2);
    const std::size_t slash = s.find('/');
    p.authority = s.substr(0, slash);
    p.has_authority = true;
    s = slash == std::string_view::npos ? std::string_view() : s.substr(slash);
  }
  p.path = s;
  return p;
}

// RFC 3986 section 5.2.4.
std::string remove_dot_segments(std::string_view in) {
  std::string out;
  while (!in.empty()) {
    if (in.starts_with("../")) {
      in.remove_prefix(3);
    } else if (in.starts_with("./")) {
      in.remove_prefix(2);
    } else if (in.starts_with("/./")) {
      in.remove_prefix(2);
    } else if (in == "/.") {
      in = "/";
    } else if (in.starts_with("/../") || in == "/..") {
      in = in.size() == 3 ? std::string_view("/") : in.substr(3);
      const std::size_t last = out.rfind('/');
      out.resize(last == std::string::npos ? 0 : last);
    } else if (in == "." || in == "..") {
      in = {};
    } else {
      const std::size_t next = in.find('/', in[0] == '/' ? 1 : 0);
      const std::size_t n = next == std::string_view::npos ? in.size() : next;
      out.append(in.substr(0, n));
      in.remove_prefix(n);
    }
  }
  return out;
}

std::string merge(const parts& base, std::string_view ref_path) {
  if (base.has_authority && base.path.empty()) return "/" + std::string(ref_path);
  const std::size_t slash = base.path.rfind('/');
  if (slash == std::string_view::npos) return std::string(ref_path);
  return std::string(base.path.substr(0, slash + 1)) + std::string(ref_path);
}

std::string compose(std::string_view scheme, bool has_scheme, std::string_view authority, bool has_authority,
                    std::string_view path, std::string_view query, bool has_query, std::string_view fragment,
                    bool has_fragment) {
  std::string out;
  if (has_scheme) out.append(scheme).push_back(':');
  if (has_authority) out.append("//").append(authority);
  out.append(path);
  if (has_query) out.append("?").append(query);
  if (has_fragment) out.append("#").append(fragment);
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string resolve_uri(std::string_view base_text, std::string_view ref_text) {
  const parts r = parse(ref_text);
  const parts b = parse(base_text);
  std::string path;
  std::string_view authority, query;
  bool has_authority, has_query;
  if (r.has_scheme) {
    return compose(r.scheme, true, r.authority, r.has_authority, remove_dot_segments(r.path), r.query, r.has_query,
                   r.fragment, r.has_fragment);
  }
  if (r.has_authority) {
    authority = r.authority, has_authority = true;
    path = remove_dot_segments(r.path);
    query = r.query, has_query = r.has_query;
  } else {
    authority = b.authority, has_authority = b.has_authority;
    if (r.path.empty()) {
      path = std::string(b.path);
      query = r.has_query ? r.query : b.query;
      has_query = r.has_query || b.has_query;
    } else {
      path = remove_dot_segments(r.path.starts_with('/') ? std::string(r.path) : merge(b, r.path));
      query = r.query, has_query = r.has_query;
    }
  }
  return compose(b.scheme, b.has_scheme, authority, has_authority, path, query, has_query, r.fragment,
                 r.has_fragment);
}

std::string_view without_fragment(std::string_view uri) noexcept { return uri.substr(0, uri.find('#')); }

std::string_view fragment_of(std::string_view uri) noexcept {
  const std::size_t hash = uri.find('#');
  return hash == std::string_view::npos ? std::string_view() : uri.substr(hash + 1);
}

bool has_fragment(std::string_view uri) noexcept { return uri.find('#') != std::string_view::npos; }

std::optional<std::string> percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out.push_back(s[i]);
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    const int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

std::optional<std::vector<std::string>> split_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  if (pointer.empty()) return tokens;
  if (pointer[0] != '/') return std::nullopt;
  std::size_t i = 1;
  while (true) {
    const std::size_t end = pointer.find('/', i);
    const std::string_view raw = pointer.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
    std::string token;
    for (std::size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] != '~') {
        token.push_back(raw[k]);
      } else if (k + 1 < raw.size() && (raw[k + 1] == '0' || raw[k + 1] == '1')) {
        token.push_back(raw[k + 1] == '0' ? '~' : '/');
        ++k;
      } else {
        return std::nullopt;
      }
    }
    tokens.push_back(std::move(token));
    if (end == std::string_view::npos) break;
    i = end + 1;
  }
  return tokens;
}

void append_pointer_token(std::string& out, std::string_view token) {
  out.push_back('/');
  for (const char c : token) {
    if (c == '~') {
      out.append("~0");
    } else if (c == '/') {
      out.append("~1");
    } else {
      out.push_back(c);
    }
  }
}

}  // namespace ujson::schema::detail

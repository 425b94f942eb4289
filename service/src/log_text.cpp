#include "log_text.hpp"

#include "ujson/detail/utf8.hpp"

namespace ujsond {
namespace {

// The length a UTF-8 sequence starting with this byte claims; 0 for a byte that starts
// none (a continuation byte, C0, C1, F5..FF). Whether the sequence really is valid
// (overlongs, surrogates, continuations) is left to the codec's validator.
std::size_t claimed_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

}  // namespace

// Why "%XX" and not U+FFFD or "\u00XX": an access log is read to find out what a client
// sent. U+FFFD loses the byte; "\u00XX" (the byte read as Latin-1) keeps it but reads back
// as a real character, the same as a client that sent that character in valid UTF-8. The
// strings that carry such bytes are request targets, where "%XX" is how a URI writes a
// byte (RFC 3986 2.1): a reader sees the byte's value, can paste the target into curl and
// send the same request, and "%FF" cannot be mistaken for a character that was sent.
// (A target that really contained the three characters "%FF" means the same byte to
// any URI decoder, so nothing that matters is lost.)
std::string_view loggable_text(std::string_view text, std::string& scratch) {
  if (ujson::detail::utf8_valid(text.data(), text.size())) return text;
  static constexpr char hex[] = "0123456789ABCDEF";
  scratch.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t n = claimed_length(lead);
    if (n == 1 || (n != 0 && n <= text.size() - i && ujson::detail::utf8_valid(text.data() + i, n))) {
      scratch.append(text, i, n);
      i += n;
    } else {
      // One byte at a time: a cut sequence's continuation bytes are mapped one by one too.
      scratch += '%';
      scratch += hex[lead >> 4];
      scratch += hex[lead & 0xF];
      ++i;
    }
  }
  return scratch;
}

}  // namespace ujsond

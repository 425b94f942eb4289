#pragma once
// The fixture of the handle_request tests: one request in, its status, body and headers out,
// on a workspace reused from call to call as a connection reuses it.

#include <gtest/gtest.h>

#include <boost/beast/http/field.hpp>
#include <string>

#include "ujson/proto/handler.hpp"

namespace ujson::proto::test {

namespace http = boost::beast::http;

struct answer {
  unsigned status;
  std::string body;
  std::string content_type;
  std::string allow;
  outcome result;
};

class Handler : public ::testing::Test {
 protected:
  answer call(http::verb method, const std::string& target, const std::string& body = {},
              const char* content_type = "application/json", bool with_length = true, const char* accept = nullptr) {
    request req{method, target, 11};
    if (content_type != nullptr) req.set(http::field::content_type, content_type);
    if (accept != nullptr) req.set(http::field::accept, accept);
    req.body() = body;
    if (with_length && method == http::verb::post) req.prepare_payload();
    response res;
    const outcome o = handle_request(req, res, ws_, server_);
    answer a{res.result_int(), std::string(res.body().data(), res.body().size()),
             std::string(res[http::field::content_type]), std::string(res[http::field::allow]), o};
    EXPECT_EQ(res[http::field::content_length], std::to_string(a.body.size()));
    return a;
  }
  answer post(const std::string& target, const std::string& body, const char* type = "application/json",
              const char* accept = nullptr) {
    return call(http::verb::post, target, body, type, true, accept);
  }

  workspace ws_;
  server_view server_;
};

}  // namespace ujson::proto::test

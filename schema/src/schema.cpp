// The public face of schema/: registry, validator, and the one-schema shortcut.

#include "ujson/schema/schema.hpp"

#include "evaluator.hpp"
#include "event_plan.hpp"
#include "program.hpp"
#include "store.hpp"
#include "uri.hpp"

namespace ujson::schema {

std::string_view dialect_uri(dialect d) noexcept {
  return d == dialect::draft7 ? "http://json-schema.org/draft-07/schema#"
                              : "https://json-schema.org/draft/2020-12/schema";
}

std::string load_error::what() const {
  std::string out = uri;
  if (!pointer.empty()) out.append("#").append(pointer);
  return out.append(": ").append(message);
}

validator::validator(std::shared_ptr<const detail::program> p)
    : program_(std::move(p)), events_(detail::plan_events(program_)) {}

bool validator::is_valid(const value& instance) const {
  detail::evaluator e(*program_, 1, nullptr);
  return e.run(instance);
}

result validator::validate(const value& instance, const validate_options& how) const {
  result r;
  detail::evaluator e(*program_, how.max_errors, &r.errors);
  r.valid = e.run(instance);
  if (!r.valid && r.errors.empty()) {
    // Every failure records an error unless it was quiet; a verdict without one would leave
    // a caller with nothing to show.
    r.errors.push_back({"", "", "", "the instance does not match the schema"});
  }
  return r;
}

dialect validator::dialect() const noexcept { return program_->dialect; }

registry::registry(const options& how) : store_(std::make_shared<detail::store>()) { store_->how = how; }
registry::~registry() = default;
registry::registry(registry&&) noexcept = default;
registry& registry::operator=(registry&&) noexcept = default;

bool registry::add(std::string_view text, std::string_view uri, load_error& problem) {
  return store_->add(text, uri, problem);
}

std::string registry::id_of(std::string_view uri) const {
  const auto it = store_->ids.find(std::string(detail::without_fragment(uri)));
  return it == store_->ids.end() ? std::string() : it->second;
}

std::optional<validator> registry::compile(std::string_view uri, load_error& problem) const {
  std::shared_ptr<const detail::program> p = detail::compile_program(store_, uri, problem);
  if (!p) return std::nullopt;
  return validator(std::move(p));
}

std::optional<validator> compile(std::string_view text, load_error& problem, const options& how,
                                 std::string_view uri) {
  registry r(how);
  if (!r.add(text, uri, problem)) return std::nullopt;
  return r.compile(uri, problem);
}

}  // namespace ujson::schema

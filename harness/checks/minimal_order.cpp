// The criteria of the simplest-first order on cases, and the comparison that applies them in turn.
#include "harness/checks/minimal_order.hpp"

#include "harness/io/case_io.hpp"
#include "reference/zenflow_fields.hpp"

#include <cmath>
#include <cstdint>
#include <string_view>

namespace zfcheck {

namespace {

const Case kDefaults{};

// Whether ZenFlowConfig declares `key` with a type that takes `kind` as it is (unknown keys: never).
bool declared_kind(const py::Str& key, py::Kind kind) {
  const ZenFlowField* field = find_field(key.text);
  return field != nullptr && takes_as_is(field->type, kind);
}

// ceil(|f|) exactly, for a finite double.
py::Int ceil_magnitude(double f) {
  double whole = std::ceil(std::fabs(f));
  if (whole < 9223372036854775808.0) return py::Int(static_cast<std::int64_t>(whole));
  int exponent = 0;
  double mantissa = std::frexp(whole, &exponent);  // whole = mantissa * 2^exponent, exponent > 63 here
  py::Int bits(static_cast<std::int64_t>(std::ldexp(mantissa, 53)));
  return bits << (exponent - 53);
}

py::Int value_magnitude(const py::Value& v) {
  switch (v.kind()) {
    case py::Kind::none:
      return 0;
    case py::Kind::boolean:
      return *v.as<bool>() ? 1 : 0;
    case py::Kind::integer:
      return abs(*v.as<py::Int>());
    case py::Kind::floating: {
      double f = *v.as<double>();
      return std::isfinite(f) ? ceil_magnitude(f) : py::Int(1) << 1024;
    }
    case py::Kind::string:
      return py::Int(v.as<py::Str>()->text.size());
    case py::Kind::list: {
      py::Int sum(v.as<py::List>()->size());
      for (const auto& item : *v.as<py::List>()) sum += value_magnitude(item);
      return sum;
    }
    case py::Kind::dict: {
      py::Int sum(v.as<py::Dict>()->size());
      for (const auto& [key, item] : v.as<py::Dict>()->entries()) sum += value_magnitude(item);
      return sum;
    }
  }
  return 0;
}

}  // namespace

std::size_t written_count(const Case& c) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  std::size_t n = block ? block->size() : 1;
  n += c.dataloader_len.has_value();
  n += c.stage != kDefaults.stage;
  n += c.micro_steps != kDefaults.micro_steps;
  n += c.overlap_comm.has_value();
  return n;
}

std::size_t off_type_count(const Case& c) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  if (block == nullptr) return c.zenflow.kind() == py::Kind::none ? 0 : 1;
  std::size_t n = 0;
  for (const auto& [key, value] : block->entries()) n += !declared_kind(key, value.kind());
  return n;
}

py::Int magnitude(const Case& c) {
  py::Int sum;
  if (const py::Dict* block = c.zenflow.as<py::Dict>()) {
    for (const auto& [key, value] : block->entries()) sum += value_magnitude(value);
  } else {
    sum += value_magnitude(c.zenflow);
  }
  if (c.dataloader_len) sum += *c.dataloader_len;
  if (c.stage != kDefaults.stage) sum += c.stage;
  if (c.micro_steps != kDefaults.micro_steps) sum += c.micro_steps;
  if (c.overlap_comm) sum += *c.overlap_comm ? 1 : 0;
  return sum;
}

std::string canonical_text(const Case& c) {
  Case anonymous = c;
  anonymous.id.reset();
  return case_line(anonymous);
}

std::strong_ordering SimplicityKey::compare(const Case& self, const Case& other) const {
  if (auto order = self.deepspeed_config.has_value() <=> other.deepspeed_config.has_value(); order != 0)
    return order;
  if (auto order = written_ <=> written_count(other); order != 0) return order;
  if (auto order = off_type_ <=> off_type_count(other); order != 0) return order;
  if (!magnitude_) magnitude_ = zfcheck::magnitude(self);
  py::Int other_magnitude = zfcheck::magnitude(other);
  if (*magnitude_ != other_magnitude)
    return *magnitude_ < other_magnitude ? std::strong_ordering::less : std::strong_ordering::greater;
  if (!text_) text_ = canonical_text(self);
  std::string other_text = canonical_text(other);
  if (auto order = text_->size() <=> other_text.size(); order != 0) return order;
  int bytes = text_->compare(other_text);
  return bytes < 0   ? std::strong_ordering::less
         : bytes > 0 ? std::strong_ordering::greater
                     : std::strong_ordering::equal;
}

std::strong_ordering compare_simplicity(const Case& a, const Case& b) {
  return SimplicityKey(a).compare(a, b);
}

}  // namespace zfcheck

// The block rewrites: "auto" for absent, reordered fields, the validated config, floats for ints.
#include "properties/suite/input_metamorphic.hpp"

#include "harness/io/result_json.hpp"
#include "reference/config.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace zfcheck::props {

namespace {

bool declared(const py::Str& key) {
  return std::find(kConfigFields.begin(), kConfigFields.end(), key.text) != kConfigFields.end() &&
         !key.lone_surrogate;
}

Case with_block(const Case& c, py::Dict block) {
  Case out = c;
  out.zenflow = std::move(block);
  return out;
}

py::Dict without(const py::Dict& block, const py::Str& key) {
  py::Dict out;
  for (const auto& [k, v] : block.entries()) {
    if (!(k == key)) out.set(k, v);
  }
  return out;
}

}  // namespace

std::optional<Failure> auto_behaves_as_absent(const Case& c, const ProfileSet& profiles) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  if (block == nullptr) {
    Case as_auto = c, as_none = c;
    as_auto.zenflow = py::Str{"auto"};
    as_none.zenflow = py::None{};
    return same_under_every_profile("a zenflow of \"auto\" is dropped", as_auto, as_none, profiles);
  }
  if (const py::Value* strict = block->find("strict"); strict != nullptr && strict->truthy())
    return std::nullopt;
  for (const auto& [key, value] : block->entries()) {
    if (key == "strict" || key == "self" || key == "replace_method" || value.is_auto()) continue;
    py::Dict as_auto = *block;
    as_auto.set(key, py::Str{"auto"});
    if (auto v = same_under_every_profile("\"" + key.text + "\": \"auto\" is dropped", with_block(c, as_auto),
                                          with_block(c, without(*block, key)), profiles)) {
      return v;
    }
  }
  return std::nullopt;
}

std::optional<Failure> key_order_does_not_matter(const Case& c, const ProfileSet& profiles) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  if (block == nullptr) return std::nullopt;
  py::Dict reordered;
  const auto& entries = block->entries();
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (declared(it->first)) reordered.set(it->first, it->second);
  }
  for (const auto& [key, value] : entries) {
    if (!declared(key)) reordered.set(key, value);
  }
  return same_under_every_profile("the fields are only reordered", c, with_block(c, reordered), profiles);
}

std::optional<Failure> revalidating_the_config_changes_nothing(const Case& c, const ProfileSet& profiles) {
  for (const Profile& p : profiles.all()) {
    Result first = evaluate(c, p);
    if (!first.config) continue;
    py::Value config = *result_to_value(first).as<py::Dict>()->find("config");
    Case again = with_block(c, std::move(*config.as<py::Dict>()));
    if (auto diff = differences("the results", first, evaluate(again, p))) {
      return "under " + p.name + ", the validated config " + case_line(again) + " of " + case_line(c) +
             " validates differently: " + *diff;
    }
  }
  return std::nullopt;
}

std::optional<Failure> integral_floats_agree_with_ints(const Case& c, const ProfileSet& profiles) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  if (block == nullptr) return std::nullopt;
  const py::Int kExact = py::Int(1) << 53;
  py::Dict as_floats = *block;
  bool rewritten = false;
  for (const auto& [key, value] : block->entries()) {
    const py::Int* n = value.as<py::Int>();
    if (!declared(key) || n == nullptr || abs(*n) >= kExact) continue;
    as_floats.set(key, n->convert_to<double>());
    rewritten = true;
  }
  if (!rewritten) return std::nullopt;
  return same_under_every_profile("integers are only written as floats", c, with_block(c, as_floats),
                                  profiles);
}

}  // namespace zfcheck::props

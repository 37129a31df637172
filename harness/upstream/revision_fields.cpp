// Reading the runner's schema of a revision's ZenFlowConfig, and deriving the values to sweep a field with.
#include "harness/upstream/revision_fields.hpp"

#include "reference/py_json.hpp"
#include "reference/zenflow_fields.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace zfcheck {

namespace {

// The strings of a list value, or why it is not one.
tl::expected<std::vector<std::string>, std::string> strings(const py::Value* v, const std::string& what) {
  const py::List* list = v != nullptr ? v->as<py::List>() : nullptr;
  if (list == nullptr) return tl::unexpected(what + " is not a list");
  std::vector<std::string> out;
  for (const py::Value& item : *list) {
    if (item.as<py::Str>() == nullptr) return tl::unexpected(what + " holds a value that is not a string");
    out.push_back(item.as<py::Str>()->text);
  }
  return out;
}

tl::expected<RevisionField, std::string> field_from_value(const py::Value& value) {
  const py::Dict* d = value.as<py::Dict>();
  const py::Value* name = d != nullptr ? d->find("name") : nullptr;
  if (name == nullptr || name->as<py::Str>() == nullptr)
    return tl::unexpected(std::string("a field has no name"));
  RevisionField f;
  f.name = name->as<py::Str>()->text;
  const std::string where = "field " + f.name + ": ";
  const py::Value* annotation = d->find("annotation");
  if (annotation == nullptr || annotation->as<py::Str>() == nullptr)
    return tl::unexpected(where + "no annotation");
  f.annotation = annotation->as<py::Str>()->text;
  auto kinds = strings(d->find("kinds"), where + "kinds");
  if (!kinds) return tl::unexpected(kinds.error());
  f.kinds = std::move(*kinds);
  const py::Value* literals = d->find("literals");
  if (literals == nullptr || literals->as<py::List>() == nullptr)
    return tl::unexpected(where + "literals is not a list");
  f.literals = *literals->as<py::List>();
  const py::Value* bounds = d->find("bounds");
  if (bounds == nullptr || bounds->as<py::Dict>() == nullptr)
    return tl::unexpected(where + "bounds is not an object");
  for (const auto& [bound, number] : bounds->as<py::Dict>()->entries()) {
    if (number.as<py::Int>() == nullptr && number.as<double>() == nullptr) {
      return tl::unexpected(where + "bound " + bound.text + " is not a number");
    }
    f.bounds.emplace_back(bound.text, number);
  }
  if (const py::Value* dflt = d->find("default")) f.default_value = *dflt;
  return f;
}

bool accepts(const RevisionField& f, std::string_view kind) {
  return std::find(f.kinds.begin(), f.kinds.end(), kind) != f.kinds.end();
}

// The bound and a step either side: 1 for an integer bound, 0.5 for a float one.
std::vector<py::Value> around(const py::Value& bound) {
  if (const py::Int* i = bound.as<py::Int>()) return {py::Int(*i - 1), *i, py::Int(*i + 1)};
  const double d = *bound.as<double>();
  return {d - 0.5, d, d + 0.5};
}

}  // namespace

tl::expected<std::vector<RevisionField>, std::string> revision_fields_from_value(const py::Value& schema) {
  const py::Dict* d = schema.as<py::Dict>();
  const py::Value* fields = d != nullptr ? d->find("fields") : nullptr;
  if (fields == nullptr || fields->as<py::List>() == nullptr) {
    return tl::unexpected(std::string("the runner's schema has no list of fields"));
  }
  std::vector<RevisionField> out;
  for (const py::Value& f : *fields->as<py::List>()) {
    auto field = field_from_value(f);
    if (!field) return tl::unexpected("the runner's schema: " + field.error());
    out.push_back(std::move(*field));
  }
  return out;
}

std::vector<RevisionField> unknown_fields(const std::vector<RevisionField>& fields) {
  std::vector<RevisionField> out;
  std::copy_if(fields.begin(), fields.end(), std::back_inserter(out),
               [](const RevisionField& f) { return find_field(f.name) == nullptr; });
  return out;
}

std::vector<py::Value> values_to_try(const RevisionField& f) {
  std::vector<py::Value> candidates;
  auto add = [&](std::vector<py::Value> values) {
    for (py::Value& v : values) candidates.push_back(std::move(v));
  };
  if (f.default_value) candidates.push_back(*f.default_value);
  candidates.push_back(py::None{});
  add(f.literals);
  if (accepts(f, "bool")) add({true, false});
  if (accepts(f, "int")) add({0, 1, -1, py::Int(std::numeric_limits<std::int64_t>::max())});
  if (accepts(f, "float")) add({0.0, 0.5, 1.0, -1.0});
  if (accepts(f, "str")) add({"", "auto", "x"});
  for (const auto& [name, bound] : f.bounds) add(around(bound));
  if (!accepts(f, "str")) candidates.push_back("x");
  if (!accepts(f, "int") && !accepts(f, "float")) candidates.push_back(1);
  if (!accepts(f, "float")) candidates.push_back(1.5);
  if (!accepts(f, "bool")) candidates.push_back(true);
  candidates.push_back(py::List{});
  // Each once (as JSON writes it: 1 and 1.0 are two values, as for pydantic).
  std::vector<py::Value> out;
  std::vector<std::string> seen;
  for (py::Value& v : candidates) {
    std::string text = py::to_json(v);
    if (std::find(seen.begin(), seen.end(), text) != seen.end()) continue;
    seen.push_back(std::move(text));
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace zfcheck

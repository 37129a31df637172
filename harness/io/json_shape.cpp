// Field-by-field checks of a JSON object's keys and value types, with the path of each failure.
#include "harness/io/json_shape.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

bool listed(std::initializer_list<std::string_view> names, const py::Str& key) {
  return !key.lone_surrogate && std::find(names.begin(), names.end(), key.text) != names.end();
}

// A string the seed may hold as text: a Python str without lone surrogates.
const std::string* plain_text(const py::Value* v) {
  const py::Str* s = v ? v->as<py::Str>() : nullptr;
  return s != nullptr && !s->lone_surrogate ? &s->text : nullptr;
}

}  // namespace

std::string field_path(std::string_view parent, std::string_view key) {
  return parent.empty() ? std::string(key) : std::string(parent) + "." + std::string(key);
}

Shaped<ObjectShape> ObjectShape::of(const py::Value& value, std::string path,
                                    std::initializer_list<std::string_view> required,
                                    std::initializer_list<std::string_view> optional) {
  const py::Dict* dict = value.as<py::Dict>();
  if (dict == nullptr) {
    return tl::unexpected(ShapeError{path.empty() ? "(top level)" : path,
                                     "must be a JSON object, not " + std::string(py::type_name(value))});
  }
  for (const auto& [key, unused] : dict->entries()) {
    if (!listed(required, key) && !listed(optional, key)) {
      std::string expected;
      for (auto names : {required, optional}) {
        for (std::string_view n : names) expected += (expected.empty() ? "" : ", ") + std::string(n);
      }
      return tl::unexpected(
          ShapeError{field_path(path, key.text), "unknown key (expected " + expected + ")"});
    }
  }
  for (std::string_view key : required) {
    if (dict->find(key) == nullptr) return tl::unexpected(ShapeError{field_path(path, key), "missing"});
  }
  return ObjectShape(dict, std::move(path));
}

tl::unexpected<ShapeError> ObjectShape::wrong(std::string_view key, std::string reason) const {
  return tl::unexpected(ShapeError{path_of(key), std::move(reason)});
}

Shaped<std::string> ObjectShape::text(std::string_view key) const {
  const std::string* s = plain_text(dict_->find(key));
  if (s == nullptr || s->empty()) return wrong(key, "must be a non-empty string");
  return *s;
}

Shaped<std::optional<std::string>> ObjectShape::text_or_null(std::string_view key) const {
  const py::Value* v = dict_->find(key);
  if (v == nullptr || v->kind() == py::Kind::none) return std::optional<std::string>();
  const std::string* s = plain_text(v);
  if (s == nullptr || s->empty()) return wrong(key, "must be a non-empty string or null");
  return std::optional<std::string>(*s);
}

Shaped<std::optional<py::Int>> ObjectShape::int_or_null(std::string_view key) const {
  const py::Value* v = dict_->find(key);
  if (v == nullptr || v->kind() == py::Kind::none) return std::optional<py::Int>();
  const py::Int* i = v->as<py::Int>();
  if (i == nullptr) return wrong(key, "must be an integer or null, not " + std::string(py::type_name(*v)));
  return std::optional<py::Int>(*i);
}

Shaped<py::Int> ObjectShape::integer(std::string_view key) const {
  const py::Value* v = dict_->find(key);
  const py::Int* i = v ? v->as<py::Int>() : nullptr;
  if (i == nullptr) return wrong(key, "must be an integer");
  return *i;
}

Shaped<std::vector<std::string>> ObjectShape::texts(std::string_view key) const {
  const py::Value* v = dict_->find(key);
  const py::List* list = v ? v->as<py::List>() : nullptr;
  if (list == nullptr) return wrong(key, "must be a list of strings");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string* s = plain_text(&(*list)[i]);
    if (s == nullptr) return wrong(key, "item " + std::to_string(i) + " must be a string");
    out.push_back(*s);
  }
  return out;
}

}  // namespace zfcheck

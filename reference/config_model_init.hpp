// DeepSpeedConfigModel.__init__: what every DeepSpeed config class does to its data before pydantic sees it.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace zfcheck {

// The entries that reach pydantic: DeepSpeedConfigModel.__init__(self, strict=False, **data) binds a
// "strict" key to its parameter and, unless it is truthy, drops every "auto" value except under
// "replace_method".
class InitData {
 public:
  explicit InitData(const py::Dict& dict) : dict_(dict) {
    const py::Value* strict = dict.find("strict");
    drop_auto_ = strict == nullptr || !strict->truthy();
  }

  bool passes(const py::Dict::Entry& entry) const {
    if (entry.first == "strict") return false;
    return !(drop_auto_ && entry.second.is_auto() && !(entry.first == "replace_method"));
  }

  const py::Value* find(std::string_view key) const {
    const py::Value* value = dict_.find(key);
    if (value == nullptr || key == "strict") return nullptr;
    if (drop_auto_ && value->is_auto() && key != "replace_method") return nullptr;
    return value;
  }

 private:
  const py::Dict& dict_;
  bool drop_auto_ = true;
};

// A key reaching pydantic that holds a lone surrogate cannot become Rust text: pydantic refuses the whole
// model at once, before any field is validated, with this error standing where the model does (`field`:
// nothing for a model built as Class(**data), the field's path for a nested one); nothing when every key is
// text.
inline std::optional<Error> key_not_text_error(const py::Dict& dict, const InitData& data,
                                               std::optional<std::string> field) {
  const auto& entries = dict.entries();
  if (std::none_of(entries.begin(), entries.end(),
                   [&](const py::Dict::Entry& e) { return data.passes(e) && e.first.lone_surrogate; }))
    return std::nullopt;
  return Error{"ValidationError", std::move(field),
               "Input should be a valid string, unable to parse raw data as a unicode string"};
}

// The value pydantic validates a field (with `name` and `alias` members) from: its alias first, then its name
// (populate_by_name), and the key that gave it.
template <class Field>
const py::Value* given_value(const InitData& data, const Field& field, std::string_view& given_as) {
  if (!field.alias.empty()) {
    given_as = field.alias;
    if (const py::Value* v = data.find(field.alias)) return v;
  }
  given_as = field.name;
  return data.find(field.name);
}

// Whether pydantic took `key` for one of the fields: an alias, or a name whose alias is not given (a name
// given beside its alias is an unknown key).
template <class Field>
bool takes_key(const InitData& data, std::span<const Field> fields, std::string_view key) {
  return std::any_of(fields.begin(), fields.end(), [&](const Field& f) {
    return (!f.alias.empty() && key == f.alias) ||
           (key == f.name && (f.alias.empty() || data.find(f.alias) == nullptr));
  });
}

// A "self" key collides with __init__'s own parameter: a TypeError, which pydantic does not collect, so it
// wins over every validation error of the enclosing configs too.
inline std::optional<Error> self_key_error(const py::Dict& dict) {
  if (dict.find("self") == nullptr) return std::nullopt;
  return Error{"TypeError", std::nullopt,
               "DeepSpeedConfigModel.__init__() got multiple values for argument 'self'"};
}

// Class(**value) with a value that is not a mapping, before DeepSpeedConfigModel.__init__ runs: a TypeError
// naming the class by its module and name, as Python 3.9 and later word it (`class_path` is
// "deepspeed.runtime.zero.config.DeepSpeedZeroConfig").
inline Error not_a_mapping_error(std::string_view class_path, const py::Value& value) {
  return Error{"TypeError", std::nullopt,
               std::string(class_path) + "() argument after ** must be a mapping, not " +
                   std::string(py::type_name(value))};
}

}  // namespace zfcheck

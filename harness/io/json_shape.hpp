// Reading a JSON object against a fixed shape, every departure named by the path of the field at fault.
#pragma once

#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// Why a value does not have the expected shape: the field's path ("expect.pr-8456.outcome") and the reason.
struct ShapeError {
  std::string field;
  std::string reason;
};

template <class T>
using Shaped = tl::expected<T, ShapeError>;

// "a.b" from "a" and "b"; just "b" at the top.
std::string field_path(std::string_view parent, std::string_view key);

// A JSON object whose keys are exactly `required` plus any of `optional`: an unknown key and a missing
// required one are errors. The accessors read one key each and name it on failure; a key that is
// absent (an optional one) reads as null.
class ObjectShape {
 public:
  static Shaped<ObjectShape> of(const py::Value& value, std::string path,
                                std::initializer_list<std::string_view> required,
                                std::initializer_list<std::string_view> optional = {});
  // The shape refers to the value: it must outlive the shape.
  static Shaped<ObjectShape> of(py::Value&& value, std::string path,
                                std::initializer_list<std::string_view> required,
                                std::initializer_list<std::string_view> optional = {}) = delete;

  const py::Dict& dict() const { return *dict_; }
  std::string path_of(std::string_view key) const { return field_path(path_, key); }

  Shaped<std::string> text(std::string_view key) const;  // a non-empty string
  Shaped<std::optional<std::string>> text_or_null(std::string_view key) const;
  Shaped<std::optional<py::Int>> int_or_null(std::string_view key) const;
  Shaped<py::Int> integer(std::string_view key) const;
  Shaped<std::vector<std::string>> texts(std::string_view key) const;  // a list of strings

 private:
  ObjectShape(const py::Dict* dict, std::string path) : dict_(dict), path_(std::move(path)) {}
  tl::unexpected<ShapeError> wrong(std::string_view key, std::string reason) const;

  const py::Dict* dict_;
  std::string path_;
};

}  // namespace zfcheck

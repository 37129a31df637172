// The AttributeError and KeyError of plain-Python section readers, and the text their messages print.
#include "reference/dict_reads.hpp"

#include "reference/py_repr.hpp"
#include "reference/zero_config.hpp"

namespace zfcheck {

const py::Value* member(const py::Value& dict, std::string_view key) {
  return dict.as<py::Dict>()->find(key);
}

std::optional<Error> dict_method(const py::Value& value, std::string_view method) {
  if (value.as<py::Dict>() != nullptr) return std::nullopt;
  return attribute_error(py::type_name(value), method);
}

Error str_index_error(const py::Value& value) {
  if (value.as<py::Str>()) return raised("TypeError", "string indices must be integers, not 'str'");
  if (value.as<py::List>()) return raised("TypeError", "list indices must be integers or slices, not str");
  return raised("TypeError", "'" + std::string(py::type_name(value)) + "' object is not subscriptable");
}

std::optional<Error> enabled_block(const py::Dict& config, std::string_view key) {
  const py::Value* v = config.find(key);
  if (v == nullptr) return std::nullopt;
  if (auto error = dict_method(*v, "get")) return error;
  if (v->as<py::Dict>()->find("enabled") == nullptr) return raised("KeyError", "'enabled'");
  return std::nullopt;
}

namespace {

tl::expected<std::string, Error> printed(const std::optional<std::string>& text, std::string_view key) {
  if (!text) return tl::unexpected(unmodelled(std::string(key) + " holding this text is not modelled"));
  return *text;
}

}  // namespace

tl::expected<std::string, Error> shown(const py::Value& value, std::string_view key) {
  return printed(py::str(value), key);
}

tl::expected<std::string, Error> shown_repr(const py::Value& value, std::string_view key) {
  return printed(py::repr(value), key);
}

}  // namespace zfcheck

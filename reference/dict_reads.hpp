// What plain-Python readers of a config section refuse before they read a value: a method only a dict has,
// a block without the "enabled" key they pop, a value they print that the model cannot.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace zfcheck {

// dict.get(key) of a value already known to be a dict: the value it holds, or nothing.
const py::Value* member(const py::Value& dict, std::string_view key);

// value.<method>(...) where only a dict has the method: the AttributeError of any other value.
std::optional<Error> dict_method(const py::Value& value, std::string_view method);

// value[<a str>] where value is not a dict: the TypeError of its type (a str's worded as Python 3.11 and
// later word it).
Error str_index_error(const py::Value& value);

// get_<feature>_enabled then get_<feature>_params (amp, progressive_layer_drop, the legacy
// curriculum_learning): the block's .get, then copy.copy(block).pop("enabled"), whose KeyError a block
// without it raises.
std::optional<Error> enabled_block(const py::Dict& config, std::string_view key);

// str(value) for a message; unmodelled (naming `key`) where the model does not print it.
tl::expected<std::string, Error> shown(const py::Value& value, std::string_view key);
// repr(value) (`{value!r}`), likewise.
tl::expected<std::string, Error> shown_repr(const py::Value& value, std::string_view key);

}  // namespace zfcheck

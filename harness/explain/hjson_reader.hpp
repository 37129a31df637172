// A config file's text read as deepspeed.initialize(config=PATH) reads it: hjson-py's grammar, DeepSpeed's
// duplicate-key refusal, the Python objects it builds.
#pragma once

#include "reference/py_json.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <string>
#include <string_view>

namespace zfcheck {

// Why the text gives DeepSpeed no config.
struct HjsonError {
  enum class Kind {
    syntax,          // hjson-py raises while it parses: the file is not hjson (nor JSON)
    duplicate_keys,  // parsed, and DeepSpeed's object_pairs_hook raises ValueError on a repeated key
  };
  Kind kind = Kind::syntax;
  py::JsonError where;  // the byte offset (in the text as read, newlines universal) and the reason
};

// The text as Python's open(path, "r") hands it over: universal newlines ("\r\n" and "\r" become "\n").
std::string universal_newlines(std::string_view raw);

// hjson.loads(text, object_pairs_hook=dict_raise_error_on_duplicate_keys) as hjson-py 3.1 runs it:
// comments (#, //, /* */), optional and trailing commas, quoteless keys, quoteless strings to the end of
// the line, '''multiline''' strings, optional root braces (a text of several lines whose first token is
// not { or [ is an object without braces). Numbers follow hjson-py: an integer is an int; a number with a
// fraction or exponent is a float, unless it is integral and below 1e10 in magnitude (then an int, as
// "2.0" is 2). A single quote starts no string in hjson-py: 'x' is the quoteless string "'x'". A duplicate
// key's message is DeepSpeed's: "Duplicate keys in DeepSpeed config: ['a']". The text must be valid UTF-8
// with universal newlines.
tl::expected<py::Value, HjsonError> parse_hjson(std::string_view text);

}  // namespace zfcheck

// Helpers shared by the tests of every layer: JSON values, cases from a zenflow block, profiles by name.
#pragma once

#include "reference/evaluate.hpp"
#include "reference/py_json.hpp"
#include "reference/tests/test_paths.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace zfcheck::testing {

inline py::Value json(std::string_view text) {
  auto value = py::parse_json(text);
  EXPECT_TRUE(value.has_value()) << "bad test JSON: " << text;
  return value ? *value : py::Value();
}

inline Case make_case(std::string_view zenflow, std::optional<std::int64_t> dataloader_len = std::nullopt,
                      int stage = 2, std::int64_t micro_steps = 40) {
  Case c;
  c.zenflow = json(zenflow);
  c.dataloader_len = dataloader_len;
  c.stage = stage;
  c.micro_steps = micro_steps;
  return c;
}

// What a whole-config section check gives on a config written as JSON: "ok", or "<type>: <message>".
inline std::string check_text(std::optional<Error> (*check)(const py::Dict&), std::string_view config) {
  auto error = check(*json(config).as<py::Dict>());
  return error ? error->type + ": " + error->message : "ok";
}

// A profile by name, with any switch overrides; a test's own typo is a test failure (thrown).
inline Profile profile(std::string_view name) {
  auto found = find_profile(name);
  if (!found) throw std::invalid_argument(found.error());
  return *found;
}

}  // namespace zfcheck::testing

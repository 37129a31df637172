// Helpers shared by the reference tests: building blocks and cases from JSON text.
#pragma once

#include "reference/evaluate.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

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

inline const Profile& profile(std::string_view name) {
  static thread_local Profile p;
  auto found = find_profile(name);
  EXPECT_TRUE(found.has_value()) << name;
  p = found ? *found : Profile{};
  return p;
}

}  // namespace zfcheck::testing

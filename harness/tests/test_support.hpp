// Helpers the harness tests share: cases from eval-format lines, the model as an engine, one sweep per profile.
#pragma once

#include "harness/io/case_io.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "reference/profile.hpp"
#include "reference/tests/test_support.hpp"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::testing {

// The case a JSON line describes; a test's own typo is a test failure (thrown).
inline Case case_of(std::string_view json) {
  auto c = parse_case(json);
  if (!c) throw std::invalid_argument("bad test case " + std::string(json) + ": " + c.error().reason);
  return *c;
}

inline Result eval(std::string_view profile_name, std::string_view case_json) {
  return evaluate(case_of(case_json), profile(profile_name));
}

// The model under a built-in profile, as the engine the drivers take.
inline ModelEngine model(std::string_view name) { return ModelEngine(profile(name)); }

// The built-in grid swept under a profile, once per test program.
inline const SweepReport& swept(const std::string& profile_name) {
  static std::map<std::string, SweepReport> cache;
  auto it = cache.find(profile_name);
  if (it == cache.end())
    it = cache.emplace(profile_name, sweep(SweepGrid::builtin(), model(profile_name))).first;
  return it->second;
}

inline const Finding* finding(const SweepReport& report, std::string_view invariant) {
  for (const Finding& f : report.findings) {
    if (f.invariant == invariant) return &f;
  }
  return nullptr;
}

// The built-in profiles' names, oldest first.
inline std::vector<std::string> builtin_profile_names() {
  std::vector<std::string> names;
  for (const Profile& p : builtin_profiles()) names.push_back(p.name);
  return names;
}

// INSTANTIATE_TEST_SUITE_P(Profiles, Suite, kBuiltinProfiles, profile_test_name): one test per profile.
inline const auto kBuiltinProfiles = ::testing::ValuesIn(builtin_profile_names());
inline std::string profile_test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) c = c == '-' ? '_' : c;
  return name;
}

}  // namespace zfcheck::testing

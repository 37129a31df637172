// Progress lines: only with a sink, only after the delay, cleared at the end.
#include "harness/io/progress.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>

namespace zfcheck {
namespace {

// Standard error and standard output as written while `body` runs.
template <typename Body>
std::string console_output_of(Body body) {
  std::ostringstream captured;
  std::streambuf* err = std::cerr.rdbuf(captured.rdbuf());
  std::streambuf* out = std::cout.rdbuf(captured.rdbuf());
  body();
  std::cerr.rdbuf(err);
  std::cout.rdbuf(out);
  return captured.str();
}

TEST(Progress, withoutASinkWritesNowhere) {
  std::string written = console_output_of([] {
    Progress silent("sweep", 10, nullptr, Progress::Clock::duration::zero());
    silent.update(5);
    silent.finish();
  });
  EXPECT_EQ(written, "");
}

TEST(Progress, printsNothingBeforeTheDelay) {
  std::ostringstream out;
  Progress later("sweep", 10, &out, std::chrono::hours(1));
  later.update(5);
  later.finish();
  EXPECT_EQ(out.str(), "");
}

TEST(Progress, overwritesOneLineAndClearsItAtTheEnd) {
  std::ostringstream out;
  Progress p("sweep x", 200, &out, Progress::Clock::duration::zero());
  p.update(50);
  p.update(100);
  std::string text = out.str();
  EXPECT_TRUE(text.starts_with("\rsweep x: 50/200 cases (25%)")) << text;
  EXPECT_NE(text.find("\rsweep x: 100/200 cases (50%)"), std::string::npos) << text;
  p.finish();
  EXPECT_EQ(out.str().back(), '\r');
  EXPECT_EQ(out.str().find('\n'), std::string::npos);
}

TEST(Progress, anUnknownTotalShowsTheCountAndRateOnly) {
  std::ostringstream out;
  Progress p("conformance", 0, &out, Progress::Clock::duration::zero());
  p.update(4096);
  EXPECT_TRUE(out.str().starts_with("\rconformance: 4096 cases")) << out.str();
  EXPECT_EQ(out.str().find('%'), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("ETA"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace zfcheck

// The property tests' main: CI's fixed RapidCheck parameters unless RC_PARAMS says otherwise.
//
// CI runs every property with one fixed seed and a bounded number of cases, so a run is reproducible
// and the whole `property` label stays under two minutes. RC_PARAMS, when set, replaces these
// parameters entirely (the overnight mode, e.g. RC_PARAMS="max_success=1000000 seed=$RANDOM", or a
// reproduction, RC_PARAMS="reproduce=..."). RapidCheck prints the configuration it uses, seed included.
#include "properties/tests/ci_params.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char** argv) {
  setenv("RC_PARAMS", zfcheck::props::testing::kCiParams, /*overwrite=*/0);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

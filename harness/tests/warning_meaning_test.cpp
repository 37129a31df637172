// Tests of the meaning rule for warnings (harness/checks/warning_meaning): the model's lines, upstream's
// words for the same things, and warnings about something else.
#include "harness/checks/warning_meaning.hpp"

#include "reference/setup.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(WarningMeaning, TheModelsOwnLinesAreKnownByTheirIdentifier) {
  EXPECT_EQ(warning_meaning(warning_line(SetupWarning::select_interval_never_repeats)),
            WarningMeaning::never_reselected);
  EXPECT_EQ(warning_meaning(warning_line(SetupWarning::auto_overrides_integer_select_interval)),
            WarningMeaning::auto_overrides_select_interval);
  EXPECT_EQ(warning_label(warning_line(SetupWarning::select_interval_never_repeats)),
            "select-interval-never-repeats");
  EXPECT_EQ(warning_words(warning_line(SetupWarning::select_interval_never_repeats)),
            warning_text(SetupWarning::select_interval_never_repeats));
}

// The rule reads the model's words as it reads upstream's: the model's texts, without their identifier,
// mean what their identifiers say.
TEST(WarningMeaning, TheRuleReadsTheModelsTextsAsTheirIdentifiersSay) {
  EXPECT_EQ(warning_meaning(warning_text(SetupWarning::select_interval_never_repeats)),
            WarningMeaning::never_reselected);
  EXPECT_EQ(warning_meaning(warning_text(SetupWarning::auto_overrides_integer_select_interval)),
            WarningMeaning::auto_overrides_select_interval);
}

TEST(WarningMeaning, UpstreamsWordsForNeverReselectingAreRecognised) {
  for (const char* text : {
           "ZenFlow: select_strategy resolves to 'epoch' but no epoch length is known; the important columns "
           "will be selected once and never re-selected.",
           "ZenFlow: columns are picked once at the first step",
           "Important columns will not be re-selected: pass training_data= to deepspeed.initialize()",
           "No epoch length: select_interval resolves to 0",
           "ZenFlow selects its columns only at the first step.",
           "ZenFlow selects its columns at the first step only",
           "the top-k columns are chosen a single time for the whole run",
           "ZenFlow won't reselect the selected columns",
           "Selection will not happen again after micro-step 0",
           "ZENFLOW: SELECT_INTERVAL IS ZERO, NEVER RESELECTING",
       }) {
    EXPECT_EQ(warning_meaning(text), WarningMeaning::never_reselected) << text;
    EXPECT_EQ(warning_label(text), "select-interval-never-repeats") << text;
  }
}

TEST(WarningMeaning, WarningsAboutSomethingElseAreNotReadAsNeverReselecting) {
  for (const char* text : {
           "If use auto select strategy, select_interval will be set to 1 and select_strategy will be set to "
           "epoch, thus select_interval would be overwritten.",
           "ZenFlow re-selects its columns every 4 micro-steps",
           "select_interval 10 is not a multiple of update_interval 4",
           "ZenFlow: offload is slow without pinned memory",
           "pt_reserved_cores_perc 0.9 leaves one core for the optimizer once it starts",
           "",
       }) {
    EXPECT_NE(warning_meaning(text), WarningMeaning::never_reselected) << text;
  }
}

TEST(WarningMeaning, AutoOverridingAnIntegerSelectIntervalInOtherWords) {
  EXPECT_EQ(warning_meaning("ZenFlow: select_strategy 'auto' ignores select_interval=5 and uses one epoch"),
            WarningMeaning::auto_overrides_select_interval);
  EXPECT_EQ(warning_meaning("auto strategy: select_interval replaced"),
            WarningMeaning::auto_overrides_select_interval);
  EXPECT_EQ(warning_meaning("select_interval would be overwritten"), WarningMeaning::other);
}

TEST(WarningMeaning, AnUnknownWarningGoesByItsOwnWords) {
  const std::string text = "ZenFlow: overlap_step has no effect at stage 3";
  EXPECT_EQ(warning_meaning(text), WarningMeaning::other);
  EXPECT_EQ(warning_label(text), text);
  EXPECT_EQ(warning_words(text), text);
}

TEST(WarningMeaning, SaysNeverReselectedWhenAnyWarningDoes) {
  EXPECT_FALSE(says_never_reselected({}));
  EXPECT_FALSE(says_never_reselected({"ZenFlow: offload is slow"}));
  EXPECT_TRUE(says_never_reselected({"ZenFlow: offload is slow", "columns are selected once"}));
}

TEST(WarningMeaning, saysGradientAccumulationChangedNeedsTheNameAndAChange) {
  EXPECT_TRUE(says_gradient_accumulation_changed({"gradient_accumulation_steps 8 is overwritten by update_interval 4"}));
  EXPECT_TRUE(says_gradient_accumulation_changed({"ZenFlow sets gradient accumulation steps to 4"}));
  EXPECT_FALSE(says_gradient_accumulation_changed({"gradient_accumulation_steps is 8"}));
  EXPECT_FALSE(says_gradient_accumulation_changed({"select_interval will be overwritten"}));
}

}  // namespace
}  // namespace zfcheck

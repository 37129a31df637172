// Genomes: weighted draws, and shrinks that try two slots to 0, then one, then one smaller choice.
#include "properties/generators/choice_genome.hpp"

#include <gtest/gtest.h>

#include <set>

namespace zfcheck::gen {
namespace {

std::vector<Genome> all(rc::Seq<Genome> seq) {
  std::vector<Genome> out;
  while (auto g = seq.next()) out.push_back(*g);
  return out;
}

TEST(ChoiceGenome, shrinksTwoSlotsThenOneThenSmallerChoicesSimplestFirst) {
  EXPECT_EQ(all(simpler_genomes({0, 3, 1})), (std::vector<Genome>{
                                                 {0, 0, 0},  // both chosen slots back to 0
                                                 {0, 0, 1},  // one slot back to 0
                                                 {0, 3, 0},
                                                 {0, 1, 1},  // one slot to a smaller choice
                                                 {0, 2, 1},
                                             }));
}

TEST(ChoiceGenome, theSimplestGenomeHasNoShrinks) { EXPECT_TRUE(all(simpler_genomes({0, 0, 0})).empty()); }

TEST(ChoiceGenome, drawsOnlyChoicesWithWeightAndFromEveryMix) {
  rc::Gen<Genome> gen = genGenome({Mix{1, {{0, 1, 0}, {1, 0}}}, Mix{1, {{0, 0, 1}, {0, 1}}}});
  std::set<Genome> seen;
  rc::Random random(7);
  for (int i = 0; i < 200; ++i) seen.insert(gen(random.split(), 0).value());
  EXPECT_EQ(seen, (std::set<Genome>{{1, 0}, {2, 1}}));
}

}  // namespace
}  // namespace zfcheck::gen

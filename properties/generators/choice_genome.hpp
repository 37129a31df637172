// A generator of choice vectors: one weighted index per slot, shrinking any slot towards its choice 0.
//
// RapidCheck's own elementOf and weightedOneOf do not shrink the choice they make, and gen::exec shrinks
// its picks left to right only (a pick is never revisited once a later one shrank). A Genome instead
// shrinks as a whole, any slot at any time: first two slots back to choice 0 at once, then one slot back
// to 0, then one slot to a smaller choice, simplest first. With every slot's choices sorted simplest
// first, shrinking is a greedy descent in harness/minimal_order that can also drop two keys that only
// break the property together.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <vector>

namespace zfcheck::gen {

using Genome = std::vector<std::size_t>;

// How often each choice of one slot is drawn (index 0 is the slot's simplest choice).
using SlotWeights = std::vector<std::size_t>;

// One way of drawing a genome: a weight for the mix itself, then the weights of every slot. A
// generator draws a mix first, then each slot from that mix; the mix is not part of the genome, so
// shrinking never depends on it.
struct Mix {
  std::size_t weight = 1;
  std::vector<SlotWeights> slots;
};

// Genomes drawn from `mixes` (all with the same number of slots, each slot's weights the same length
// in every mix, every slot with some weight), shrinking as described above.
rc::Gen<Genome> genGenome(std::vector<Mix> mixes);

// The shrinks of one genome, in the order RapidCheck tries them.
rc::Seq<Genome> simpler_genomes(const Genome& genome);

}  // namespace zfcheck::gen

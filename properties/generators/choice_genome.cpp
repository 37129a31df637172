// Drawing genomes from weighted mixes, and the order their shrinks are tried in.
#include "properties/generators/choice_genome.hpp"

#include <numeric>
#include <stdexcept>

namespace zfcheck::gen {

namespace {

// The index whose cumulative weight range holds `ticket` (ticket < the sum of the weights).
std::size_t lookup(const std::vector<std::size_t>& weights, std::uint64_t ticket) {
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (ticket < weights[i]) return i;
    ticket -= weights[i];
  }
  throw std::logic_error("lookup: ticket beyond the total weight");
}

std::size_t total(const std::vector<std::size_t>& weights) {
  return std::accumulate(weights.begin(), weights.end(), std::size_t{0});
}

Genome with_slots(Genome genome, std::initializer_list<std::pair<std::size_t, std::size_t>> changes) {
  for (auto [slot, choice] : changes) genome[slot] = choice;
  return genome;
}

}  // namespace

rc::Seq<Genome> simpler_genomes(const Genome& genome) {
  std::vector<std::size_t> chosen;  // slots not at their simplest choice
  for (std::size_t slot = 0; slot < genome.size(); ++slot) {
    if (genome[slot] != 0) chosen.push_back(slot);
  }
  auto two_to_zero =
      rc::seq::mapcat(rc::seq::range<std::size_t>(0, chosen.size()), [genome, chosen](std::size_t a) {
        return rc::seq::map(rc::seq::range<std::size_t>(a + 1, chosen.size()),
                            [genome, chosen, a](std::size_t b) {
                              return with_slots(genome, {{chosen[a], 0}, {chosen[b], 0}});
                            });
      });
  auto one_to_zero = rc::seq::map(rc::seq::fromContainer(chosen), [genome](std::size_t slot) {
    return with_slots(genome, {{slot, 0}});
  });
  auto one_smaller = rc::seq::mapcat(rc::seq::fromContainer(chosen), [genome](std::size_t slot) {
    return rc::seq::map(rc::seq::range<std::size_t>(1, genome[slot]), [genome, slot](std::size_t choice) {
      return with_slots(genome, {{slot, choice}});
    });
  });
  return rc::seq::concat(std::move(two_to_zero), std::move(one_to_zero), std::move(one_smaller));
}

rc::Gen<Genome> genGenome(std::vector<Mix> mixes) {
  std::vector<std::size_t> mix_weights;
  for (const Mix& m : mixes) mix_weights.push_back(m.weight);
  return rc::Gen<Genome>([mixes = std::move(mixes), mix_weights](const rc::Random& random, int) {
    rc::Random r(random);
    const Mix& mix = mixes[lookup(mix_weights, r.next() % total(mix_weights))];
    Genome genome;
    genome.reserve(mix.slots.size());
    for (const SlotWeights& weights : mix.slots) genome.push_back(lookup(weights, r.next() % total(weights)));
    return rc::shrinkable::shrinkRecur(std::move(genome), &simpler_genomes);
  });
}

}  // namespace zfcheck::gen

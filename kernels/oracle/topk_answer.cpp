// Shapes the per-chunk and per-parameter rankings of any implementation into upstream's selections.
#include "kernels/oracle/topk_answer.hpp"

#include <algorithm>

namespace zfcheck {

ParamSelection stage12_selection(const ParamColumns& param,
                                 std::vector<std::vector<std::int64_t>> chunk_indices) {
  ParamSelection out;
  for (std::size_t i = 0; i < param.chunks.size() && i < chunk_indices.size(); ++i) {
    out.selected.insert(out.selected.end(), chunk_indices[i].begin(), chunk_indices[i].end());
    out.chunks.push_back(ChunkSelection{param.chunks[i], std::move(chunk_indices[i])});
  }
  return out;
}

ParamSelection stage3_selection(const ParamColumns& param, std::span<const std::int64_t> global_order) {
  ParamSelection out;
  out.skipped = param.skipped;
  for (const Stage3Rank& slice : param.stage3.ranks) {
    RankSelection kept{slice.rank, slice.start_column, {}};
    for (std::int64_t position : global_order) {
      if (position >= slice.score_offset && position < slice.score_offset + slice.columns()) {
        std::int64_t local = position - slice.score_offset;
        kept.local_indices.push_back(local);
        out.selected.push_back(slice.start_column + local);
      }
    }
    out.ranks.push_back(std::move(kept));
  }
  std::sort(out.selected.begin(), out.selected.end());
  return out;
}

}  // namespace zfcheck

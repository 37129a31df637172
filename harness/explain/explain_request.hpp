// `zfcheck explain`'s front door: a request (the file, the reader, the overrides, the call, the engines) in,
// everything the command prints out.
#pragma once

#include "harness/explain/config_keys.hpp"
#include "harness/explain/deepspeed_config.hpp"
#include "harness/explain/explanation.hpp"

#include <tl/expected.hpp>

#include <string>
#include <vector>

namespace zfcheck {

struct ExplainRequest {
  std::string config;  // the file's path, or - for standard input
  ConfigReader reader = ConfigReader::deepspeed;
  std::vector<std::string> sets;  // --set KEY.PATH=VALUE, in order
  CallShape call;                 // the world size, the dataloader, the micro-steps drawn
  std::vector<const Engine*> engines;
};

struct ExplainReport {
  std::string source;                     // the input's name
  ReadConfig read;                        // what was read; `read.rejected` when DeepSpeed refuses the file
  Case c;                                 // the case the config makes (unused when rejected)
  std::vector<KeyNote> notes;             // keys DeepSpeed ignores or reads elsewhere
  std::vector<Explanation> explanations;  // one per engine, in order; none when rejected
  int status = 0;                         // the command's exit status (0 all good, 1 a finding)
};

// Reads the file as the reader does, applies the overrides, makes the case and explains it under each
// engine with the realistic fixes (fix_search.hpp). The error, for unusable input (an unreadable file, not
// hjson or JSON, a bad --set, a config that is not an object), is the message to print.
tl::expected<ExplainReport, std::string> explain_request(const ExplainRequest& request);

}  // namespace zfcheck

# Writes the runner script into a C++ source as a raw string, so that zfcheck carries its own copy.
file(READ "${SCRIPT}" content)
string(FIND "${content}" ")zf_script\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${SCRIPT} contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from harness/upstream/zf_upstream.py by embed_runner.cmake; do not edit.\n#include \"harness/upstream_runner.hpp\"\n\nnamespace zfcheck {\nconst char* const kUpstreamRunnerScript = R\"zf_script(${content})zf_script\";\n}  // namespace zfcheck\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)

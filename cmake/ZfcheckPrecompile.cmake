# Precompiled headers: the heavy third-party headers (Boost's cpp_int, nlohmann::json, GoogleTest) that
# most sources include through the model's headers are parsed once per build instead of once per source.
#
# zfcheck_precompile_targets(): called after every subdirectory is added. Each C++-only library and program
# reuses one of two precompiled headers: the tests' (GoogleTest added) for what links GoogleTest, the
# common one for the rest. Sources still include what they use; the precompiled header only saves time.
function(zfcheck_pch_target name)
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
  file(CONFIGURE OUTPUT ${source} CONTENT "// The source of ${name}, which only holds its precompiled header.\n")
  add_library(${name} OBJECT ${source})
  target_precompile_headers(${name} PRIVATE ${ARGN})
endfunction()

function(zfcheck_targets_under dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    zfcheck_targets_under(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(zfcheck_precompile_targets)
  set(common <boost/multiprecision/cpp_int.hpp> <nlohmann/json.hpp> <tl/expected.hpp> <string> <vector>
             <optional> <string_view> <algorithm> <cstdint>)
  zfcheck_pch_target(zfcheck_pch ${common})
  if(ZFCHECK_TESTS)
    zfcheck_pch_target(zfcheck_test_pch ${common} <gtest/gtest.h>)
    target_link_libraries(zfcheck_test_pch PRIVATE GTest::gtest)
  endif()
  zfcheck_targets_under(${PROJECT_SOURCE_DIR} targets)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|EXECUTABLE|OBJECT_LIBRARY)$" OR target MATCHES "^zfcheck(_test)?_pch$")
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources EXCLUDE REGEX "\\.(cpp|hpp|h)$")
    if(sources)
      continue()  # CUDA sources: nvcc takes no GCC precompiled header
    endif()
    get_target_property(libs ${target} LINK_LIBRARIES)
    if(ZFCHECK_TESTS AND "GTest::gtest" IN_LIST libs)
      target_precompile_headers(${target} REUSE_FROM zfcheck_test_pch)
    else()
      target_precompile_headers(${target} REUSE_FROM zfcheck_pch)
    endif()
  endforeach()
endfunction()

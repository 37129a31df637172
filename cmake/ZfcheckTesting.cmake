# zfcheck_add_gtest(NAME LABEL label SOURCES ... LIBS ...): one GoogleTest program, its tests registered
# with ctest under the label.
include(GoogleTest)

function(zfcheck_add_gtest name)
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main)
  gtest_discover_tests(${name} PROPERTIES LABELS ${ARG_LABEL} DISCOVERY_TIMEOUT 60)
endfunction()

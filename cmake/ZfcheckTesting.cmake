# zfcheck_add_gtest(NAME LABEL label SOURCES ... LIBS ...): one GoogleTest program, its tests registered
# with ctest under the label. It sees the headers of its own folder (its include root) and of what it links.
include(GoogleTest)

function(zfcheck_add_gtest name)
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main)
  # A test's own code (set-up and assertions) compiles at -O1, a third faster than -O3; the libraries it
  # tests keep the build type's level. Debug builds keep -O0.
  target_compile_options(${name} PRIVATE $<$<NOT:$<CONFIG:Debug>>:-O1>)
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  zfcheck_include_root(${name} ${folder})
  gtest_discover_tests(${name} PROPERTIES LABELS ${ARG_LABEL} DISCOVERY_TIMEOUT 60)
endfunction()

# Compile time, saved two ways; neither changes what is built.
#
# Precompiled headers: the heavy third-party headers (Boost's cpp_int, nlohmann::json, GoogleTest) that
# most sources include through the model's headers are parsed once per build instead of once per source.
# Each C++-only library and program reuses one of two precompiled headers: the tests' (GoogleTest added) for
# what links GoogleTest, the common one for the rest.
#
# Unity builds (ZFCHECK_UNITY_BUILD): each library's and program's C++ sources compile eight to a translation
# unit. Their cost is mostly per unit, not per line: loading the precompiled header, CLI11's inline code in
# every command, GoogleTest's in every test file. The zfcheck command's 29 sources took 289 CPU-s one by
# one and take 24 s as one unit; zfcheck_upstream's 14 took 46 s and take 14 s. A change to one source
# recompiles its unit (seconds). The units are written here rather than by CMake's UNITY_BUILD, which
# includes each source by its absolute path: a unit that names its sources by paths relative to itself reads
# the same in every clone, so ccache (cmake/ZfcheckCcache.cmake) reuses it.
#
# Sources still include what they use; within a target, names in anonymous namespaces are unique (a unity
# unit would otherwise not compile). The sanitize preset builds without unity, so each source is also
# compiled on its own there.
#
# zfcheck_compile_time_targets(): called after every subdirectory is added.
function(zfcheck_pch_target name)
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
  file(CONFIGURE OUTPUT ${source} CONTENT "// The source of ${name}, which only holds its precompiled header.\n")
  add_library(${name} OBJECT ${source})
  target_precompile_headers(${name} PRIVATE ${ARGN})
endfunction()

# zfcheck_unity_units(target): the target's C++ sources replaced by units of eight, in their order. A source
# stays on its own where it is generated (its rule must run first; build_version.cpp, which also changes on
# every commit) or has compile definitions or options of its own; a target with fewer than two sources to
# join is left as it is.
function(zfcheck_unity_units target)
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  set(joined "")
  set(kept "")
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${source_dir})
    set(alone FALSE)
    foreach(property IN ITEMS GENERATED COMPILE_DEFINITIONS COMPILE_OPTIONS)
      get_source_file_property(value ${source} TARGET_DIRECTORY ${target} ${property})
      if(value)
        set(alone TRUE)
      endif()
    endforeach()
    if(source MATCHES "\\.cpp$" AND NOT alone)
      list(APPEND joined ${source})
    else()
      list(APPEND kept ${source})
    endif()
  endforeach()
  list(LENGTH joined count)
  if(count LESS 2)
    return()
  endif()
  set(units "")
  foreach(first RANGE 0 ${count} 8)
    if(first LESS count)
      list(SUBLIST joined ${first} 8 batch)
      zfcheck_write_unit(${target} ${binary_dir} "${batch}" units)
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES ${units} ${kept})
endfunction()

# zfcheck_write_unit(target binary_dir sources units_var): writes the next unit of `target`, which includes
# `sources` by paths relative to itself, and appends it to the list in units_var.
function(zfcheck_write_unit target binary_dir sources units_var)
  set(units ${${units_var}})
  list(LENGTH units index)
  set(unit ${binary_dir}/${target}_unity/unit_${index}.cpp)
  cmake_path(GET unit PARENT_PATH unit_dir)
  set(text "// ${target}'s sources compiled as one unit (cmake/ZfcheckCompileTime.cmake).\n")
  foreach(source IN LISTS sources)
    file(RELATIVE_PATH relative ${unit_dir} ${source})
    string(APPEND text "#include \"${relative}\"\n")
  endforeach()
  file(CONFIGURE OUTPUT ${unit} CONTENT "${text}")  # rewritten only when it changes
  list(APPEND units ${unit})
  set(${units_var} ${units} PARENT_SCOPE)
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

function(zfcheck_compile_time_targets)
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
    if(ZFCHECK_UNITY_BUILD AND type MATCHES "^(STATIC_LIBRARY|EXECUTABLE)$")
      zfcheck_unity_units(${target})
    endif()
    get_target_property(libs ${target} LINK_LIBRARIES)
    if(ZFCHECK_TESTS AND "GTest::gtest" IN_LIST libs)
      target_precompile_headers(${target} REUSE_FROM zfcheck_test_pch)
    else()
      target_precompile_headers(${target} REUSE_FROM zfcheck_pch)
    endif()
  endforeach()
endfunction()

# ccache as the C++ and CUDA compiler launcher wherever it is on PATH, so that every way into the build
# (run.sh, cmake --preset, CI, kernels/gpu-check.sh) reuses earlier compiles, a second clone's included.
#
# A launcher given explicitly wins, even an empty one: -DCMAKE_<LANG>_COMPILER_LAUNCHER=... or the
# environment variable of that name; -DZFCHECK_CCACHE=OFF turns it off. The cache is ccache's own
# (~/.cache/ccache unless CCACHE_DIR says otherwise: outside the work tree), bounded by ccache's max_size
# (5 GB unless configured). CCACHE_BASEDIR makes the paths under the checkout relative, so a clone elsewhere
# hits the same entries; the sloppiness is what ccache's manual asks for with precompiled headers; depend
# mode takes the included files from the compiler's own dependency file (-MD), so a miss costs no extra run
# of the preprocessor over the precompiled headers' text (about 1 s a source).
#
# __FILE__ (GoogleTest's and RapidCheck's failure messages) names files relative to the checkout: an object
# ccache reuses from another clone would otherwise name that clone's files (ccache hashes the sources, not
# what __FILE__ expands to, and ignores this option's value).
add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fmacro-prefix-map=${PROJECT_SOURCE_DIR}/=>)
option(ZFCHECK_CCACHE "Compile through ccache when it is installed and no launcher is given" ON)
find_program(ZFCHECK_CCACHE_PROGRAM ccache NO_CMAKE_SYSTEM_PATH)  # on PATH: a PATH without it builds without
mark_as_advanced(ZFCHECK_CCACHE_PROGRAM)
# A cache folder ccache cannot write (a read-only or missing HOME) fails every compile: probe it once.
if(ZFCHECK_CCACHE AND ZFCHECK_CCACHE_PROGRAM)
  execute_process(COMMAND ${ZFCHECK_CCACHE_PROGRAM} ${CMAKE_CXX_COMPILER} -x c++ -c /dev/null
                          -o ${PROJECT_BINARY_DIR}/CMakeFiles/zfcheck_ccache_probe.o
                  RESULT_VARIABLE probe ERROR_VARIABLE probe_error OUTPUT_QUIET)
  if(NOT probe EQUAL 0)
    string(STRIP "${probe_error}" probe_error)
    message(STATUS "zfcheck: ccache is installed but cannot compile here (${probe_error}); building without it")
    set(ZFCHECK_CCACHE_PROGRAM "")
  endif()
endif()
foreach(lang IN ITEMS CXX CUDA)
  if(DEFINED CMAKE_${lang}_COMPILER_LAUNCHER)
    set(launcher "${CMAKE_${lang}_COMPILER_LAUNCHER}")
  elseif(DEFINED ENV{CMAKE_${lang}_COMPILER_LAUNCHER})
    set(launcher "$ENV{CMAKE_${lang}_COMPILER_LAUNCHER}")
  elseif(ZFCHECK_CCACHE AND ZFCHECK_CCACHE_PROGRAM)
    set(launcher env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_SLOPPINESS=pch_defines,time_macros)
    if(lang STREQUAL "CXX")
      list(APPEND launcher CCACHE_DEPEND=1)  # GCC's and Clang's dependency files; nvcc keeps the default mode
    endif()
    list(APPEND launcher ${ZFCHECK_CCACHE_PROGRAM})
    set(CMAKE_${lang}_COMPILER_LAUNCHER ${launcher})
  else()
    set(launcher "")
  endif()
  if(lang STREQUAL "CXX")
    list(JOIN launcher " " shown)
    if(shown STREQUAL "")
      set(shown none)
    endif()
    message(STATUS "zfcheck: compiler launcher: ${shown}")
  endif()
endforeach()

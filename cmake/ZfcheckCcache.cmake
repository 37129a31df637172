# ccache as the C++ and CUDA compiler launcher wherever it is installed, so that every way into the build
# (run.sh, cmake --preset, CI, kernels/gpu-check.sh) reuses earlier compiles, a second clone's included.
#
# A launcher given explicitly wins, even an empty one: -DCMAKE_<LANG>_COMPILER_LAUNCHER=... or the
# environment variable of that name; -DZFCHECK_CCACHE=OFF turns it off. The cache is ccache's own
# (~/.cache/ccache unless CCACHE_DIR says otherwise: outside the work tree), bounded by ccache's max_size
# (5 GB unless configured). CCACHE_BASEDIR makes the paths under the checkout relative, so a clone elsewhere
# hits the same entries; the sloppiness is what ccache's manual asks for with precompiled headers; depend
# mode takes the included files from the compiler's own dependency file (-MD), so a miss costs no extra run
# of the preprocessor over the precompiled headers' text (about 1 s a source).
option(ZFCHECK_CCACHE "Compile through ccache when it is installed and no launcher is given" ON)
find_program(ZFCHECK_CCACHE_PROGRAM ccache)
mark_as_advanced(ZFCHECK_CCACHE_PROGRAM)
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

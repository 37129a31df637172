# Per-library include roots: the build enforces the layers of docs/design.md.
#
# No target gets the repository root as an include directory. Instead each library has a root of its own
# under the build tree that holds links to its own folders and files only, and it passes that root on to
# whatever links it (PUBLIC or INTERFACE). So "harness/io/case_io.hpp" is found from any target that links
# zfcheck_io, and an include of a header from a layer the target does not link fails to compile.
#
# zfcheck_include_root(TARGET PATH...): PATH, relative to the repository root (a folder or a single
# header), becomes visible under its own name to TARGET and to the targets that link TARGET.
function(zfcheck_include_root target)
  set(root ${PROJECT_BINARY_DIR}/include_roots/${target})
  foreach(path IN LISTS ARGN)
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${path})
      message(FATAL_ERROR "zfcheck_include_root(${target}): ${path} does not exist")
    endif()
    if(IS_SYMLINK ${root}/${path})
      file(READ_SYMLINK ${root}/${path} linked)
      if(linked STREQUAL ${PROJECT_SOURCE_DIR}/${path})
        continue()  # made by an earlier configure
      endif()
      file(REMOVE ${root}/${path})
    endif()
    get_filename_component(parent ${root}/${path} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${path} ${root}/${path} SYMBOLIC)
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE ${root})
  elseif(type STREQUAL "EXECUTABLE")
    target_include_directories(${target} PRIVATE ${root})
  else()
    target_include_directories(${target} PUBLIC ${root})
  endif()
endfunction()

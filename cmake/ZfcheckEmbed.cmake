# zfcheck_embed(): build a C++ source that holds files' texts, so that programs need no source tree.
# zfcheck_embed(output function header files...): a source defining `function()` over the files' texts;
# `header` (an include path) declares it.
function(zfcheck_embed output function header)
  string(REPLACE ";" "|" files "${ARGN}")
  add_custom_command(
    OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${output}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/${output} -DFUNCTION=${function} -DHEADER=${header}
            -DFILES=${files} -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    DEPENDS ${ARGN} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    VERBATIM
    COMMENT "Embedding ${function}")
endfunction()

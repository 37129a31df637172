# What `cmake --install` puts beside the zfcheck binary (harness/cli installs it, its man page and its
# bash completion), and the Debian package CPack makes of it (`./run.sh package`).
#
# share/zfcheck holds the data at their paths in a checkout, so that zfcheck finds them the same way in both
# (harness/io/data_dir.hpp): the reviewed corpus, the recorded findings, the example configs, the reviewed
# top-k seeds, upstream's runner script (zfcheck carries its own copy; this one is for reading) and the
# review job for GitHub Actions.
set(zfcheck_data ${CMAKE_INSTALL_DATADIR}/zfcheck)
install(DIRECTORY corpus/reviewed corpus/findings corpus/configs DESTINATION ${zfcheck_data}/corpus)
install(DIRECTORY corpus/fuzz/topk_fuzzer DESTINATION ${zfcheck_data}/corpus/fuzz)  # review's top-k seeds
install(FILES harness/upstream/zf_upstream.py harness/upstream/zf_coverage.py harness/upstream/zf_units.py
              harness/upstream/zf_marks.py DESTINATION ${zfcheck_data}/harness/upstream)
install(FILES harness/upstream/ci/zenflow-review.yml harness/upstream/ci/zenflow-review-comment.yml DESTINATION ${zfcheck_data}/harness/upstream/ci)
install(PROGRAMS harness/upstream/ci/review_pr.sh DESTINATION ${zfcheck_data}/harness/upstream/ci)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")

# The .deb, for Debian 12: runtime libraries as found by dpkg-shlibdeps; python3 and git recommended for
# --upstream (the runner needs pydantic 2, which Debian 12 does not package: point --python at a Python that
# has it).
# cpack installs what the build made: building is `cmake --build`'s job, not the packaging's (and a test that
# packages beside running tests must not rebuild the binaries they run).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME zfcheck)
set(CPACK_PACKAGE_VENDOR "zfcheck")
set(CPACK_PACKAGE_CONTACT "zfcheck maintainers <zfcheck@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "property-based and fuzz testing harness for DeepSpeed's ZenFlow")
set(CPACK_PACKAGE_DESCRIPTION
    "zfcheck checks DeepSpeed ZenFlow's configuration and selection schedule: an exact model of its set-up
for several upstream revisions, or upstream's own code (--upstream), driven by sweeps, generated cases,
reviewed cases and user configs (zfcheck explain).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, git")
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/package)
include(CPack)

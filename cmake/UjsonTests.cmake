# ujson_add_gtest(target [PROPERTIES name value ...]): registers a GoogleTest binary with ctest.
#
# Release builds register it twice: one ctest case per test (gtest_discover_tests, label
# `case`), so each fails, reruns and is timed on its own, for the `release` test preset; and
# the whole binary once (label `whole`), which runs every one of its tests in one process,
# for the `release-scalar` preset's second pass on the portable kernels. Sanitizer builds
# register only the whole binary. A process costs: about 40 ms to start under ASan + UBSan
# (its allocator and shadow touch some 3,600 pages, and each start registers the binary's
# tests again, up to 1,100 of them) and about 20 ms in release with ctest's own work, so a
# pass of 2,481 per-test processes spent more time starting than testing (ASan: some 60 s
# of its 108 s on two cores).
function(ujson_add_gtest target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "PROPERTIES")
  add_test(NAME ${target} COMMAND ${target})
  set_tests_properties(${target} PROPERTIES LABELS whole ${arg_PROPERTIES})
  if(NOT UJSON_SANITIZE)
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 120 PROPERTIES LABELS case ${arg_PROPERTIES})
  endif()
endfunction()

# ujson_add_gtest(target [PROPERTIES name value ...]): registers a GoogleTest binary with ctest.
#
# Every pass of make test runs the whole binary (label `whole`): every one of its tests in
# one process. A process costs about 40 ms to start under ASan + UBSan (its allocator and
# shadow touch some 3,600 pages, and each start registers the binary's tests again, up to
# 1,100 of them) and about 20 ms in release with ctest's own work: a pass of 2,882 per-test
# processes spent more time starting than testing (release: 86 s against 59 s whole, on two
# cores; ASan: some 60 s of its 108 s). Release builds also register one ctest entry per
# test (gtest_discover_tests, label `case`), which no test preset runs, so that one test
# can be run, rerun and timed alone by name: ctest --test-dir build/release -L case -R NAME.
function(ujson_add_gtest target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "PROPERTIES")
  add_test(NAME ${target} COMMAND ${target})
  set_tests_properties(${target} PROPERTIES LABELS whole ${arg_PROPERTIES})
  if(NOT UJSON_SANITIZE)
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 120 PROPERTIES LABELS case ${arg_PROPERTIES})
  endif()
endfunction()

# ujson_test_executable(target file...): one test executable for an area of the suite, its
# files compiled as one translation unit (CMake's unity build). A test file spends most of
# its compile time on what the area's files share: GoogleTest's and the codec's headers and
# templates, Beast's for the service. Compiled together they cost a third of what they cost
# apart, and the area links once. The files of an area must therefore not define the same
# name twice, even in an anonymous namespace.
function(ujson_test_executable target)
  add_executable(${target} ${ARGN})
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
endfunction()

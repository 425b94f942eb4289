# ujson_add_gtest(target [PROPERTIES name value ...]): registers a GoogleTest binary with ctest.
#
# Release builds: one ctest case per test (gtest_discover_tests), so each fails, reruns and
# is timed on its own. Sanitizer builds: one ctest case per binary, which still runs every
# one of its tests. An ASan + UBSan process costs about 40 ms to start (its allocator and
# shadow touch some 3,600 pages, and registering a binary's tests again each time, up to
# 1,100 of them, adds more), so the 2,481 processes of a per-test pass spent more time
# starting than testing: about 60 s of that pass's 108 s on two cores.
function(ujson_add_gtest target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "PROPERTIES")
  if(UJSON_SANITIZE)
    add_test(NAME ${target} COMMAND ${target})
    if(arg_PROPERTIES)
      set_tests_properties(${target} PROPERTIES ${arg_PROPERTIES})
    endif()
  else()
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 120 PROPERTIES ${arg_PROPERTIES})
  endif()
endfunction()

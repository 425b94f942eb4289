# Compiles one public header alone and checks what it gives its user. Run by ctest as
#   cmake -DCXX=... -DHEADER=ujson/x.hpp -DINCLUDES="a;b" -DWORK=dir -DDECODER=ON|OFF -P check_header.cmake
# 1. A translation unit holding only `#include <HEADER>` compiles with -Wall -Wextra
#    -Wpedantic -Werror: the header includes what it uses and warns about nothing.
# 2. After it, no macro named UJSON_* is defined but version.hpp's: the codec's hints are
#    scoped (detail/hints_on.hpp, hints_off.hpp) or private (codec/src/hints.hpp).
# 3. Unless DECODER (decoder.hpp and the headers that include it: the state machine is a
#    template and inlines the SSE2 kernels), it pulls in neither an intrinsics header
#    (*intrin.h) nor the state machine (detail/decoder_impl.hpp).

foreach(var CXX HEADER INCLUDES WORK DECODER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_header.cmake needs -D${var}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${WORK})
string(MAKE_C_IDENTIFIER ${HEADER} stem)
set(tu ${WORK}/${stem}.cpp)
file(WRITE ${tu} "#include <${HEADER}>\n")
set(flags -std=c++20)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags -I${dir})
endforeach()

execute_process(COMMAND ${CXX} ${flags} -Wall -Wextra -Wpedantic -Werror -fsyntax-only ${tu}
  RESULT_VARIABLE status ERROR_VARIABLE diagnostics)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${HEADER} does not compile alone with ${CXX}:\n${diagnostics}")
endif()

# -dM -E: the macros defined at the end (stdout); -H: every header opened (stderr).
execute_process(COMMAND ${CXX} ${flags} -dM -E -H ${tu}
  RESULT_VARIABLE status OUTPUT_VARIABLE macros ERROR_VARIABLE opened)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${CXX} -dM -E failed on ${HEADER}:\n${opened}")
endif()

string(REGEX MATCHALL "#define UJSON_[A-Za-z0-9_]+" defined "${macros}")
list(TRANSFORM defined REPLACE "#define " "")
list(FILTER defined EXCLUDE REGEX "^UJSON_VERSION_(MAJOR|MINOR|PATCH|STRING)$")
if(defined)
  message(FATAL_ERROR "${HEADER} leaves macros defined for its user: ${defined}")
endif()

if(NOT DECODER)
  string(REGEX MATCHALL "[^\n ]*intrin\\.h" intrinsics "${opened}")
  if(intrinsics)
    list(REMOVE_DUPLICATES intrinsics)
    message(FATAL_ERROR "${HEADER} includes intrinsics headers: ${intrinsics}")
  endif()
  if(opened MATCHES "detail/decoder_impl\\.hpp")
    message(FATAL_ERROR "${HEADER} includes the decoder's state machine (detail/decoder_impl.hpp)")
  endif()
endif()

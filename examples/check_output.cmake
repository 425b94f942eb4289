# cmake -DPROGRAM=<exe> -DEXPECTED=<file> -DACTUAL=<file> -P check_output.cmake
# Runs PROGRAM, fails if it exits non-zero or if its standard output differs from EXPECTED
# (the output is kept in ACTUAL, and a unified diff is printed when diff is available).
execute_process(COMMAND "${PROGRAM}" OUTPUT_FILE "${ACTUAL}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${EXPECTED}" "${ACTUAL}" RESULT_VARIABLE differs)
if(differs)
  find_program(DIFF diff)
  if(DIFF)
    execute_process(COMMAND "${DIFF}" -u "${EXPECTED}" "${ACTUAL}")
  endif()
  message(FATAL_ERROR "the output of ${PROGRAM} (${ACTUAL}) differs from ${EXPECTED}")
endif()

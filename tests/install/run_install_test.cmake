# The install test's steps (see CMakeLists.txt for the variables):
#   cmake --install BUILD_DIR --prefix WORK_DIR/prefix
#   cmake -S CONSUMER_DIR -B WORK_DIR/build -DCMAKE_PREFIX_PATH=WORK_DIR/prefix ...
#   cmake --build WORK_DIR/build && WORK_DIR/build/app

function(run)
  string(REPLACE ";" " " shown "${ARGN}")
  message(STATUS "install test: ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install test: failed (${rc}): ${shown}")
  endif()
endfunction()

set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(config_args)
if(BUILD_TYPE)
  set(config_args --config "${BUILD_TYPE}")
endif()
run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}" ${config_args})

set(make_program)
if(MAKE_PROGRAM)
  set(make_program "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
run("${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${build}" -G "${GENERATOR}" ${make_program}
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
  "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}"
  "-DCMAKE_PREFIX_PATH=${prefix}"
  # Only the scratch prefix may satisfy find_package, never a registry entry.
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)

# The package must have come from the scratch prefix.
file(STRINGS "${build}/CMakeCache.txt" found REGEX "^ujson_DIR:")
string(FIND "${found}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "install test: find_package(ujson) did not use ${prefix}: ${found}")
endif()

run("${CMAKE_COMMAND}" --build "${build}" ${config_args})

set(app "${build}/app")
if(NOT EXISTS "${app}" AND EXISTS "${build}/${BUILD_TYPE}/app")
  set(app "${build}/${BUILD_TYPE}/app")  # multi-config generators
endif()
run("${app}")

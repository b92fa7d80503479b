# ccache as the compiler launcher of every tree, when it is installed (issue 36): a second clean clone on the same
# machine, or the same tree after `rm -rf build`, then compiles only the files that name the checkout's own folder.
#  - base_dir is the source tree (the build trees lie inside it), so the paths ccache hashes are relative and a clone
#    in another folder hits. hash_dir off: the working directory is not hashed either (debug info then names the
#    folder of the build that filled the cache). A path that stays absolute, such as a test's
#    PLAIT_EXAMPLES="/…/resources/examples", is still part of the hash: those files compile again, correctly. Measured
#    on a second clone in another folder: 479 of 574 compiles hit; the 95 that missed are the tests' own sources, one
#    per test program and tree, which carry such paths.
#  - Size: the default, asan-ubsan and fuzz trees together take 0.25 GB compressed (0.34 GB after a second clone in
#    another folder), which ccache's own default max_size (5 GB) holds many times over; the launcher leaves the
#    machine's setting alone (lowering it would evict other projects' entries). PLAIT_CCACHE_SIZE, when set (say 2G),
#    is the max_size for Plait's compiles.
# -DPLAIT_CCACHE=OFF, or a CMAKE_CXX_COMPILER_LAUNCHER of your own, turns it off.
option(PLAIT_CCACHE "Compile through ccache when it is installed" ON)
set(PLAIT_CCACHE_SIZE "" CACHE STRING "ccache max_size while building Plait (empty: ccache's own setting)")
find_program(PLAIT_CCACHE_PROGRAM ccache)
if(PLAIT_CCACHE AND PLAIT_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(plait_ccache_env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1)
  if(PLAIT_CCACHE_SIZE)
    list(APPEND plait_ccache_env CCACHE_MAXSIZE=${PLAIT_CCACHE_SIZE})
  endif()
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env ${plait_ccache_env} ${PLAIT_CCACHE_PROGRAM})
  message(STATUS "Compiling through ${PLAIT_CCACHE_PROGRAM}")
endif()

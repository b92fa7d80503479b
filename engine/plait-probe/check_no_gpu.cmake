# On a machine with a GPU this passes trivially (exit 0 from `info`); without one the probe must exit 3 with the
# contract's error line.
execute_process(COMMAND ${PROBE} info RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  return()
endif()
if(NOT rc EQUAL 3)
  message(FATAL_ERROR "plait-probe info exited ${rc}, expected 0 (GPU) or 3 (no GPU)\n${out}\n${err}")
endif()
if(NOT out MATCHES "\"event\":\"error\"" OR NOT out MATCHES "\"code\":\"no-cuda-device\"")
  message(FATAL_ERROR "plait-probe without a GPU printed no error event:\n${out}")
endif()

#!/usr/bin/env bash
# Stands in for tests/gpu/find-gpu-libs.sh in the rehearsal: finds nothing, at once (the fake probe needs nothing).
echo "PROBE_LIBRARY_PATH=''"
echo "find-gpu-libs (stand-in): nothing searched" >&2
exit 1

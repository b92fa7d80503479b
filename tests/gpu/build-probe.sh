#!/usr/bin/env bash
# Builds plait-probe alone (core and the probe: CMake, a C++20 compiler, nvcc, NCCL, cuBLAS and nlohmann/json's
# headers; no Qt, no Open MPI) with the libraries tests/gpu/find-gpu-libs.sh finds, for sm_90 unless
# CUDA_ARCHS says otherwise. nlohmann/json comes from DEPS (a copy of the headers and CMake package, made by
# --prebuilt) when present, else from the system.
#
#   build-probe.sh BUILD_DIR                 build there (the GPU machine's fallback)
#   build-probe.sh --prebuilt OUT_DIR        on a machine without a GPU, beforehand: the CUDA runtime linked
#                                            statically, MPI off; OUT_DIR gets plait-probe, deps/ (nlohmann/json
#                                            copied from this machine's package) and ldd.txt
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
prebuilt=no
if [ "${1:-}" = "--prebuilt" ]; then
  prebuilt=yes
  shift
fi
dir=${1:?usage: build-probe.sh [--prebuilt] DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
deps=${DEPS:-$dir/deps}

if [ "$prebuilt" = yes ] && [ ! -f "$deps/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake" ]; then
  # The installed copy of Debian's nlohmann-json3-dev (relocatable: its config finds the headers three levels up).
  mkdir -p "$deps/include" "$deps/share/cmake"
  cp -r /usr/include/nlohmann "$deps/include/" || exit 1
  cp -r /usr/share/cmake/nlohmann_json "$deps/share/cmake/" || exit 1
fi

eval "$(bash tests/gpu/find-gpu-libs.sh)" || {
  echo "build-probe: nccl.h, libnccl or libcublas not found" >&2
  exit 1
}
generator=()
command -v ninja > /dev/null 2>&1 && generator=(-G Ninja)
json=()
[ -f "$deps/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake" ] \
  && json=(-Dnlohmann_json_DIR="$deps/share/cmake/nlohmann_json")
cmake -S "$root" -B "$dir/build" "${generator[@]}" "${json[@]}" -DCMAKE_BUILD_TYPE=Release -DPLAIT_PROBE_ONLY=ON \
  -DPLAIT_WITH_PROBE=ON -DPLAIT_PROBE_MPI=OFF -DPLAIT_PROBE_STATIC_CUDART="$prebuilt" \
  -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHS:-90}" -DNCCL_INCLUDE_DIR="$NCCL_INCLUDE_DIR" \
  -DNCCL_LIBRARY="$NCCL_LIBRARY" -DCUBLAS_LIBRARY="$CUBLAS_LIBRARY" -DCUBLAS_INCLUDE_DIR="$CUBLAS_INCLUDE_DIR" || exit 1
cmake --build "$dir/build" --target plait-probe -j "$(nproc)" || exit 1
cp "$dir/build/bin/plait-probe" "$dir/plait-probe" || exit 1
if [ "$prebuilt" = yes ]; then
  ldd "$dir/plait-probe" | tee "$dir/ldd.txt"
  rm -rf "$dir/build" # only the binary and deps/ travel
fi
echo "build-probe: $dir/plait-probe"

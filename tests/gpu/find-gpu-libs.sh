#!/usr/bin/env bash
# Finds what plait-probe links against on a GPU machine that may have no Debian -dev packages: nvcc, nccl.h and
# libnccl.so*, libcublas.so*, in the CUDA toolkit, under /usr and /opt, or inside Python wheels (nvidia-nccl-cu13,
# nvidia-cublas-cu13 ship a versioned libnccl.so.2 and their headers inside the wheel). Prints shell assignments
# (NCCL_INCLUDE_DIR, NCCL_LIBRARY, CUBLAS_LIBRARY, CUBLAS_INCLUDE_DIR, PROBE_LIBRARY_PATH) for `eval`, and what it
# looked at on stderr. Usage: eval "$(tests/gpu/find-gpu-libs.sh)"
set -uo pipefail

say() { echo "find-gpu-libs: $*" >&2; }

# Python wheels: the site-packages folders of every python3 on the PATH.
wheel_dirs=()
for py in python3 python; do
  command -v "$py" > /dev/null 2>&1 || continue
  while IFS= read -r d; do
    [ -d "$d/nvidia" ] && wheel_dirs+=("$d/nvidia")
  done < <("$py" -c 'import site, sys; print("\n".join(site.getsitepackages() + [site.getusersitepackages()]))' 2> /dev/null)
done

cuda=${CUDA_HOME:-/usr/local/cuda}
roots=("$cuda" /usr /opt "${wheel_dirs[@]}")
say "searching ${roots[*]}"

# The first file matching one of the names under the roots (shallow where the tree is large).
first() {
  local name
  for name in "$@"; do
    for r in "${roots[@]}"; do
      [ -d "$r" ] || continue
      local hit
      hit=$(find "$r" -maxdepth 6 -name "$name" \( -type f -o -type l \) 2> /dev/null | sort | head -n 1)
      if [ -n "$hit" ]; then
        echo "$hit"
        return 0
      fi
    done
  done
  return 1
}

nccl_h=$(first nccl.h) || nccl_h=""
nccl_lib=$(first libnccl.so libnccl.so.2) || nccl_lib=""
cublas_lib=$(first libcublas.so libcublas.so.13 libcublas.so.12) || cublas_lib=""
cublas_h=$(first cublas_api.h) || cublas_h=""

for what in "nccl.h=$nccl_h" "libnccl=$nccl_lib" "libcublas=$cublas_lib" "cublas_api.h=$cublas_h"; do
  say "${what%%=*}: ${what#*=}"
done

library_path=""
for lib in "$nccl_lib" "$cublas_lib"; do
  [ -n "$lib" ] || continue
  dir=$(dirname "$lib")
  case ":$library_path:" in
  *":$dir:"*) ;;
  *) library_path=${library_path:+$library_path:}$dir ;;
  esac
done

echo "NCCL_INCLUDE_DIR='${nccl_h:+$(dirname "$nccl_h")}'"
echo "NCCL_LIBRARY='$nccl_lib'"
echo "CUBLAS_LIBRARY='$cublas_lib'"
echo "CUBLAS_INCLUDE_DIR='${cublas_h:+$(dirname "$cublas_h")}'"
echo "PROBE_LIBRARY_PATH='$library_path'"
[ -n "$nccl_h" ] && [ -n "$nccl_lib" ] && [ -n "$cublas_lib" ]

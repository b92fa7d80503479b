#!/usr/bin/env bash
# Finds what plait-probe links against on a GPU machine that may have no Debian -dev packages: nccl.h and
# libnccl.so*, libcublas.so* and cublas_api.h. Python wheels first (nvidia-nccl-cu13 and nvidia-cublas ship a
# versioned libnccl.so.2 and libcublas.so.13 with their headers, under site-packages/nvidia/*/; torch's own lib
# folder), then the CUDA toolkit, /usr and /opt. One `find` per folder, following a folder given as a symbolic link
# (/usr/local/cuda usually is one). Prints shell assignments (NCCL_INCLUDE_DIR, NCCL_LIBRARY, CUBLAS_LIBRARY,
# CUBLAS_INCLUDE_DIR, PROBE_LIBRARY_PATH) for `eval`, and what it looked at on stderr; exits 1 when a library or
# nccl.h is missing. Usage: eval "$(tests/gpu/find-gpu-libs.sh)"
set -uo pipefail

say() { echo "find-gpu-libs: $*" >&2; }

# The wheels' folders, from Python's module search (torch is located, not imported: importing it takes seconds).
wheel_dirs=()
for py in python3 python; do
  command -v "$py" > /dev/null 2>&1 || continue
  while IFS= read -r d; do
    [ -d "$d" ] && wheel_dirs+=("$d")
  done < <(timeout 20 "$py" - 2> /dev/null << 'EOF'
import importlib.util, os
seen = []
for name, sub in (("nvidia", ""), ("torch", "lib")):
    try:
        spec = importlib.util.find_spec(name)
    except Exception:
        continue
    for p in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(p, sub) if sub else p
        if path not in seen:
            seen.append(path)
print("\n".join(seen))
EOF
  )
  [ "${#wheel_dirs[@]}" -gt 0 ] && break
done

cuda=${CUDA_HOME:-/usr/local/cuda}
# Each root with how deep to look: a wheel's nvidia/nccl/lib/libnccl.so.2 is 3 down, a toolkit's
# targets/x86_64-linux/lib/libcublas.so 3, Debian's /usr/lib/x86_64-linux-gnu/libnccl.so.2 3.
roots=()
depths=()
for d in "${wheel_dirs[@]}"; do
  roots+=("$d")
  depths+=(4)
done
roots+=("$cuda" /usr /opt)
depths+=(5 4 6)
say "searching ${roots[*]}"

hits=""
for i in "${!roots[@]}"; do
  r=${roots[$i]}
  [ -d "$r" ] || continue
  found=$(find -H "$r" -maxdepth "${depths[$i]}" \( -name nccl.h -o -name 'libnccl.so*' -o -name 'libcublas.so*' \
    -o -name cublas_api.h \) \( -type f -o -type l \) 2> /dev/null | sort)
  [ -n "$found" ] && hits+="$found"$'\n'
done

# The first hit of the first name that has one, in the roots' order.
first() {
  local name hit
  for name in "$@"; do
    hit=$(printf '%s' "$hits" | grep -m 1 "/${name//./\\.}\$")
    if [ -n "$hit" ]; then
      echo "$hit"
      return 0
    fi
  done
  return 1
}

nccl_h=$(first nccl.h) || nccl_h=""
nccl_lib=$(first libnccl.so.2 libnccl.so) || nccl_lib=""
cublas_lib=$(first libcublas.so.13 libcublas.so.12 libcublas.so) || cublas_lib=""
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

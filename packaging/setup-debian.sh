#!/usr/bin/env bash
# Installs the Debian 12 packages Plait needs to build, test and run; does nothing when all are present.
# CUDA and NCCL are not Debian packages: the probe is built only where /usr/local/cuda provides them.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libqcustomplot-dev nlohmann-json3-dev libtomlplusplus-dev libpugixml-dev zlib1g-dev libsqlite3-dev libgtest-dev libbenchmark-dev libopenmpi-dev ccache
  clang clang-format llvm libclang-rt-14-dev
  xvfb xauth imagemagick fonts-wqy-microhei fonts-dejavu-core
  dpkg-dev appstream shared-mime-info poppler-utils
  chromium # the HTML report as a browser draws it (tests/report/html-in-chromium.sh)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"

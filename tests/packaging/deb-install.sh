#!/usr/bin/env bash
# Builds the .deb from a build tree, unpacks it into a temporary root and runs the installed plait there: an example
# evaluated from the installed examples, the version the package states, the AppStream metadata valid, the MIME type
# registered for *.plait.json, the desktop entry naming that type.
# Usage: deb-install.sh BUILD_DIR
set -euo pipefail
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

(cd "$build" && cpack -G DEB -B "$tmp/debs" > "$tmp/cpack.log") || { cat "$tmp/cpack.log"; exit 1; }
deb=$(ls "$tmp"/debs/plait_*.deb)
dpkg-deb -x "$deb" "$tmp/root"
root=$tmp/root

version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
[[ "$depends" == *libqt6widgets6* ]] || { echo "Depends lacks Qt Widgets: $depends"; exit 1; }
got=$("$root/usr/bin/plait" --version)
[ "$got" = "plait $version" ] || { echo "plait --version says '$got', the package $version"; exit 1; }

out=$("$root/usr/bin/plait" evaluate "$root/usr/share/plait/examples/b-four-nodes-tp4-pp2-dp2.plait.json")
grep -q "step " <<< "$out" || { echo "evaluate printed no step time:"; echo "$out"; exit 1; }

appstreamcli validate --no-net "$root/usr/share/metainfo/org.plait.Plait.metainfo.xml"

mkdir -p "$tmp/mime/packages"
cp "$root/usr/share/mime/packages/org.plait.Plait.xml" "$tmp/mime/packages/"
update-mime-database "$tmp/mime"
grep -q "application/x-plait-plan+json:\*.plait.json" "$tmp/mime/globs2" || { echo "*.plait.json not registered"; exit 1; }

desktop=$root/usr/share/applications/org.plait.Plait.desktop
grep -qx "MimeType=application/x-plait-plan+json;" "$desktop"
grep -qx "Exec=plait %f" "$desktop"
[ -f "$root/usr/share/icons/hicolor/scalable/apps/org.plait.Plait.svg" ]
# The probe's package, where it was built: every library it needs directly that a Debian package provides must be
# that of a package it or plait depends on (CUDA's, under /usr/local/cuda, come from NVIDIA's installers).
probe_deb=$(ls "$tmp"/debs/plait-probe_*.deb 2> /dev/null || true)
if [ -n "$probe_deb" ]; then
    dpkg-deb -x "$probe_deb" "$tmp/probe"
    declared="$(dpkg-deb -f "$probe_deb" Depends), $depends"
    names=$(tr ',|' '\n\n' <<< "$declared" | awk '{print $1}') # the package names, alternatives included
    checked=0
    for lib in $(objdump -p "$tmp/probe/usr/bin/plait-probe" | awk '$1 == "NEEDED" {print $2}'); do
        # awk reads to the end: leaving early would kill ldconfig with SIGPIPE, a failure under pipefail.
        path=$(ldconfig -p | awk -v l="$lib" '$1 == l && !found {print $NF; found = 1}')
        case "$path" in "" | /usr/local/*) continue ;; esac
        # dpkg knows a file by the path its package shipped it at: /lib or /usr/lib, the link or its target.
        owner=
        for p in "$path" "$(readlink -f "$path")" "/usr${path#/usr}" "${path#/usr}"; do
            owner=$(dpkg -S "$p" 2> /dev/null | awk -F: 'NR == 1 {print $1}') && [ -n "$owner" ] && break
        done
        [ -n "$owner" ] || { echo "no package provides $path, which plait-probe needs"; exit 1; }
        grep -qx "$owner" <<< "$names" \
            || { echo "plait-probe needs $lib of package $owner, which neither package depends on: $declared"; exit 1; }
        checked=$((checked + 1))
    done
    echo "deb-install: $(basename "$probe_deb") declares the packages of its $checked Debian libraries"
fi
echo "deb-install: $(basename "$deb") ($version) installs, evaluates, validates"

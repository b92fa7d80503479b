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
echo "deb-install: $(basename "$deb") ($version) installs, evaluates, validates"

#!/usr/bin/env bash
# install.sh: installs the textmirror plugin and its models where GStreamer and the
# element find them by themselves, with no environment variable, so that
# `gst-inspect-1.0 textmirror` and pipelines work from any folder and in any program (gst-launch,
# Python, C).
#
# Usage:
#   scripts/install.sh                       # for this user (no root needed)
#   sudo scripts/install.sh --prefix /usr/local   # for every user
#   scripts/install.sh --uninstall [--prefix DIR] # removes what the same command installed
#
# Options:
#   --prefix DIR      install system-wide under DIR (see the layout below)
#   --no-build        install the plugin already built in .build/release instead of building
#                     it first (swift build -c release --product gsttextmirror)
#   --no-model        do not install the models (the element then needs the model property or
#                     $TEXTMIRROR_MODEL, or detect=false)
#   --no-system-link  with --prefix: do not link the plugin into GStreamer's system plugin
#                     folder (GStreamer will then only find it through GST_PLUGIN_PATH)
#   --static-stdlib   build the plugin with the Swift runtime linked in (-static-stdlib, into
#                     .build/static-stdlib; one 12 MB file, no runtime copy; see below)
#   --uninstall       remove the plugin, its runtime copy, the models and the link
#   -h, --help        show this text
#
# Layout. D is ${XDG_DATA_HOME:-~/.local/share} for a user install:
#   D/gstreamer-1.0/plugins/libgsttextmirror.so    GStreamer's user plugin folder
#   D/textmirror/runtime/*.so                      the Swift runtime and OpenVINO, as the plugin needs
#   D/textmirror/models/ppocrv6_*.onnx, ppocrv4_*  the models (found there by the element)
# and with --prefix P:
#   P/lib/gstreamer-1.0/libgsttextmirror.so
#   P/lib/textmirror/runtime/*.so
#   P/share/textmirror/models/ppocrv6_*.onnx, ppocrv4_*
#   + a symbolic link to the plugin in GStreamer's system plugin folder (on Debian 12
#     /usr/lib/x86_64-linux-gnu/gstreamer-1.0; P/lib/... is not searched by GStreamer). With
#     --prefix /usr the plugin goes straight into that folder, its runtime next to it in
#     /usr/lib/x86_64-linux-gnu/textmirror/runtime.
#
# The Swift runtime: the plugin is a Swift library, linked against libswiftCore.so and friends,
# which live in the Swift toolchain (/opt/swift/usr/lib/swift/linux), not in any system folder.
# The libraries it needs (as ldd reports them) are copied into the private runtime folder
# and the installed plugin's RUNPATH is rewritten with patchelf to point there
# ($ORIGIN-relative, plus the absolute folder for when the plugin is reached through the
# system link), so it loads in any process, even when the toolchain is gone. With
# --static-stdlib the runtime is inside the plugin instead, its symbols hidden: the choice for
# processes that already hold another Swift runtime (a Swift application built with another
# toolchain), which the shared copy would otherwise have to share.
#
# OpenVINO, which runs the networks, is not packaged by Debian: scripts/fetch-openvino.sh
# unpacked its runtime into vendor/openvino/lib, and the libraries there (runtime, C API, CPU
# plugin, ONNX frontend, oneTBB; each with RUNPATH $ORIGIN) are copied into the same runtime
# folder, where the OpenVINO runtime finds its CPU plugin beside itself.
#
# Environment: SWIFT (default swift), XDG_DATA_HOME, and GST_REGISTRY (the check at the end uses
# the same registry as every other GStreamer program run with this environment).
set -euo pipefail

readonly PLUGIN_FILE=libgsttextmirror.so
readonly MODEL_FILES=(
  ppocrv6_tiny_det.onnx ppocrv6_small_det.onnx ppocrv6_rec.onnx ppocrv6_rec_keys.txt
  ppocrv4_det.onnx ppocrv4_rec.onnx ppocrv4_rec_keys.txt
)
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_root="$(dirname "$script_dir")"
build_plugin="$source_root/.build/release/$PLUGIN_FILE"
openvino_lib_dir="$source_root/vendor/openvino/lib"

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: error: %s\n' "$*" >&2; exit 1; }

prefix="" build=1 model=1 system_link=1 uninstall=0 static_stdlib=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) if [ $# -lt 2 ] || [ -z "$2" ]; then die "--prefix needs a folder (try --help)"; fi
              prefix="$(realpath -m "$2")"; shift 2 ;;
    --no-build) build=0; shift ;;
    --no-model) model=0; shift ;;
    --no-system-link) system_link=0; shift ;;
    --uninstall) uninstall=1; shift ;;
    --static-stdlib) static_stdlib=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done

command -v gst-inspect-1.0 >/dev/null \
  || die "gst-inspect-1.0 not found: install gstreamer1.0-tools (scripts/install-deps.sh)"

# GStreamer's system plugin folder: where its own core elements are (follows /lib -> /usr/lib).
system_plugin_dir() {
  local dir
  dir="$(pkg-config --variable=pluginsdir gstreamer-1.0 2>/dev/null || true)"
  if [ -z "$dir" ]; then
    dir="$(gst-inspect-1.0 coreelements 2>/dev/null | sed -n 's/^ *Filename *//p')"
    [ -n "$dir" ] || die "cannot tell where GStreamer's system plugins are (is gstreamer1.0-tools installed?)"
    dir="$(dirname "$dir")"
  fi
  realpath -m "$dir"
}

# Where everything goes.
link=""
if [ -z "$prefix" ]; then
  data="${XDG_DATA_HOME:-${HOME:?HOME is not set}/.local/share}"
  plugin_dir="$data/gstreamer-1.0/plugins"
  runtime_dir="$data/textmirror/runtime"
  # shellcheck disable=SC2016  # $ORIGIN is for the dynamic linker, not the shell
  runpath='$ORIGIN/../../textmirror/runtime'
  model_dir="$data/textmirror/models"
  scope="user $(id -un)"
else
  sysdir="$(system_plugin_dir)"
  if [ "$prefix" = /usr ]; then
    plugin_dir="$sysdir"
  else
    plugin_dir="$prefix/lib/gstreamer-1.0"
    # --uninstall removes a link made earlier even when given --no-system-link.
    (( ! system_link && ! uninstall )) || link="$sysdir/$PLUGIN_FILE"
  fi
  runtime_dir="$(dirname "$plugin_dir")/textmirror/runtime"
  runpath="\$ORIGIN/../textmirror/runtime:$runtime_dir"
  model_dir="$prefix/share/textmirror/models"
  scope="prefix $prefix"
fi
plugin="$plugin_dir/$PLUGIN_FILE"

# Fails early, naming the folder, when this user may not write where the files go.
check_writable() {
  local dir="$1"
  while [ ! -e "$dir" ]; do dir="$(dirname "$dir")"; done
  [ -w "$dir" ] || die "cannot write to $dir: install for this user (no --prefix) or run as root (sudo $0 ${prefix:+--prefix $prefix})"
}

if (( uninstall )); then
  for dir in "$plugin_dir" "$runtime_dir" "$model_dir" ${link:+"$(dirname "$link")"}; do
    [ ! -e "$dir" ] || check_writable "$dir"
  done
  removed=0
  if [ -n "$link" ] && [ -L "$link" ] && [ "$(readlink "$link")" = "$plugin" ]; then
    rm -f "$link"; say "removed $link"; removed=1
  fi
  [ ! -e "$plugin" ] || { rm -f "$plugin"; say "removed $plugin"; removed=1; }
  # swift-runtime: the folder's name before OpenVINO moved in.
  for dir in "$runtime_dir" "$(dirname "$runtime_dir")/swift-runtime"; do
    [ ! -d "$dir" ] || { rm -rf "$dir"; say "removed $dir"; removed=1; }
  done
  for f in "${MODEL_FILES[@]/#/$model_dir/}" "$model_dir/ppocrv4_det.onnx.sha256"; do
    [ ! -e "$f" ] || { rm -f "$f"; say "removed $f"; removed=1; }
  done
  # Folders left empty by the above (never anything else).
  rmdir "$model_dir" "$(dirname "$model_dir")" "$(dirname "$runtime_dir")" 2>/dev/null || true
  [ -z "$prefix" ] || [ "$plugin_dir" = "$(system_plugin_dir)" ] || rmdir "$plugin_dir" 2>/dev/null || true
  (( removed )) || say "nothing of textmirror was installed for $scope"
  exit 0
fi

command -v patchelf >/dev/null || die "patchelf not found: install the Debian package patchelf (scripts/install-deps.sh)"
command -v ldd >/dev/null || die "ldd not found: install the Debian package libc-bin"

build_command=(build -c release --product gsttextmirror)
if (( static_stdlib )); then
  build_command+=(--scratch-path "$source_root/.build/static-stdlib" -Xswiftc -static-stdlib)
  build_plugin="$source_root/.build/static-stdlib/release/$PLUGIN_FILE"
fi
if (( build )); then
  swift="${SWIFT:-swift}"
  command -v "$swift" >/dev/null \
    || die "$swift not found: put the Swift toolchain on PATH, or build elsewhere and use --no-build"
  say "building the plugin (swift ${build_command[*]})"
  # SwiftPM warns that it drops pkg-config's -pthread (a flag it does not pass on; the
  # libraries link their threads anyway): four lines of noise on every build.
  (cd "$source_root" && "$swift" "${build_command[@]}" 2>&1 | { grep -v "prohibited flag(s): -pthread" || true; }) \
    || die "the build failed"
fi
[ -f "$build_plugin" ] \
  || die "$build_plugin does not exist: build it with 'swift ${build_command[*]}' (or leave out --no-build)"

# The Swift libraries the plugin needs: every library ldd resolves in the folder that holds
# libswiftCore.so (libswift*, libdispatch, libBlocksRuntime, ...), transitive ones included.
ldd_out="$(ldd "$build_plugin")" || die "ldd cannot read $build_plugin"
if grep -q 'not found' <<< "$ldd_out"; then
  die "$build_plugin needs libraries that are not found: $(grep 'not found' <<< "$ldd_out" | tr -s ' \t' ' ')"
fi
swift_lib_dir="$(sed -n 's/^[[:space:]]*libswiftCore\.so => \(.*\)\/libswiftCore\.so .*/\1/p' <<< "$ldd_out")"
swift_libs=()
if [ -n "$swift_lib_dir" ]; then
  while read -r path; do swift_libs+=("$path"); done \
    < <(awk -v dir="$swift_lib_dir/" '$2 == "=>" && index($3, dir) == 1 { print $3 }' <<< "$ldd_out")
fi

# OpenVINO's libraries: every file (not the linker's unversioned links) of the unpacked runtime.
openvino_libs=()
if [ -d "$openvino_lib_dir" ]; then
  while read -r path; do openvino_libs+=("$path"); done \
    < <(find "$openvino_lib_dir" -maxdepth 1 -type f -name 'lib*.so*' | sort)
fi
((${#openvino_libs[@]})) \
  || die "no OpenVINO runtime in $openvino_lib_dir: fetch it with scripts/fetch-openvino.sh"

for dir in "$plugin_dir" "$runtime_dir" ${link:+"$(dirname "$link")"}; do check_writable "$dir"; done
(( ! model )) || check_writable "$model_dir"

say "installing for $scope"
mkdir -p "$plugin_dir"
# A new file renamed over the old one: processes that have the old plugin mapped keep theirs.
tmp_plugin="$plugin_dir/.$PLUGIN_FILE.new"
cp "$build_plugin" "$tmp_plugin"
rm -rf "$runtime_dir.new"
mkdir -p "$runtime_dir.new"
((${#swift_libs[@]} == 0)) || cp -L "${swift_libs[@]}" "$runtime_dir.new/"
cp "${openvino_libs[@]}" "$runtime_dir.new/"
rm -rf "$runtime_dir" "$(dirname "$runtime_dir")/swift-runtime"
mv "$runtime_dir.new" "$runtime_dir"
if ((${#swift_libs[@]})); then
  say "Swift runtime: ${#swift_libs[@]} libraries from $swift_lib_dir -> $runtime_dir"
else
  say "the plugin needs no shared Swift runtime (built with -static-stdlib)"
fi
say "OpenVINO: ${#openvino_libs[@]} libraries from $openvino_lib_dir -> $runtime_dir"
patchelf --set-rpath "$runpath" "$tmp_plugin"
chmod 0755 "$tmp_plugin"
mv -f "$tmp_plugin" "$plugin"
runpath_now="$(patchelf --print-rpath "$plugin")"
say "plugin: $plugin (RUNPATH ${runpath_now:-none})"

if [ -n "$link" ]; then
  if [ -e "$link" ] && [ ! -L "$link" ]; then
    die "$link exists and is not a link made by this script: remove it first"
  fi
  ln -sfn "$plugin" "$link"
  say "link: $link -> $plugin"
fi

if (( model )); then
  # The source tree's models/ are copied first; fetch-model.sh then keeps every file that
  # matches its pinned hash and downloads only what is missing or damaged.
  mkdir -p "$model_dir"
  for file in "${MODEL_FILES[@]}"; do
    [ -f "$source_root/models/$file" ] || continue
    cp "$source_root/models/$file" "$model_dir/.$file.new"
    mv -f "$model_dir/.$file.new" "$model_dir/$file"
  done
  "$script_dir/fetch-model.sh" --output "$model_dir" >/dev/null || die "could not fetch the models"
  rm -f "$model_dir/ppocrv4_det.onnx.sha256"  # left by earlier versions
  say "models: $model_dir"
fi

# The check a user would make: a fresh process, run from another folder, with no variable that
# points at the plugin, the model or the toolchain.
check_env=(env -u GST_PLUGIN_PATH -u GST_PLUGIN_PATH_1_0 -u TEXTMIRROR_MODEL -u LD_LIBRARY_PATH)
found="$(cd / && "${check_env[@]}" gst-inspect-1.0 textmirror 2>&1 | sed -n 's/^ *Filename *//p')" || true
if [ -z "$found" ]; then
  die "GStreamer does not find the installed plugin; gst-inspect-1.0 textmirror says: $(cd / && "${check_env[@]}" gst-inspect-1.0 textmirror 2>&1 | tail -n 3)"
elif [ "$(realpath -m "$found")" != "$(realpath -m "$plugin")" ]; then
  say "warning: GStreamer loads textmirror from $found, which comes before $plugin in its search order"
else
  say "check: gst-inspect-1.0 textmirror finds $found"
fi
if (( model )); then
  (cd / && "${check_env[@]}" gst-launch-1.0 -q videotestsrc num-buffers=1 \
      ! video/x-raw,width=64,height=64 ! textmirror ! fakesink) >/dev/null 2>&1 \
    || die "the installed element does not run: try gst-launch-1.0 videotestsrc num-buffers=1 ! textmirror ! fakesink"
  say "check: a pipeline with detection runs (model found without \$TEXTMIRROR_MODEL)"
fi
say "done; remove with: $0 --uninstall${prefix:+ --prefix $prefix}"

#!/usr/bin/env bash
# Builds SeaweedFS (`weed`, whose S3 gateway is the S3-compatible object store the photo tests and
# compose's demo use) into .tools/bin once, then reuses it. The module carries replace directives, so
# `go install pkg@version` refuses it: it is downloaded by exact version and built from its directory.
# Its Go module is published only as a pseudo-version. A long build (10-20 minutes on 2 cores the
# first time; Go's cache makes a rebuild quick): the test command starts it in the background.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="v0.0.0-20261109003541-7506e5f91cd6"
bin="$root/.tools/bin/weed"
stamp="$root/.tools/bin/weed.version"
built() { [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null || true)" = "$version" ]; }
built && exit 0
command -v go >/dev/null || { echo "ensure-seaweedfs: Go is required to build SeaweedFS" >&2; exit 1; }
mkdir -p "$root/.tools/bin"
if command -v flock >/dev/null; then
  exec 9>"$root/.tools/seaweedfs-build.lock"
  flock 9
  built && exit 0
fi
echo "ensure-seaweedfs: building SeaweedFS $version (one time, 10-20 minutes)"
dir="$(GOFLAGS=-mod=mod go mod download -json "github.com/seaweedfs/seaweedfs@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -n "$dir" ] || { echo "ensure-seaweedfs: could not download the SeaweedFS module" >&2; exit 1; }
(cd "$dir" && GOFLAGS=-buildvcs=false go build -trimpath -ldflags "-w -s" -o "$bin" ./weed)
echo "$version" > "$stamp"
echo "ensure-seaweedfs: built $("$bin" version 2>/dev/null | sed -n 1p)"

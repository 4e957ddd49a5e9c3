#!/usr/bin/env bash
# Builds the FerretDB binary (the local MongoDB-protocol server) into .tools/bin once, then reuses it,
# and beside it ferretdb-id-index (scripts/ferretdb-id-index), which gives FerretDB's SQLite handler
# an index its lookups by _id can use (docs/decisions/0042-ferretdb-id-lookup-index.md).
# `go install pkg@version` fails behind a proxy that refuses module version lists (it looks up
# deprecations), so the module is downloaded by exact version and built from its own directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="v1.24.2"
bin="$root/.tools/bin/ferretdb"
built() {
  # (Captured first: `--version | grep -q` can die of SIGPIPE under pipefail.)
  [ -x "$bin" ] || return 1
  local installed
  installed="$("$bin" --version 2>/dev/null || true)"
  case "$installed" in *"${version#v}"*) return 0 ;; esac
  return 1
}
index_src="$root/scripts/ferretdb-id-index"
index_bin="$root/.tools/bin/ferretdb-id-index"
index_stamp="$root/.tools/bin/ferretdb-id-index.sum"
index_sum() { cat "$index_src"/go.mod "$index_src"/go.sum "$index_src"/main.go | sha256sum | cut -d' ' -f1; }
index_built() { [ -x "$index_bin" ] && [ "$(cat "$index_stamp" 2>/dev/null || true)" = "$(index_sum)" ]; }
build_index() {
  index_built && return 0
  echo "ensure-ferretdb: building ferretdb-id-index"
  (cd "$index_src" && GOFLAGS=-buildvcs=false go build -trimpath -o "$index_bin" .)
  index_sum > "$index_stamp"
}
built && index_built && exit 0
command -v go >/dev/null || { echo "ensure-ferretdb: Go is required to build FerretDB" >&2; exit 1; }
mkdir -p "$root/.tools/bin"
# One build at a time: `npm start` begins it beside `npm install` (scripts/start.sh), and the start
# script's own call then waits here for that build instead of making a second one.
if command -v flock >/dev/null; then
  exec 9>"$root/.tools/ferretdb-build.lock"
  flock 9
  built && index_built && exit 0
fi
build_index
built && exit 0
echo "ensure-ferretdb: building FerretDB $version (one time, a few minutes)"
dir="$(GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -n "$dir" ] || { echo "ensure-ferretdb: could not download the FerretDB module" >&2; exit 1; }
# The module zip lacks build/version/version.txt (made by its release tooling) and the binary panics
# without it: build from a writable copy that has it.
src="$(mktemp -d)"
trap 'chmod -R u+w "$src"; rm -rf "$src"' EXIT
cp -R "$dir/." "$src/"
chmod -R u+w "$src"
echo "$version" > "$src/build/version/version.txt"
(cd "$src" && GOFLAGS=-buildvcs=false go build -trimpath -o "$bin" ./cmd/ferretdb)
echo "ensure-ferretdb: built $("$bin" --version 2>/dev/null | sed -n 1p)"

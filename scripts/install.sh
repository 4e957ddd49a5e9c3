#!/usr/bin/env bash
# Shared install steps for the start and test commands (sourced).

install_node_modules() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "[antiquarium] installing npm packages"
    # `npm install`, not `npm ci`: npm 11.19's ci rejects this lock file (it wants entries for other
    # platforms' optional binaries that npm itself does not record), while install follows the lock.
    # The packages' install scripts are run after, all but re2's (below).
    npm install --no-audit --no-fund --loglevel=error --ignore-scripts
    local scripted
    scripted="$(npm query ':attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])' | node scripts/install-scripts.cjs)"
    if [ -n "$scripted" ]; then
      # shellcheck disable=SC2086 # one package name per word
      npm rebuild --loglevel=error $scripted
    fi
  fi
}

# FerretDB's build (a few minutes of Go on a fresh machine) started in the background, beside the
# installs that follow (mostly downloads). Whoever needs the binary calls scripts/ensure-ferretdb.sh
# again: it takes a lock, so it waits for this build instead of making a second one, and reports its
# failure. The output goes to data/logs/ferretdb-build.log.
build_ferretdb_in_background() {
  mkdir -p data/logs
  bash scripts/ensure-ferretdb.sh >data/logs/ferretdb-build.log 2>&1 &
}

# SeaweedFS (the S3-compatible object store the api's photo tests run against), the longest Go build
# (10-20 minutes on a fresh machine): begun first, beside everything else; the api phase waits for it.
build_seaweedfs_in_background() {
  mkdir -p data/logs
  bash scripts/ensure-seaweedfs.sh >data/logs/seaweedfs-build.log 2>&1 &
}

# One build of a tool at a time: waits for a build of it under way elsewhere (the lock
# .tools/<name>-build.lock, held on file descriptor 6), then runs the check "${@:2}" again. 0: the
# tool is there now (the lock is let go); 1: the caller builds it, holding the lock until
# release_build_lock (or its exit). Without flock, 1 at once.
take_build_lock() {
  local name="$1"
  shift
  command -v flock >/dev/null || return 1
  mkdir -p .tools
  exec 6>".tools/$name-build.lock"
  flock 6
  if "$@"; then release_build_lock; return 0; fi
  return 1
}
release_build_lock() { exec 6>&-; }

# Mailpit (the local SMTP server with a web inbox and a REST API: npm start's mail and the tests'),
# built once from the Go module proxy into .tools/bin, like FerretDB (about three minutes the first
# time; MailHog no longer builds). One build at a time: a second caller waits on the lock for the
# first one's binary instead of building again.
install_mailpit() {
  local version="v1.33.1"
  local bin=".tools/bin/mailpit"
  mailpit_built() {
    # Captured first: `version | grep -q` can die of SIGPIPE under pipefail.
    [ -x "$bin" ] || return 1
    local installed
    installed="$("$bin" version --no-release-check 2>/dev/null || true)"
    case "$installed" in *"$version"*) return 0 ;; esac
    return 1
  }
  mailpit_built && return 0
  command -v go >/dev/null || { echo "[antiquarium] Go is required to build Mailpit" >&2; return 1; }
  mkdir -p .tools/bin
  take_build_lock mailpit mailpit_built && return 0
  echo "[antiquarium] building Mailpit $version (one time, a few minutes)"
  # The version is stamped as Mailpit's own release build does, so that the check above can read it.
  GOBIN="$PWD/.tools/bin" go install -trimpath -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$version" "github.com/axllent/mailpit@$version"
  release_build_lock
  "$bin" version --no-release-check
}

# Mailpit's build started in the background beside the installs that follow, as FerretDB's: whoever
# needs the binary (scripts/lib/services.mjs's ensureMailpit) calls install_mailpit again, which waits
# on the lock for this build and reports its failure. The output goes to data/logs/mailpit-build.log.
build_mailpit_in_background() {
  mkdir -p data/logs
  (install_mailpit) >data/logs/mailpit-build.log 2>&1 &
}

# Debian's Chromium (the bench's and the bundle-size script's) and its headless shell (the journeys':
# the same version, about half the CPU per page, decision 0051).
install_chromium() {
  if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1; then return 0; fi
  echo "[antiquarium] installing Debian's chromium and chromium-headless-shell"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
}

# Only for the benchmark (`npm run bench`), not the start or test commands: wrk, the HTTP load tool.
install_wrk() {
  if command -v wrk >/dev/null 2>&1; then return 0; fi
  echo "[antiquarium] installing wrk (HTTP load generator) for the benchmark"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
}

# Docker Compose v2, to validate docker-compose.yml (`docker-compose config`) on machines without a
# Docker engine: Debian ships only Compose 1.29, which predates the file's top-level `name` and other
# parts of the Compose specification. Built once from the Go module proxy into .tools/bin, like
# FerretDB (a few minutes the first time); `go install pkg@version` refuses the module (it has
# exclude directives), so it is built from its own downloaded directory.
install_docker_compose() {
  local version="v2.40.3"
  local bin=".tools/bin/docker-compose"
  # Captured first: `version | grep -q` can die of SIGPIPE under pipefail.
  compose_built() { [ -x "$bin" ] && [ "$("$bin" version --short 2>/dev/null || true)" = "${version#v}" ]; }
  compose_built && return 0
  command -v go >/dev/null || { echo "[antiquarium] Go is required to build Docker Compose" >&2; return 1; }
  mkdir -p .tools/bin
  # The deploy phase's call waits on the lock for the background build's binary.
  take_build_lock docker-compose compose_built && return 0
  echo "[antiquarium] building Docker Compose $version (one time, a few minutes)"
  local dir
  dir="$(GOFLAGS=-mod=mod go mod download -json "github.com/docker/compose/v2@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -n "$dir" ] || { echo "[antiquarium] could not download the Docker Compose module" >&2; return 1; }
  local out="$PWD/$bin"
  (cd "$dir" && GOFLAGS=-buildvcs=false go build -trimpath -ldflags "-w -X github.com/docker/compose/v2/internal.Version=$version" -o "$out" ./cmd)
  release_build_lock
  "$bin" version
}

# Compose's build started in the background beside the installs that follow, as Mailpit's: the
# deploy phase (scripts/deploy-phase.mjs) calls install_docker_compose again, which waits on the lock
# for this build and reports its failure. The output goes to data/logs/docker-compose-build.log.
build_docker_compose_in_background() {
  mkdir -p data/logs
  (install_docker_compose) >data/logs/docker-compose-build.log 2>&1 &
}

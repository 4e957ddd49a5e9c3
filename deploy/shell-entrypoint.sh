#!/bin/sh
# The shell container's start command (deploy/Dockerfile, target `shell`; the deploy tests run it as
# it is): writes /runtime-config.json from the environment, then serves the shell's build.
set -eu
config="${TMPDIR:-/tmp}/runtime-config.json"
node deploy/runtime-config.mjs "$config"
exec node deploy/serve-static.mjs shell/dist "${PORT:-8080}" --spa --runtime-config "$config"

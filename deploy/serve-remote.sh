#!/bin/sh
# A remote container's start command (mfe-*/Dockerfile CMD; the deploy tests run it as it is):
# serves the remote's build with CORS, since the shell fetches its manifest and chunks from another
# origin. Cache headers: manifests and remoteEntry.js revalidated, content-hashed files immutable.
set -eu
exec node deploy/serve-static.mjs "$1" "${PORT:-8080}" --cors

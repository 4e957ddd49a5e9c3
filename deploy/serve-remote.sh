#!/bin/sh
# A remote container's start command (deploy/Dockerfile, target `remote`; the deploy tests run it as
# it is): serves the remote's build, REMOTE_DIST (the image sets it from its build argument REMOTE),
# with CORS, since the shell fetches its manifest and chunks from another origin. Cache headers:
# manifests and remoteEntry.js revalidated, content-hashed files immutable.
set -eu
exec node deploy/serve-static.mjs "${REMOTE_DIST:?the folder of the remote build to serve}" "${PORT:-8080}" --cors

#!/usr/bin/env bash
# Shared install steps for the start and test commands (sourced).

install_node_modules() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "[antiquarium] installing npm packages"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

install_chromium() {
  if command -v chromium >/dev/null 2>&1; then return 0; fi
  echo "[antiquarium] installing Debian's chromium"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-liberation >/dev/null
}

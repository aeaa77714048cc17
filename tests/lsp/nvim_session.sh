#!/bin/sh
# Run the editor session of tests/it/lsp.rs through Neovim's built-in LSP client, headless.
# Usage: tests/lsp/nvim_session.sh [path/to/ply]   (default: target/debug/ply)
# Exits 77 (skipped) when nvim is not installed; Debian: apt-get install -y neovim.
set -eu
cd "$(dirname "$0")/../.."
PLY=${1:-${PLY:-target/debug/ply}}
if ! command -v nvim >/dev/null 2>&1; then
  echo "nvim not found: skipped" >&2
  exit 77
fi
export PLY
# The session edits the buffer but never writes it; no swap file, no user configuration.
exec timeout 120 nvim --headless --clean -n -c "luafile tests/lsp/nvim_session.lua"

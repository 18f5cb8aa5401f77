#!/usr/bin/env bash
# Supply-chain checks with cargo-deny against deny.toml: licences (permissive allow-list), bans
# (duplicate versions warned, wildcards and TLS stacks refused), sources (crates.io only) and
# security advisories (RustSec).
#
# Installs cargo-deny (`cargo install --locked cargo-deny`) when it is missing. The advisory
# database is fetched from the network; when it cannot be had, the script says so on stderr,
# runs the other three checks, and still fails on their findings. RECKON_DENY_REQUIRE_ADVISORIES=1
# turns a missing database into a failure (for a CI that must not skip it).
#
# Usage: scripts/deny.sh [CHECK ...]   (default: every check; e.g. scripts/deny.sh licenses)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo deny --version >/dev/null 2>&1; then
  echo "== installing cargo-deny (cargo install --locked cargo-deny)"
  cargo install --locked cargo-deny
fi
echo "== $(cargo deny --version)"

checks=("$@")
if [ ${#checks[@]} -eq 0 ]; then
  checks=(advisories bans licenses sources)
fi

wants_advisories=false
offline_checks=()
for check in "${checks[@]}"; do
  if [ "$check" = advisories ]; then
    wants_advisories=true
  else
    offline_checks+=("$check")
  fi
done

if $wants_advisories; then
  echo "== fetching the advisory database"
  if cargo deny fetch db; then
    # The database is fresh: every check, advisories included, in one run.
    exec cargo deny --locked check "${checks[@]}"
  fi
  echo "WARNING: the advisory database could not be fetched; the advisories check is SKIPPED." >&2
  echo "WARNING: licences, bans and sources are still checked. Re-run with network access to check advisories." >&2
  if [ "${RECKON_DENY_REQUIRE_ADVISORIES:-0}" = 1 ]; then
    echo "error: RECKON_DENY_REQUIRE_ADVISORIES=1 and no advisory database" >&2
    exit 1
  fi
fi

if [ ${#offline_checks[@]} -gt 0 ]; then
  # --offline: the crates index is not needed for these checks, and cargo metadata works from the
  # lockfile and the local registry cache. That cache must hold every package of the lockfile,
  # for every platform (r-efi, windows-*...), not only what a build on this machine downloaded:
  # `cargo fetch` gets them from crates.io, which a CI without GitHub access can still reach.
  cargo fetch --locked --quiet || echo "WARNING: cargo fetch failed; the checks below use the local cache as it is." >&2
  exec cargo deny --offline --locked check "${offline_checks[@]}"
fi

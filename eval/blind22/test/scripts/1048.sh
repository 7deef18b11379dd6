#!/usr/bin/env bash
# ci-debug.sh - attach to a failing CI job to see why the codegen step picks
# the wrong protoc; dumps the job environment into the build log.
set -u

echo "== uname"
uname -a
echo "== PATH entries"
tr ':' '\n' <<<"$PATH"
echo "== environment"
env | sort
echo "== protoc candidates"
type -a protoc 2>/dev/null || echo "protoc not on PATH"
echo "== buf"
buf --version 2>/dev/null || echo "buf not on PATH"
echo "== working directory"
pwd
ls -la
mkdir -p build
env | sort > build/ci-env.txt
echo "environment also saved to build/ci-env.txt"

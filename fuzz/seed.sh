#!/usr/bin/env bash
# Seed the libFuzzer corpus with the bundled scripts (the big deep_braces
# one excepted: it would raise libFuzzer's input size for every run).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/run_script
find ../scripts -name '*.game' -size -16k | while read -r f; do
  name="${f#../}"; name="${name%.game}"
  # No .game extension: `meeple test` (which searches `.`) must not pick them up.
  cp "$f" "corpus/run_script/seed-$(echo "$name" | tr '/' '_')"
done
ls corpus/run_script | wc -l

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
# Issue 19's hostile shapes, scaled down to seed size: a 1×300 row whose
# pieces pile into one tall stack in turn 1 (then step, show, line, undo),
# and a 60×60 board traced with `line`.
{
  printf 'scenario "pile" {\n  game stacking\n  rule stack 1000000000\n  rule limit none\n  board [['
  for i in $(seq 1 299); do printf '0, '; done
  printf '0]]\n'
  for i in $(seq 1 300); do printf '  piece %d at (0, %d) facing left\n' "$i" $((300 - i)); done
  printf '  step 64\n  show\n  line 5\n  undo\n  solve\n}\n'
} > corpus/run_script/seed-issue19-pile
{
  printf 'scenario "wide trace" {\n  game stacking\n  board {\n'
  for r in $(seq 1 60); do printf '    '; for c in $(seq 1 60); do printf 'w'; done; printf '\n'; done
  printf '  }\n  piece 1 at (0, 0) facing right\n  piece 2 at (5, 5) facing down\n  line\n  show\n}\n'
} > corpus/run_script/seed-issue19-wide-trace
# Issue 19 item 2's size shapes (tests/it/hostile_corpus.rs at full size),
# small: a board array, a footholds and a stacking judge input, long dice and
# `line` lists, a long track, many statements, deep brackets, a long number.
{
  printf 'scenario "array" {\n  game stacking\n  board ['
  for r in $(seq 1 20); do printf '[0,0,0,0,0,0,0,0,0,0],'; done
  printf ']\n  piece 1 at (0, 0) facing right\n  solve\n}\n'
  printf 'scenario "fh" {\n  game footholds\n  input """[[1,1,1],[1,0,1]] [0,0] [0,2]"""\n  solve\n}\n'
  printf 'scenario "st" {\n  game stacking\n  input """4 2\n0 0 0 0\n0 1 2 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 3 1\n"""\n  solve\n}\n'
  printf 'scenario "yut" {\n  game yut\n  input """'
  for i in $(seq 1 200); do printf '%d ' $((i % 5 + 1)); done
  printf '"""\n  solve\n}\n'
  printf 'scenario "dice" {\n  game yut\n  dice'
  for i in $(seq 1 200); do printf ' %d' $((i % 5 + 1)); done
  printf '\n  solve\n}\n'
  printf 'scenario "line" {\n  game stacking\n  line'
  for i in $(seq 1 100); do printf ' 1'; done
  printf '\n}\n'
} > corpus/run_script/seed-issue19-sizes
{
  printf 'track t {\n  route start'
  for i in $(seq 1 300); do printf ' %d' "$i"; done
  printf ' finish\n}\nscenario "t" {\n  game yut\n  board t\n  dice 1 2 3\n  solve\n'
  for i in $(seq 1 300); do printf '  show\n'; done
  printf '  board [[[[[[[[[[[[[[[[\n  expect answer %s\n}\n' "$(printf '9%.0s' $(seq 1 500))"
} > corpus/run_script/seed-issue19-counts
ls corpus/run_script | wc -l

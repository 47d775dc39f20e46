#!/bin/sh
# `prefs edit` as a person uses it: in a terminal (a tmux pane), with vi, typing keys.
#
#   Scripts/prefs-edit-tmux.sh PREFS FOLDER
#
# PREFS is the built `prefs`; FOLDER an empty folder to work in. The person sets fontSize to
# 4000, which the published schema forbids; prefs lists the problem and asks; they edit again.
# Meanwhile the "app" changes name, which they change too; on save prefs names the conflict
# and asks; they keep the app's name. Checks that fontSize is 16 and name is the app's.
# Every wait polls the pane with a deadline. Exits 0 on success, 1 on a failure (printing the
# pane), 77 when tmux or vi is missing. Run by PrefsEditTerminalTests.
set -eu

prefs=$1
folder=$2
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed"; exit 77; }
command -v vi >/dev/null 2>&1 || { echo "vi is not installed"; exit 77; }

cd "$folder"
socket="prefs-edit-$$"
tmux_() { env -u TMUX tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server >/dev/null 2>&1 || true' EXIT

"$prefs" write s.json fontSize -float 12
"$prefs" write s.json name Ada
cat > s.schema.json <<'EOF'
{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
 "properties": {"fontSize": {"type": "number", "minimum": 8, "maximum": 72,
                             "description": "Font size in points"}}}
EOF

# Waits up to 20 s for the pane to show $1.
wait_for() {
  deadline=$(($(date +%s) + 20))
  while ! tmux_ capture-pane -p -J -S -100 | grep -F -q -- "$1"; do
    if [ "$(date +%s)" -gt "$deadline" ]; then
      echo "FAIL: the pane never showed: $1"
      echo "--- pane ---"
      tmux_ capture-pane -p -J -S -100
      exit 1
    fi
    sleep 0.1
  done
}

# vi -u NONE: no vimrc, so the keys below mean the same on every machine.
tmux_ new-session -d -x 120 -y 40 -s edit \
  "cd '$folder' && VISUAL= EDITOR='vi -u NONE' '$prefs' edit s.json; echo \"prefs exited \$?\"; read x"

wait_for "fontSize (number, 8 to 72): Font size in points"
wait_for "fontSize = 12.0"
tmux_ send-keys -t edit "/^fontSize" Enter "cc" "fontSize = 4000" Escape ":wq" Enter
wait_for "fontSize: 4000 is above the maximum, 72"
wait_for "What now? (e)dit again, (d)iscard the edit, (w)rite anyway:"
tmux_ send-keys -t edit "e" Enter

wait_for "fontSize = 4000"
"$prefs" write s.json name Bo
tmux_ send-keys -t edit "/^fontSize" Enter "cc" "fontSize = 16" Escape \
  "/^name" Enter "cc" 'name = "Cy"' Escape ":wq" Enter
wait_for 'name: was "Ada", is now "Bo", you wrote "Cy"'
wait_for "(k)eep the store's and write the rest"
tmux_ send-keys -t edit "k" Enter

wait_for "prefs exited 0"
wait_for "wrote 1 change to $(pwd)/s.json: fontSize"
font=$("$prefs" read s.json fontSize)
name=$("$prefs" read s.json name)
if [ "$font" != "16" ] || [ "$name" != "Bo" ]; then
  echo "FAIL: the store holds fontSize $font and name $name, not 16 and Bo"
  exit 1
fi
echo "ok: prefs edit in a terminal: edit again after a forbidden value, keep the app's change"

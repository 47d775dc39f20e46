#!/bin/sh
# `prefs edit` as a person uses it: in a terminal (a tmux pane), with vi, typing keys.
#
#   Scripts/prefs-edit-tmux.sh PREFS FOLDER
#
# PREFS is the built `prefs`; FOLDER an empty folder to work in. The person sets fontSize to
# 4000, which the published schema forbids; prefs lists the problem and asks; they edit again.
# Meanwhile the "app" changes name, which they change too; on save prefs names the conflict
# and asks; they keep the app's name. Checks that fontSize is 16 and name is the app's. Then,
# with a scripted editor in the same kind of pane: a forbidden value written anyway, one
# discarded, and a conflict overwritten.
# Every wait polls the pane with a deadline. Exits 0 on success, 1 on a failure (printing the
# pane), 77 when tmux or vi is missing. Run by PrefsEditTests.
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
  while ! tmux_ capture-pane -t "$pane" -p -J -S -100 | grep -F -q -- "$1"; do
    if [ "$(date +%s)" -gt "$deadline" ]; then
      echo "FAIL: the pane never showed: $1"
      echo "--- pane ---"
      tmux_ capture-pane -t "$pane" -p -J -S -100
      exit 1
    fi
    sleep 0.1
  done
}

# vi -u NONE: no vimrc, so the keys below mean the same on every machine.
pane=edit
tmux_ new-session -d -x 120 -y 40 -s "$pane" \
  "cd '$folder' && VISUAL= EDITOR='vi -u NONE' '$prefs' edit s.json; echo \"prefs exited \$?\"; read x"

wait_for "fontSize (number, 8 to 72): Font size in points"
wait_for "fontSize = 12.0"
tmux_ send-keys -t "$pane" "/^fontSize" Enter "cc" "fontSize = 4000" Escape ":wq" Enter
wait_for "fontSize: maximum 72: found 4000"
wait_for "What now? (e)dit again, (d)iscard the edit, (w)rite anyway:"
tmux_ send-keys -t "$pane" "e" Enter

wait_for "fontSize = 4000"
"$prefs" write s.json name Bo
tmux_ send-keys -t "$pane" "/^fontSize" Enter "cc" "fontSize = 16" Escape \
  "/^name" Enter "cc" 'name = "Cy"' Escape ":wq" Enter
wait_for 'name: was "Ada", is now "Bo", you wrote "Cy"'
wait_for "(k)eep the store's and write the rest"
tmux_ send-keys -t "$pane" "k" Enter

wait_for "prefs exited 0"
wait_for "wrote 1 change to $(pwd)/s.json: fontSize"
font=$("$prefs" read s.json fontSize)
name=$("$prefs" read s.json name)
if [ "$font" != "16" ] || [ "$name" != "Bo" ]; then
  echo "FAIL: the store holds fontSize $font and name $name, not 16 and Bo"
  exit 1
fi
# Runs prefs edit in a new pane with an editor script that applies the sed expression $1
# (after the "app" writes name $3, when $3 is set), waits for $2, answers $4, and waits for
# the exit status $5.
scripted() {
  {
    echo '#!/bin/sh'
    [ -z "$3" ] || echo "'$prefs' write '$folder/s.json' name '$3'"
    echo "sed -i.bak -e '$1' \"\$1\""
  } > editor.sh
  # A new session each time: the earlier ones wait in `read` until the server is killed.
  pane="edit$(($(echo "$pane" | tr -cd 0-9) + 1))"
  tmux_ new-session -d -x 120 -y 40 -s "$pane" \
    "cd '$folder' && VISUAL= EDITOR='sh editor.sh' '$prefs' edit s.json; echo \"prefs exited \$?\"; read x"
  wait_for "$2"
  tmux_ send-keys -t "$pane" "$4" Enter
  wait_for "prefs exited $5"
}
expect_value() {
  value=$("$prefs" read s.json "$1")
  if [ "$value" != "$2" ]; then echo "FAIL: $1 is $value, not $2"; exit 1; fi
}

scripted 's/^fontSize = .*/fontSize = 100/' "(w)rite anyway:" "" w 0
expect_value fontSize 100
scripted 's/^fontSize = .*/fontSize = 200/' "(w)rite anyway:" "" d 1
wait_for "prefs: discarded; $(pwd)/s.json was left as it was"
expect_value fontSize 100
scripted 's/^name = .*/name = "Dee"/' 'name: was "Bo", is now "Eve", you wrote "Dee"' Eve o 0
expect_value name Dee

echo "ok: prefs edit in a terminal: edit again, keep the app's change, write anyway, discard, overwrite"

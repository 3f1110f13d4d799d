"""The shell completions in completions/ offer exactly the commands and long options that
the program's own --help lists, so the two cannot drift apart. bash and fish are asked for
completions as an interactive shell would ask them; zsh, which needs a terminal for that,
is syntax-checked and its option lists are read from the file.

Usage: completions_test.py ROBOTSTXT_CLI COMPLETIONS_DIR
"""

import os
import re
import subprocess
import sys
import tempfile

cli, folder = sys.argv[1], sys.argv[2]
failures = []


def expect(what, got, wanted):
    if set(got) != set(wanted):
        failures.append(f"{what}: offers {sorted(got)}, --help says {sorted(wanted)}")


def help_text(*command):
    return subprocess.run([cli, *command, "--help"], capture_output=True, text=True,
                          check=True).stdout


# The commands under "Commands:", and each command's long options under "Options:".
top = help_text()
commands = re.findall(r"^  ([a-z]+) ", top.split("Commands:")[1], re.M)
options = {
    command: re.findall(r"^ +(?:-\w,)?(--[\w-]+)", help_text(command).split("Options:")[1], re.M)
    for command in commands
}
if len(commands) < 8 or any("--help" not in found for found in options.values()):
    failures.append(f"could not read the commands and options from --help: {options}")


def bash_offers(*words):
    script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _robotstxt; '
              'printf "%s\\n" "${COMPREPLY[@]}"')
    result = subprocess.run(["bash", "-c", script, "bash", f"{folder}/robotstxt.bash",
                             cli, *words], capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if line]


expect("bash, first word", bash_offers(""), commands + ["help", "--help", "--version"])
expect("bash, help COMMAND", bash_offers("help", ""), commands)
expect("bash, check --j", bash_offers("check", "--j"), ["--json"])
# After --crawler, the catalogue's names that start with what was typed, quoted when they
# hold spaces.
expect("bash, check --crawler Googlebot-N", bash_offers("check", "--crawler", "Googlebot-N"),
       ["Googlebot-News", r"Googlebot-News\ \(images\)"])
for command in commands:
    expect(f"bash, {command} --", bash_offers(command, "--"), options[command])
    expect(f"bash, {command} FILE", bash_offers(command, "robots"), [])

with tempfile.TemporaryDirectory() as home:
    # An empty home: no user configuration or completions of the machine's user.
    environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home)

    def fish_offers(line):
        script = 'source $argv[1]; complete -C $argv[2]'
        result = subprocess.run(["fish", "-c", script, f"{folder}/robotstxt.fish", line],
                                capture_output=True, text=True, check=True, env=environment)
        return [entry.split("\t")[0] for entry in result.stdout.splitlines()]

    subprocess.run(["fish", "--no-execute", f"{folder}/robotstxt.fish"], check=True)
    expect("fish, first word", fish_offers("robotstxt "), commands + ["help"])
    expect("fish, help COMMAND", fish_offers("robotstxt help "), commands)
    for command in commands:
        expect(f"fish, {command} --", fish_offers(f"robotstxt {command} --"), options[command])

# zsh: `case` branches "name|name) _arguments ... ;;" list each command's options.
subprocess.run(["zsh", "-n", f"{folder}/_robotstxt"], check=True)
zsh = open(f"{folder}/_robotstxt", encoding="utf-8").read()
zsh_options = {}
for names, body in re.findall(r"^ +([a-z|]+)\) _arguments \$help(.*?);;", zsh, re.M | re.S):
    found = re.findall(r"(--[\w-]+)", body) + ["--help"]
    for name in names.split("|"):
        zsh_options[name] = found
expect("zsh, commands", re.findall(r"^    '([a-z]+):", zsh, re.M), commands)
for command in commands:
    expect(f"zsh, {command} options", zsh_options.get(command, []), options[command])

for failure in failures:
    print(failure, file=sys.stderr)
sys.exit(1 if failures else 0)

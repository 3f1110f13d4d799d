# fish completion for robotstxt: the commands, then each command's options; file names
# for the arguments. tests/completions_test.py checks the option lists against what
# `robotstxt COMMAND --help` says, so they cannot drift apart.

set -l commands check explain diff info lint fetch crawlers audit serve help
set -l no_command "not __fish_seen_subcommand_from $commands"

complete -c robotstxt -f -n $no_command -a check -d 'May an agent fetch a URL'
complete -c robotstxt -f -n $no_command -a explain -d 'One verdict, step by step'
complete -c robotstxt -f -n $no_command -a diff -d 'What a change changes'
complete -c robotstxt -f -n $no_command -a info -d 'Groups, rules, sitemaps, crawl-delay'
complete -c robotstxt -f -n $no_command -a lint -d 'Lines crawlers read differently'
complete -c robotstxt -f -n $no_command -a fetch -d 'Fetch a robots.txt as Google does'
complete -c robotstxt -f -n $no_command -a crawlers -d 'The crawler catalogue'
complete -c robotstxt -f -n $no_command -a audit -d 'Every crawler against these URLs'
complete -c robotstxt -f -n $no_command -a serve -d 'Answer over HTTP for a crawler fleet'
complete -c robotstxt -f -n $no_command -a help -d 'Describe a command'
complete -c robotstxt -n $no_command -l version -d 'Print the version and exit'
complete -c robotstxt -f -n '__fish_seen_subcommand_from help' -a 'check explain diff info lint fetch crawlers audit serve'

complete -c robotstxt -s h -l help -d 'Print help and exit'
complete -c robotstxt -n '__fish_seen_subcommand_from check explain diff info fetch' -s a -l agent -x -d 'Product tokens, comma-separated'
complete -c robotstxt -n '__fish_seen_subcommand_from check explain fetch' -l crawler -x -d 'A crawler of the catalogue'
complete -c robotstxt -n '__fish_seen_subcommand_from check explain diff info lint fetch crawlers audit' -l json -d 'JSON output'
complete -c robotstxt -n '__fish_seen_subcommand_from diff audit' -l urls -r -d 'File of URLs'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch serve' -l timeout -x -d 'Seconds per fetch'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch serve' -l user-agent-header -x -d 'User-Agent header to send'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch serve' -l concurrency -x -d 'Origins fetched at once'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch serve' -l connect-to -x -d 'Connect to another host:port'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch' -l ca-file -r -d 'CA certificates to trust'
complete -c robotstxt -n '__fish_seen_subcommand_from fetch serve' -l redis -x -d 'redis://HOST:PORT/DB, the shared cache tier'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l listen -x -d 'HOST:PORT to listen on'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l token-file -r -d 'File holding the bearer token'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l allow-private -d 'Also fetch from non-public addresses'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l max-batch -x -d 'URLs accepted in one request'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l max-connections -x -d 'Open client connections'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l cache-bytes -x -d 'Memory for the cache of compiled rules'
complete -c robotstxt -n '__fish_seen_subcommand_from serve' -l max-fetches -x -d 'Fetches in flight for the whole process'
complete -c robotstxt -n '__fish_seen_subcommand_from crawlers' -l purpose -x -d 'Only crawlers with this purpose'
complete -c robotstxt -n '__fish_seen_subcommand_from audit' -l crawlers -x -d 'Comma-separated crawler names'

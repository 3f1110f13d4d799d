# bash completion for robotstxt: the commands, then each command's long options; file
# names everywhere else (complete -o default). tests/completions_test.py checks these
# lists against what `robotstxt COMMAND --help` says, so they cannot drift apart.

_robotstxt() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local commands="check explain diff info lint fetch crawlers audit census serve"
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$commands help --help --version" -- "$cur")
    return
  fi
  # After --crawler: the catalogue's names, from the robotstxt being completed, so they
  # match its version. Some names hold spaces: each is offered quoted.
  if [[ ${COMP_WORDS[COMP_CWORD - 1]} == --crawler ]]; then
    local names
    names=$("${COMP_WORDS[0]}" crawlers 2>/dev/null | sed -n 's/^\([^ ].*\)  (.*)$/\1/p')
    local name
    while IFS= read -r name; do
      [[ -n $name ]] && COMPREPLY+=("$(printf '%q' "$name")")
    done < <(IFS=$'\n' compgen -W "$names" -- "$cur")
    return
  fi
  local options
  case ${COMP_WORDS[1]} in
    help)
      ((COMP_CWORD == 2)) && mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
      return
      ;;
    check | explain) options="--help --agent --crawler --user-agent-string --as-written --json" ;;
    diff)
      options="--help --urls --agent --crawler --user-agent-string --as-written --merge --json"
      ;;
    info) options="--help --agent --crawler --user-agent-string --as-written --json --all" ;;
    lint) options="--help --json --all" ;;
    fetch)
      options="--help --agent --crawler --user-agent-string --as-written --json --timeout --user-agent-header --concurrency
               --connect-to --proxy --ca-file --redis --redis-sentinel --redis-master
               --redis-password-file --polite --polite-spacing"
      ;;
    serve)
      options="--help --listen --redis --redis-sentinel --redis-master --redis-password-file --redis-cluster
               --token-file --no-token --allow-private --concurrency
               --user-agent-header --timeout --max-batch --max-batch-origins --max-connections --max-fetches
               --header-timeout --idle-timeout --drain-timeout --allowed-host --connect-to --proxy
               --request-fetch-share --refresh-interval --max-request-work --max-answer-bytes
               --cache-bytes --polite-spacing --polite-max-spacing --polite-max-wait --crawl-delay-for-agents
               --access-log"
      ;;
    crawlers) options="--help --purpose --json" ;;
    audit)
      options="--help --urls --crawlers --agent --crawler --user-agent-string --as-written --json"
      ;;
    census) options="--help --merge --diff --jobs --paths --crawlers --out --label --ranks --progress" ;;
    *) return ;;
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
  fi
}

complete -o default -F _robotstxt robotstxt

# What the paired comparisons share (bench/compare_builds.sh, bench/compare_bindings.sh),
# sourced by them: the order of a pair's two runs and the median of the pairs' ratios.

# The order in which pair $1 runs the two versions: old first in even pairs, new first in
# odd ones, so that neither always runs on a warmer (or a more loaded) machine.
pair_order() {
  if (($1 % 2 == 0)); then echo old new; else echo new old; fi
}

# An awk function, median(values, count): the median of values[1..count]. Prepend it to
# an awk program: awk "$paired_median_awk"'{ ... }'.
paired_median_awk='
  function median(values, count,    sorted, i, j, swap) {
    for (i = 1; i <= count; ++i) sorted[i] = values[i]
    for (i = 2; i <= count; ++i)
      for (j = i; j > 1 && sorted[j - 1] > sorted[j]; --j) {
        swap = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = swap
      }
    return count % 2 ? sorted[(count + 1) / 2] : (sorted[count / 2] + sorted[count / 2 + 1]) / 2
  }
'

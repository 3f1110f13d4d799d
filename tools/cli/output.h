// Standard output for every subcommand, with write errors reported instead of lost:
// a full disk is "robotstxt: write error: No space left on device" and exit 2; a reader
// that went away (`| head -1`) ends the process quietly with success, as `cat` does.
#ifndef ROBOTSTXT_TOOLS_CLI_OUTPUT_H_
#define ROBOTSTXT_TOOLS_CLI_OUTPUT_H_

namespace robotstxt::cli {

/// Points std::cout at a buffer that writes to file descriptor 1 with write(2) and
/// remembers the first error. Call once, before any output.
void use_checked_stdout();

/// Writes what is still buffered. Returns `exit_code`, or kExitUsage after reporting
/// the write error once on stderr if any write failed.
int finish_stdout(int exit_code);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_OUTPUT_H_

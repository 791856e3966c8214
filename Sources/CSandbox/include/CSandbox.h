#ifndef CSANDBOX_H
#define CSANDBOX_H
#include <stddef.h>
#include <sys/types.h>

/// Starts `path` (argv, envp NULL-terminated) in `directory`, with
/// `descriptors[i]` (a descriptor of the caller's) as its descriptor i for i
/// below `count`, every other descriptor closed, signals unblocked and at
/// their defaults. Returns 0 and fills *pid; otherwise an errno value.
int sandbox_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  const int *descriptors, int count, pid_t *pid);

/// The engine sandbox's system-call allowlists (`SeccompPolicy.c`), each
/// narrower than the one before: what bwrap installs before a program's
/// first instruction (libraries, execve, fork-style clone for the zygote),
/// a whole program's task confinement (no new processes), a zygote child's
/// (nothing opened, no execve, signals to itself only).
enum { SANDBOX_POLICY_LAUNCH = 0, SANDBOX_POLICY_PROGRAM = 1, SANDBOX_POLICY_TASK = 2 };

/// Writes `policy` as a BPF program to `fd` (bwrap's `--seccomp FD`).
/// Returns 0 or an errno value.
int sandbox_policy_export(int policy, int fd);

/// Installs `policy` on the calling process, with no-new-privs; a filter
/// already there stays, so the result is never wider. Returns 0 or an errno value.
int sandbox_policy_load(int policy);

/// fork(2), which Swift does not offer: the engine zygote's one use, a
/// child per task from a single-threaded parent.
pid_t sandbox_fork(void);

/// A zygote's child, before it reads its task: it dies with the zygote
/// (PR_SET_PDEATHSIG), and takes the task policy, for good. Returns 0 or an
/// errno value (ESRCH: the zygote is already gone).
int sandbox_child_enter(pid_t expected_parent);

/// As `sandbox_child_enter`, in the program policy: for a child that starts
/// a stand-in program (it needs execve and its libraries).
int sandbox_program_enter(pid_t expected_parent);

/// PR_SET_DUMPABLE 0: no core file, and no other process of the same user
/// may read this one's memory or open its descriptors through /proc.
int sandbox_not_dumpable(void);

/// Gives the calling process `milliseconds` of CPU time from now (all its
/// threads together): past them a process CPU-time timer sends SIGXCPU,
/// which ends the process; RLIMIT_CPU a second or two later is the kernel's
/// backstop. A worker calls it before each task. Returns 0 or an errno value.
int sandbox_cpu_budget(unsigned int milliseconds);

/// Disarms the budget's timer between tasks. Returns 0 or an errno value.
int sandbox_cpu_budget_clear(void);

/// Waits up to `milliseconds` for `fd` to be readable (or closed). Returns 1
/// when it is, 0 on timeout, -1 with errno on error.
int sandbox_wait_readable(int fd, int milliseconds);

/// Waits up to `milliseconds` for either descriptor's events (POLLIN,
/// POLLOUT; a closed end counts as ready). Returns a mask: 1 the first is
/// ready, 2 the second; 0 on timeout; -1 with errno on error.
int sandbox_wait_two(int first, int first_events, int second, int second_events, int milliseconds);

/// pipe2 with O_CLOEXEC (glibc declares it for _GNU_SOURCE only). Returns 0 or an errno value.
int sandbox_pipe(int ends[2]);

/// RLIMIT_NOFILE: with `raise`, the soft limit goes up to `wanted`, or to
/// the hard limit if that is lower; fills *soft and *hard with the limits
/// then in force. Returns 0 or an errno value.
int sandbox_descriptor_limit(unsigned long long wanted, int raise, unsigned long long *soft, unsigned long long *hard);

#endif

#ifndef CSANDBOX_H
#define CSANDBOX_H
#include <stddef.h>
#include <sys/types.h>

/// Starts `path` (argv, envp NULL-terminated) in `directory`, its standard
/// input and output joined to pipes the caller keeps, its standard error the
/// caller's, every other descriptor closed, signals unblocked. Returns 0 and
/// fills *pid, *to_child (write end) and *from_child (read end); otherwise an
/// errno value.
int sandbox_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  pid_t *pid, int *to_child, int *from_child);

/// Limits the calling process: `address_space_bytes` of virtual memory
/// (RLIMIT_AS; 0 leaves it), no core files (they would hold the images), at
/// most 256 open files. Returns 0 or an errno value.
int sandbox_limit(unsigned long long address_space_bytes);

/// Confines the calling process, every thread of it, for good: it dies with its parent
/// (PR_SET_PDEATHSIG), can never gain privileges (PR_SET_NO_NEW_PRIVS), and a
/// seccomp filter refuses (EPERM) the system calls image decoding never needs:
/// networking, starting programs, other processes' memory, mounts, modules,
/// namespaces. Returns 0 or an errno value.
int sandbox_enter(pid_t expected_parent);

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

#endif

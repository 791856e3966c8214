#define _GNU_SOURCE
#include "CSandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int sandbox_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  const int *descriptors, int count, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* Each wanted descriptor first moved above the range it lands in, so that
       placing one never overwrites another still to be placed. */
    int high = 1000;
    for (int i = 0; i < count; i++) posix_spawn_file_actions_adddup2(&actions, descriptors[i], high + i);
    for (int i = 0; i < count; i++) posix_spawn_file_actions_adddup2(&actions, high + i, i);
    posix_spawn_file_actions_addclosefrom_np(&actions, count);
    if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
    /* The server's blocked signals and ignored ones (SIGPIPE) are not the child's. */
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGXCPU); /* the per-task CPU budget ends the worker */
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    /* A session of its own: a terminal's signals are the server's business. */
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID);
    pid_t child = 0;
    int status = posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (status != 0) return status;
    *pid = child;
    return 0;
}

/* One process CPU-time timer, armed before each task: past its budget the
   kernel sends SIGXCPU, whose default action ends the process. CPU time of
   every thread counts, not wall time: a task waiting for a core on a busy
   machine is not cut short. */
static timer_t cpu_timer;
static int cpu_timer_made = 0;

int sandbox_cpu_budget(unsigned int milliseconds) {
    if (!cpu_timer_made) {
        struct sigevent event;
        memset(&event, 0, sizeof event);
        event.sigev_notify = SIGEV_SIGNAL;
        event.sigev_signo = SIGXCPU;
        if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &event, &cpu_timer) != 0) return errno;
        cpu_timer_made = 1;
    }
    struct itimerspec budget;
    memset(&budget, 0, sizeof budget);
    budget.it_value.tv_sec = milliseconds / 1000;
    budget.it_value.tv_nsec = (long)(milliseconds % 1000) * 1000000L;
    if (budget.it_value.tv_sec == 0 && budget.it_value.tv_nsec == 0) budget.it_value.tv_nsec = 1000000L;
    if (timer_settime(cpu_timer, 0, &budget, NULL) != 0) return errno;

    /* RLIMIT_CPU behind it, a second later, should the signal be blocked
       everywhere: the kernel's own limit (whole seconds) cannot be. */
    struct rusage usage;
    struct rlimit current;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return errno;
    if (getrlimit(RLIMIT_CPU, &current) != 0) return errno;
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1;
    struct rlimit backstop = {used + milliseconds / 1000 + 2, current.rlim_max};
    /* The hard limit only goes down without privileges: the soft one moves under it. */
    if (current.rlim_max != RLIM_INFINITY && backstop.rlim_cur > current.rlim_max) backstop.rlim_cur = current.rlim_max;
    if (setrlimit(RLIMIT_CPU, &backstop) != 0) return errno;
    return 0;
}

int sandbox_cpu_budget_clear(void) {
    if (!cpu_timer_made) return 0;
    struct itimerspec none;
    memset(&none, 0, sizeof none);
    return timer_settime(cpu_timer, 0, &none, NULL) == 0 ? 0 : errno;
}

pid_t sandbox_fork(void) {
    return fork();
}

int sandbox_child_enter(pid_t expected_parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    /* The parent may have died before the line above: then nobody reads our answers. */
    if (getppid() != expected_parent) return ESRCH;
    return sandbox_policy_load(SANDBOX_POLICY_TASK);
}

int sandbox_program_enter(pid_t expected_parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    if (getppid() != expected_parent) return ESRCH;
    return sandbox_policy_load(SANDBOX_POLICY_PROGRAM);
}

int sandbox_not_dumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : errno;
}

int sandbox_wait_readable(int fd, int milliseconds) {
    struct pollfd one = {fd, POLLIN, 0};
    for (;;) {
        int ready = poll(&one, 1, milliseconds);
        if (ready < 0 && errno == EINTR) continue;
        return ready < 0 ? -1 : (ready > 0 ? 1 : 0);
    }
}

int sandbox_wait_two(int first, int first_events, int second, int second_events, int milliseconds) {
    struct pollfd both[2] = {{first, (short)first_events, 0}, {second, (short)second_events, 0}};
    for (;;) {
        int ready = poll(both, 2, milliseconds);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -1;
        return (both[0].revents ? 1 : 0) | (both[1].revents ? 2 : 0);
    }
}

int sandbox_pipe(int ends[2]) {
    return pipe2(ends, O_CLOEXEC) == 0 ? 0 : errno;
}

int sandbox_descriptor_limit(unsigned long long wanted, int raise, unsigned long long *soft, unsigned long long *hard) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return errno;
    if (raise && limit.rlim_cur < limit.rlim_max && limit.rlim_cur < (rlim_t)wanted) {
        limit.rlim_cur = limit.rlim_max < (rlim_t)wanted ? limit.rlim_max : (rlim_t)wanted;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) return errno;
    }
    *soft = (unsigned long long)limit.rlim_cur;
    *hard = (unsigned long long)limit.rlim_max;
    return 0;
}

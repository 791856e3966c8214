#define _GNU_SOURCE
#include "CSandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
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
                  pid_t *pid, int *to_child, int *from_child) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return errno;
    if (pipe2(out, O_CLOEXEC) != 0) {
        int saved = errno;
        close(in[0]); close(in[1]);
        return saved;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
    /* The server's blocked signals and ignored ones (SIGPIPE) are not the worker's. */
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGXCPU); /* the per-task CPU budget ends the worker */
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t child = 0;
    int status = posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    close(out[1]);
    if (status != 0) {
        close(in[1]);
        close(out[0]);
        return status;
    }
    *pid = child;
    *to_child = in[1];
    *from_child = out[0];
    return 0;
}

int sandbox_limit(unsigned long long address_space_bytes) {
    struct rlimit none = {0, 0}, files = {256, 256};
    if (setrlimit(RLIMIT_CORE, &none) != 0) return errno;
    if (setrlimit(RLIMIT_NOFILE, &files) != 0) return errno;
    if (address_space_bytes > 0) {
        struct rlimit memory = {(rlim_t)address_space_bytes, (rlim_t)address_space_bytes};
        if (setrlimit(RLIMIT_AS, &memory) != 0) return errno;
    }
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

#if defined(__x86_64__)
#define SANDBOX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SANDBOX_ARCH AUDIT_ARCH_AARCH64
#endif

#define REFUSE(call) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

int sandbox_enter(pid_t expected_parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    /* The parent may have died before the line above: then nobody reads our answers. */
    if (getppid() != expected_parent) return ESRCH;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
#ifdef SANDBOX_ARCH
    struct sock_filter filter[] = {
        /* Another architecture's calls have other numbers: refuse them all. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SANDBOX_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        REFUSE(__NR_socket), REFUSE(__NR_socketpair), REFUSE(__NR_connect), REFUSE(__NR_bind), REFUSE(__NR_listen),
        REFUSE(__NR_accept), REFUSE(__NR_accept4),
        REFUSE(__NR_execve), REFUSE(__NR_execveat),
#ifdef __NR_fork
        REFUSE(__NR_fork), REFUSE(__NR_vfork),
#endif
        REFUSE(__NR_ptrace), REFUSE(__NR_process_vm_readv), REFUSE(__NR_process_vm_writev),
        REFUSE(__NR_mount), REFUSE(__NR_umount2), REFUSE(__NR_pivot_root), REFUSE(__NR_chroot),
        REFUSE(__NR_unshare), REFUSE(__NR_setns),
        REFUSE(__NR_init_module), REFUSE(__NR_finit_module), REFUSE(__NR_delete_module), REFUSE(__NR_kexec_load),
        REFUSE(__NR_bpf), REFUSE(__NR_perf_event_open), REFUSE(__NR_keyctl), REFUSE(__NR_add_key), REFUSE(__NR_request_key),
        REFUSE(__NR_reboot), REFUSE(__NR_swapon), REFUSE(__NR_swapoff),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {(unsigned short)(sizeof(filter) / sizeof(filter[0])), filter};
    /* Every thread of the process, not only this one (the runtime started
       others before this call): TSYNC also gives them no-new-privs. A
       positive answer names a thread that could not be synchronised. */
    long synced = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
    if (synced < 0) return errno;
    if (synced > 0) return ESRCH;
#endif
    return 0;
}

int sandbox_wait_readable(int fd, int milliseconds) {
    struct pollfd one = {fd, POLLIN, 0};
    for (;;) {
        int ready = poll(&one, 1, milliseconds);
        if (ready < 0 && errno == EINTR) continue;
        return ready < 0 ? -1 : (ready > 0 ? 1 : 0);
    }
}

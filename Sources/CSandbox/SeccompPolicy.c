#define _GNU_SOURCE
#include "CSandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

/* The engine sandbox's system-call allowlists (libseccomp). Everything not
   named here is refused: the default answer is EPERM, another architecture's
   call (x32 on x86_64 included) ends the process. Three policies, each a
   subset of the one before it, so a stacked filter only ever narrows:

   - launch: what bwrap installs before the first instruction of the program
     it starts (the engine zygote, or any program `verity sandbox run`
     starts). It may load libraries (openat, execve of its own program), and
     create processes with fork-style clone: the zygote makes a child per
     task, and never reads a stranger's byte itself.
   - program: the task confinement for a whole program (a stand-in worker, or
     `verity sandbox run`): the launch policy without process creation.
   - task: a zygote's child, once forked and before it reads its task: the
     program policy without execve, without opening anything (the models are
     in its memory already), without a further filter, and signals only to
     itself. */

#define ALLOW(call) if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(call), 0) != 0) return -EINVAL

static int allow_common(scmp_filter_ctx context) {
    /* Memory. */
    ALLOW(brk); ALLOW(mmap); ALLOW(munmap); ALLOW(mremap); ALLOW(mprotect); ALLOW(madvise);
    /* Descriptors it already holds: its pipes, files it opened. */
    ALLOW(read); ALLOW(readv); ALLOW(pread64); ALLOW(write); ALLOW(writev); ALLOW(lseek); ALLOW(close);
    ALLOW(fstat); ALLOW(newfstatat); ALLOW(statx); ALLOW(poll); ALLOW(ppoll); ALLOW(pselect6); ALLOW(select);
    /* fcntl's harmless commands only: flags and duplicates (no locks, no leases, no owners). */
    int commands[] = {F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_DUPFD_CLOEXEC};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1, SCMP_A1(SCMP_CMP_EQ, commands[i])) != 0) return -EINVAL;
    }
    /* isatty() only: every other ioctl is refused. */
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, TCGETS)) != 0) return -EINVAL;
    /* Threads and their synchronisation (clone with CLONE_THREAD only, below). */
    ALLOW(futex); ALLOW(set_robust_list); ALLOW(get_robust_list); ALLOW(rseq); ALLOW(set_tid_address);
    ALLOW(sched_getaffinity); ALLOW(sched_yield); ALLOW(arch_prctl); ALLOW(membarrier);
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD)) != 0) return -EINVAL;
    /* clone3 passes its flags in memory a filter cannot read: ENOSYS, and glibc falls back to clone. */
    if (seccomp_rule_add(context, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) != 0) return -EINVAL;
    /* Who and where it is; time. */
    ALLOW(getpid); ALLOW(gettid); ALLOW(getppid); ALLOW(getuid); ALLOW(geteuid); ALLOW(getgid); ALLOW(getegid);
    ALLOW(getresuid); ALLOW(getresgid); ALLOW(getgroups); ALLOW(uname); ALLOW(sysinfo); ALLOW(getrusage); ALLOW(getcwd);
    ALLOW(clock_gettime); ALLOW(clock_getres); ALLOW(clock_nanosleep); ALLOW(nanosleep); ALLOW(gettimeofday); ALLOW(time);
    ALLOW(getrandom);
    /* Its own limits: prlimit64 on itself (pid 0) only. */
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, SCMP_A0(SCMP_CMP_EQ, 0)) != 0) return -EINVAL;
    ALLOW(getrlimit); ALLOW(setrlimit);
    /* Signals: its handlers, its masks, its CPU-time timer. */
    ALLOW(rt_sigaction); ALLOW(rt_sigprocmask); ALLOW(rt_sigreturn); ALLOW(sigaltstack); ALLOW(restart_syscall);
    ALLOW(timer_create); ALLOW(timer_settime); ALLOW(timer_gettime); ALLOW(timer_delete);
    ALLOW(exit); ALLOW(exit_group);
    /* bwrap's init (pid 1 of the sandbox) runs under the same policy and reaps with it. */
    ALLOW(wait4);
    /* prctl's naming and death-signal options; never another's. */
    int options[] = {PR_SET_NAME, PR_GET_NAME, PR_SET_PDEATHSIG, PR_GET_PDEATHSIG, PR_GET_DUMPABLE, PR_SET_DUMPABLE,
                     PR_GET_NO_NEW_PRIVS, PR_SET_NO_NEW_PRIVS, PR_GET_SECCOMP};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, options[i])) != 0) return -EINVAL;
    }
    return 0;
}

/* What loading a program needs: its libraries and files in its read-only
   view, and a tighter filter stacked on this one. */
static int allow_loading(scmp_filter_ctx context) {
    ALLOW(openat); ALLOW(readlink); ALLOW(readlinkat); ALLOW(access); ALLOW(faccessat); ALLOW(faccessat2);
    ALLOW(getdents64); ALLOW(execve); ALLOW(seccomp);
    /* bwrap stacks a second policy with prctl, after the first is in place. */
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_SECCOMP)) != 0) return -EINVAL;
#ifdef __NR_open
    ALLOW(open); ALLOW(stat); ALLOW(lstat);
#endif
    /* raise() and abort(): tgkill reaches only the sandbox's own processes
       (its PID namespace), and never bwrap's init, pid 1 there. */
    if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_NE, 1)) != 0) return -EINVAL;
    return 0;
}

static scmp_filter_ctx build(int policy, pid_t self) {
    scmp_filter_ctx context = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (context == NULL) return NULL;
    /* A call of another ABI (the x32 numbers, a 32-bit int 0x80) is not
       checked against this list: it ends the process. */
    if (seccomp_attr_set(context, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) != 0) goto failed;
    if (seccomp_attr_set(context, SCMP_FLTATR_CTL_NNP, 1) != 0) goto failed;
    if (allow_common(context) != 0) goto failed;
    if (policy != SANDBOX_POLICY_TASK) {
        if (allow_loading(context) != 0) goto failed;
    } else {
        /* Signals to itself only (abort, a crash handler's raise). */
        if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self)) != 0) goto failed;
    }
    if (policy == SANDBOX_POLICY_LAUNCH) {
        /* fork-style clone: a process, no shared memory with its parent. */
        scmp_datum_t shared = CLONE_THREAD | CLONE_VM | CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS;
        if (seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, shared, 0)) != 0) goto failed;
    }
    return context;
failed:
    seccomp_release(context);
    return NULL;
}

int sandbox_policy_export(int policy, int fd) {
    scmp_filter_ctx context = build(policy, 0);
    if (context == NULL) return EINVAL;
    int status = seccomp_export_bpf(context, fd);
    seccomp_release(context);
    return status == 0 ? 0 : (status < 0 ? -status : EIO);
}

int sandbox_policy_load(int policy) {
    scmp_filter_ctx context = build(policy, getpid());
    if (context == NULL) return EINVAL;
    int status = seccomp_load(context);
    seccomp_release(context);
    return status == 0 ? 0 : (status < 0 ? -status : EIO);
}

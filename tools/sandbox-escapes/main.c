/* sandbox-escapes: tries, from inside the engine sandbox, every way out a
   decoder taken over by a crafted image would try, and says of each whether
   it was refused. Run by the tests in `verity sandbox run` and as a stand-in
   engine worker (VERITY_ENGINE_WORKER); never shipped.

     sandbox-escapes all [read:PATH]... [write:PATH]... [signal:PID]... [proc:PID]... [connect:PORT]...
     sandbox-escapes x32        (an x32 system call: the process must be killed)

   One line per attempt on standard error, "NAME: refused (why)" or
   "NAME: ALLOWED"; the exit status is the number allowed. Run with no
   arguments (a stand-in worker's child runs it so) it tries everything,
   the zygote that forked it included, then, named "forge-answer", writes an
   answer that chooses its own error code and words, named "forge-refusal"
   a refusal with words of its own, named "half-answer" part of a frame,
   and named "answer-and-linger" an answer, then it stays. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <linux/sched.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static int allowed = 0;

/* result: >= 0 the call succeeded (an escape), < 0 it was refused with errno. */
static void say(const char *name, long result) {
    if (result >= 0) {
        allowed++;
        fprintf(stderr, "%s: ALLOWED\n", name);
    } else {
        fprintf(stderr, "%s: refused (%s)\n", name, strerror(errno));
    }
}

static long new_process(long result) {
    if (result == 0) _exit(0); /* the child, if one was made */
    if (result > 0) waitpid((pid_t)result, NULL, 0);
    return result;
}

static void try_network(void) {
    say("socket(AF_INET)", socket(AF_INET, SOCK_STREAM, 0));
    say("socket(AF_UNIX)", socket(AF_UNIX, SOCK_STREAM, 0));
    int pair[2];
    say("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, pair));
    struct io_uring_params params;
    memset(&params, 0, sizeof params);
    long ring = syscall(__NR_io_uring_setup, 8, &params);
    say("io_uring_setup", ring);
    if (ring >= 0) {
        /* The ring was made: a socket through it would be the escape the review found. */
        say("io_uring_enter", syscall(__NR_io_uring_enter, (int)ring, 0, 0, 0, NULL, 0));
    }
}

static void try_processes(void) {
    say("fork", new_process(fork()));
    say("vfork (syscall)", new_process(syscall(__NR_vfork)));
    say("clone(SIGCHLD)", new_process(syscall(__NR_clone, SIGCHLD, 0, 0, 0, 0)));
    struct clone_args args;
    memset(&args, 0, sizeof args);
    args.exit_signal = SIGCHLD;
    say("clone3", new_process(syscall(__NR_clone3, &args, sizeof args)));
    say("clone(CLONE_NEWUSER)", new_process(syscall(__NR_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0)));
    say("unshare(CLONE_NEWUSER)", unshare(CLONE_NEWUSER));
    char *const argv[] = {"/usr/bin/id", NULL};
    say("execve(/usr/bin/id)", execve("/usr/bin/id", argv, NULL));
}

static void try_kernel_helpers(void) {
    say("memfd_create", syscall(__NR_memfd_create, "payload", 0));
    say("userfaultfd", syscall(__NR_userfaultfd, 0));
    say("ptrace(TRACEME)", ptrace(PTRACE_TRACEME, 0, NULL, NULL));
    say("ptrace(ATTACH 1)", ptrace(PTRACE_ATTACH, 1, NULL, NULL));
    char byte;
    struct iovec local = {&byte, 1}, remote = {(void *)0x400000, 1};
    say("process_vm_readv(1)", process_vm_readv(1, &local, 1, &remote, 1, 0));
    say("mount(tmpfs)", mount("none", "/tmp", "tmpfs", 0, NULL));
    say("bpf", syscall(__NR_bpf, 0, NULL, 0));
    say("perf_event_open", syscall(__NR_perf_event_open, NULL, 0, -1, -1, 0));
    say("keyctl", syscall(__NR_keyctl, 0, 0, 0, 0, 0));
}

static void try_argument(const char *argument) {
    char name[512];
    if (strncmp(argument, "read:", 5) == 0) {
        snprintf(name, sizeof name, "read %s", argument + 5);
        say(name, open(argument + 5, O_RDONLY));
    } else if (strncmp(argument, "write:", 6) == 0) {
        snprintf(name, sizeof name, "write %s", argument + 6);
        say(name, open(argument + 6, O_WRONLY | O_CREAT | O_TRUNC, 0644));
    } else if (strncmp(argument, "signal:", 7) == 0) {
        pid_t target = (pid_t)atoi(argument + 7);
        snprintf(name, sizeof name, "kill(%d)", (int)target);
        say(name, kill(target, SIGTERM));
        snprintf(name, sizeof name, "tgkill(%d)", (int)target);
        say(name, syscall(__NR_tgkill, target, target, SIGTERM));
    } else if (strncmp(argument, "connect:", 8) == 0) {
        snprintf(name, sizeof name, "connect(127.0.0.1:%s)", argument + 8);
        struct sockaddr_in address;
        memset(&address, 0, sizeof address);
        address.sin_family = AF_INET;
        address.sin_port = htons((uint16_t)atoi(argument + 8));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        say(name, fd < 0 ? -1 : connect(fd, (struct sockaddr *)&address, sizeof address));
    } else if (strncmp(argument, "proc:", 5) == 0) {
        snprintf(name, sizeof name, "/proc/%s/environ", argument + 5);
        char path[256];
        snprintf(path, sizeof path, "/proc/%s/environ", argument + 5);
        say(name, open(path, O_RDONLY));
        snprintf(path, sizeof path, "/proc/%s/mem", argument + 5);
        snprintf(name, sizeof name, "/proc/%s/mem", argument + 5);
        say(name, open(path, O_RDWR));
    }
}

static void try_everything(int count, char **arguments) {
    try_network();
    try_processes();
    try_kernel_helpers();
    say("write /escape (outside scratch)", open("/escape", O_WRONLY | O_CREAT, 0644));
    say("write /usr/lib/escape (outside scratch)", open("/usr/lib/escape", O_WRONLY | O_CREAT, 0644));
    for (int i = 0; i < count; i++) try_argument(arguments[i]);
}

/* One frame of the engine protocol: a 4-byte big-endian length, then JSON. */
static void write_frame(int fd, const char *json) {
    uint32_t length = (uint32_t)strlen(json);
    unsigned char header[4] = {length >> 24, length >> 16, length >> 8, length};
    if (write(fd, header, 4) != 4 || write(fd, json, length) != (ssize_t)length) _exit(2);
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "x32") == 0) {
        /* socket() by its x32 number: another ABI's call ends the process (SIGSYS). */
        long result = syscall(0x40000000 | __NR_socket, AF_INET, SOCK_STREAM, 0);
        say("x32 socket", result);
        return allowed;
    }
    if (argc >= 2 && strcmp(argv[1], "all") == 0) {
        try_everything(argc - 2, argv + 2);
        fprintf(stderr, "escapes: %d allowed\n", allowed);
        return allowed;
    }
    /* A stand-in worker's child: the task is on 0, the answer goes on 3. */
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    /* Pid 1 is the zygote that forked this child: its memory, a signal to
       it. A name ending ".PORT" also names a listener on the host to reach,
       and files the test made on the host to read and to write beside. */
    const char *dot = strrchr(name, '.');
    char connect_to[64], read_from[128], write_to[128];
    snprintf(connect_to, sizeof connect_to, "connect:%s", dot ? dot + 1 : "1");
    snprintf(read_from, sizeof read_from, "read:/var/tmp/verity-escape-secret-%s", dot ? dot + 1 : "0");
    snprintf(write_to, sizeof write_to, "write:/var/tmp/verity-escape-written-%s", dot ? dot + 1 : "0");
    char *inside[] = {"proc:1", "signal:1", connect_to, read_from, write_to};
    try_everything(5, inside);
    fprintf(stderr, "escapes: %d allowed\n", allowed);
    if (strstr(name, "forge-answer") != NULL) {
        write_frame(3, "{\"failed\":{\"code\":\"RATE_LIMITED\",\"message\":\"Slow down, says the worker\",\"field\":null}}");
    } else if (strstr(name, "half-answer") != NULL) {
        /* A frame that announces 100 bytes and brings 10, then the end. */
        unsigned char header[4] = {0, 0, 0, 100};
        if (write(3, header, 4) != 4 || write(3, "{\"flag\":{\"", 10) != 10) _exit(2);
    } else if (strstr(name, "answer-and-linger") != NULL) {
        /* A true answer, then a process that stays, as one waiting to read the next task would. */
        write_frame(3, "{\"liveness\":{\"_0\":{\"attackSuspected\":false,\"reasons\":[]}}}");
        sleep(30);
    } else if (strstr(name, "forge-refusal") != NULL) {
        write_frame(3, "{\"refused\":{\"_0\":{\"reason\":\"imageTooLarge\",\"image\":\"selfie\",\"message\":\"says the worker\"}}}");
    }
    return 0;
}

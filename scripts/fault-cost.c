/*
 * What one GMAC-style access fault costs on this machine (ADSM paper, Gelado et al., ASPLOS 2010, §4.3: GMAC
 * detects host writes to read-only blocks with mprotect and SIGSEGV). Each iteration writes to a page that is
 * read-only: the kernel raises SIGSEGV, the handler makes the page writable with mprotect, the store is retried.
 * The mean over 200,000 pages is the figure HostCosts' per-fault cost is checked against (docs/adsm.md).
 *
 *   gcc -O2 -o /tmp/fault-cost scripts/fault-cost.c && /tmp/fault-cost
 *
 * Not part of the build: nothing compiles or runs it but a person measuring.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static long page;

static void on_fault(int sig, siginfo_t *info, void *context) {
    (void) sig;
    (void) context;
    char *p = (char *) ((uintptr_t) info->si_addr & ~(uintptr_t) (page - 1));
    mprotect(p, (size_t) page, PROT_READ | PROT_WRITE);
}

int main(void) {
    page = sysconf(_SC_PAGESIZE);
    const long pages = 200000;
    char *base = mmap(NULL, (size_t) (pages * page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    for (long i = 0; i < pages; i++) {
        base[i * page] = 1; /* populated: the faults below are protection faults, not first touches */
    }
    struct sigaction action = {0};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &action, NULL);
    for (int round = 0; round < 5; round++) {
        mprotect(base, (size_t) (pages * page), PROT_READ);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (long i = 0; i < pages; i++) {
            base[i * page] = 2;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ns = (double) (t1.tv_sec - t0.tv_sec) * 1e9 + (double) (t1.tv_nsec - t0.tv_nsec);
        printf("round %d: %.2f us per fault (write to a read-only page, SIGSEGV, mprotect, retry)\n", round,
               ns / (double) pages / 1000.0);
    }
    return 0;
}

#!/usr/bin/env python3
"""False intra-warp conflicts of WarpTM's 2PCR with a hashed ownership table (docs/tm-study.md).

Fung, GPU Computing Architecture for Irregular Parallelism, PhD thesis, UBC, 2015, section 6.3.3: every lane of a
warp writes the lowest writer's lane into a table entry per written word; a lane aborts if one of its reads is owned
by a lower lane or one of its writes by another lane. With a random hash, distinct words share an entry with
probability 1/entries, so unrelated lanes conflict falsely. This Monte Carlo gives the aborts per 1000 commits that
aliasing alone causes (no two lanes touch the same word), retrying the aborted lanes until all commit, for the
read/write footprints of the thesis's Table 4.3 and ours, with full warps and with fewer active lanes.

Usage: scripts/tm-2pcr-aliasing.py [entries]   (default 4096, the thesis's 4 kB table)
"""
import random
import sys


def aborts_per_1000(reads, writes, written_reads, lanes=32, entries=4096, warps=400, seed=1):
    rnd = random.Random(seed)
    aborted = committed = 0
    for _ in range(warps):
        pending = list(range(lanes))
        while pending:
            owner, sets = {}, {}
            for lane in pending:
                r = [rnd.randrange(entries) for _ in range(reads)]
                w = r[:written_reads] + [rnd.randrange(entries) for _ in range(writes - written_reads)]
                sets[lane] = (r, w)
                for e in w:
                    owner[e] = min(owner.get(e, lanes), lane)
            losers = [lane for lane in pending
                      if any(owner.get(e, lanes) < lane for e in sets[lane][0])
                      or any(owner.get(e, lanes) != lane for e in sets[lane][1])]
            aborted += len(losers)
            committed += len(pending) - len(losers)
            pending = losers
    return 1000 * aborted / committed


if __name__ == "__main__":
    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    cases = [
        ("ATM: 3 words read, 2 of them written", 3, 2, 2),
        ("HT: 1 word read and written, 3 more written", 1, 4, 1),
        ("CL: 11 read, 5 of them written", 11, 5, 5),
        ("AP, thesis Table 4.3: 16 read, 6 written (3 of them read)", 16, 6, 3),
        ("AP, ours: 16 read, 14 written (6 of them read)", 16, 14, 6),
    ]
    print(f"{entries}-entry table; aborts per 1000 commits from aliasing alone")
    for name, r, w, o in cases:
        full = aborts_per_1000(r, w, o, entries=entries)
        few = aborts_per_1000(r, w, o, lanes=8, entries=entries)
        print(f"  {name}: 32 lanes {full:.0f}, 8 lanes {few:.0f}")

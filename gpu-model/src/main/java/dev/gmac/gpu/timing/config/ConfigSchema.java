package dev.gmac.gpu.timing.config;

import dev.gmac.gpu.config.ConfigKey;
import dev.gmac.gpu.tm.TmParams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every key of the preset file format, in file order, and the translation between a map of key values and a
 * {@link TimingConfig}. Also checks the rules that involve several keys.
 */
final class ConfigSchema {
    static final long MAX_INT = Integer.MAX_VALUE;

    static final List<ConfigKey> KEYS = List.of(
            ConfigKey.text("name", "preset name"),
            ConfigKey.text("description", "what the configuration models, one line"),
            ConfigKey.decimal("clock.core.mhz", 1, 100_000, "SIMT core clock"),
            ConfigKey.decimal("clock.icnt.mhz", 1, 100_000, "interconnect clock"),
            ConfigKey.decimal("clock.l2.mhz", 1, 100_000, "L2 slice clock"),
            ConfigKey.decimal("clock.dram.mhz", 1, 100_000, "DRAM command clock"),
            ConfigKey.integer("core.count", 1, 4096, "SIMT cores"),
            ConfigKey.integer("core.warp.size", 8, 64, "threads per warp (wavefront)"),
            ConfigKey.integer("core.max.threads", 8, 1 << 20, "resident threads per core"),
            ConfigKey.integer("core.max.ctas", 1, 4096, "resident CTAs per core"),
            ConfigKey.integer("core.registers", 1, 1 << 26, "32-bit registers per core"),
            ConfigKey.size("core.shared.bytes", 0, 1L << 30, "shared memory per core"),
            ConfigKey.integer("core.schedulers", 1, 64, "warp schedulers per core"),
            ConfigKey.choice("core.scheduler", choices(SchedulerPolicy.values()), "warp scheduling policy"),
            ConfigKey.choice(
                    "core.block.priority",
                    choices(BlockPriority.values()),
                    "priority among CTAs (warps of one CTA loose round-robin)"),
            ConfigKey.choice("core.scoreboard", choices(ScoreboardMode.values()), "dependence tracking"),
            ConfigKey.integer("core.ibuffer.entries", 1, 16, "decoded instructions per warp"),
            ConfigKey.integer("core.fetch.latency", 1, 10_000, "cycles to fetch and decode one instruction"),
            ConfigKey.integer("core.branch.latency", 1, 10_000, "cycles until a branch outcome reaches fetch"),
            ConfigKey.integer("core.barrier.latency", 0, 10_000, "cycles from the last barrier arrival to release"),
            ConfigKey.integer("core.alu.units", 1, 64, "ALU pipelines per core"),
            ConfigKey.integer("core.alu.width", 1, 64, "lanes per ALU pipeline"),
            ConfigKey.integer("core.alu.latency", 1, 100_000, "ALU result latency in cycles"),
            ConfigKey.integer("core.sfu.units", 1, 64, "SFU pipelines per core"),
            ConfigKey.integer("core.sfu.width", 1, 64, "lanes per SFU pipeline"),
            ConfigKey.integer("core.sfu.latency", 1, 100_000, "SFU result latency in cycles"),
            ConfigKey.integer("core.ldst.width", 1, 64, "lanes the load/store unit takes per cycle"),
            ConfigKey.choice("simt.divergence", divergenceModels(), "divergence model launches use by default"),
            ConfigKey.integer("shared.banks", 1, 1024, "shared memory banks"),
            ConfigKey.integer("shared.bank.bytes", 1, 64, "bytes per bank word"),
            ConfigKey.integer("shared.latency", 1, 100_000, "shared memory load latency in cycles"),
            ConfigKey.size("const.size", 0, 1L << 30, "constant cache per core (0: none)"),
            ConfigKey.integer("const.assoc", 1, 4096, "constant cache ways"),
            ConfigKey.integer("const.latency", 1, 100_000, "constant cache hit latency in cycles"),
            ConfigKey.size("l1.size", 0, 1L << 30, "L1 data cache per core (0: none)"),
            ConfigKey.integer("l1.assoc", 1, 4096, "L1 ways"),
            ConfigKey.integer("l1.latency", 1, 100_000, "L1 hit latency in cycles"),
            ConfigKey.integer("l1.mshr.entries", 1, 1 << 16, "outstanding L1 missed lines"),
            ConfigKey.integer("l1.mshr.merge", 1, 1 << 16, "accesses per MSHR entry"),
            ConfigKey.choice("l1.write.policy", choices(WritePolicy.values()), "global store policy"),
            ConfigKey.choice("l1.global", Map.of("cache", Boolean.TRUE, "bypass", Boolean.FALSE), "global loads"),
            ConfigKey.integer("icnt.flit.bytes", 1, 4096, "bytes per flit"),
            ConfigKey.integer("icnt.latency", 0, 100_000, "crossing latency in interconnect cycles"),
            ConfigKey.integer("icnt.concentration", 1, 4096, "cores per crossbar port"),
            ConfigKey.integer("icnt.control.bytes", 1, 4096, "bytes of a request without data"),
            ConfigKey.integer("mem.partitions", 1, 4096, "memory partitions"),
            ConfigKey.size("mem.interleave.bytes", 16, 1L << 30, "partition interleaving granularity"),
            ConfigKey.integer("mem.line.bytes", 16, 4096, "coalescing segment and cache line size"),
            ConfigKey.size("l2.size", 1, 1L << 34, "L2 slice per partition"),
            ConfigKey.integer("l2.assoc", 1, 4096, "L2 ways"),
            ConfigKey.integer("l2.hit.latency", 1, 1_000_000, "unloaded L2 hit round trip in core cycles"),
            ConfigKey.integer("l2.atomic.cycles", 1, 100_000, "L2 cycles per atomic lane operation"),
            ConfigKey.integer("dram.scheduler.latency", 0, 1_000_000, "core cycles from L2 miss to DRAM queue"),
            ConfigKey.integer("dram.queue", 1, 1 << 16, "DRAM request queue entries"),
            ConfigKey.choice("dram.scheduler", choices(DramSchedulerPolicy.values()), "DRAM queue policy"),
            ConfigKey.integer("dram.banks", 1, 1024, "banks per channel"),
            ConfigKey.size("dram.row.bytes", 16, 1L << 30, "bytes per row"),
            ConfigKey.integer("dram.bus.bytes", 1, 4096, "bytes per data transfer"),
            ConfigKey.integer("dram.data.rate", 1, 16, "data transfers per command clock"),
            ConfigKey.integer("dram.tCL", 0, 100_000, "CAS latency in DRAM cycles"),
            ConfigKey.integer("dram.tRCD", 0, 100_000, "activate to CAS in DRAM cycles"),
            ConfigKey.integer("dram.tRP", 0, 100_000, "precharge in DRAM cycles"),
            ConfigKey.integer("dram.tRAS", 0, 100_000, "activate to precharge in DRAM cycles"),
            ConfigKey.integer("dram.tRC", 0, 100_000, "activate to activate, same bank, in DRAM cycles"),
            ConfigKey.integer("tm.concurrency", 0, 4096, "transaction warps per core at once (0: no limit)"),
            ConfigKey.integer("tm.watchdog", 1, 1L << 30, "warp instructions of an attempt before a forced validation"),
            ConfigKey.decimal("tm.cu.clock.mhz", 1, 100_000, "commit unit clock"),
            ConfigKey.integer("tm.cu.l2.latency", 1, 1_000_000, "core cycles for a commit unit's own L2 hit"),
            ConfigKey.integer("tm.cu.entries", 0, 1 << 24, "commit-unit ring entries per partition (0: unbounded)"),
            ConfigKey.integer("tm.cu.buffer.words", 0, 1 << 20, "read/write-set buffer words per entry (0: unbounded)"),
            ConfigKey.integer(
                    "tm.cu.port.bytes", 1, 4096, "commit-unit buffer port bytes per cycle, every stage (base Kilo TM)"),
            ConfigKey.integer("tm.cu.hazard.rate", 1, 64, "last-writer-history operations per commit-unit cycle"),
            ConfigKey.integer("tm.lwh.entries", 1, 1 << 20, "last-writer-history lookup-table entries"),
            ConfigKey.integer("tm.lwh.assoc", 1, 1 << 20, "lookup-table ways"),
            ConfigKey.integer("tm.lwh.buckets", 1, 1 << 24, "recency-bloom-filter buckets over all sub-arrays"),
            ConfigKey.integer("tm.lwh.subarrays", 1, 64, "recency-bloom-filter sub-arrays (H3 hashes)"),
            ConfigKey.integer("tm.cid.latency", 0, 1_000_000, "core cycles to get commit IDs from the central vendor"),
            ConfigKey.integer(
                    "tm.warptm.port.bytes",
                    1,
                    4096,
                    "commit-unit buffer port bytes per cycle, every stage, with WarpTM"),
            ConfigKey.choice("tm.warptm.resolution", resolutions(), "intra-warp conflict resolution"),
            ConfigKey.size("tm.warptm.resolution.bytes", 1, 1 << 20, "resolution table per warp in shared memory"),
            ConfigKey.integer("tm.warptm.resolution.buffers", 1, 64, "resolution tables a core multiplexes"),
            ConfigKey.bool("tm.warptm.aggregation", "one outcome message per warp and commit unit"),
            ConfigKey.bool("tm.warptm.coalescing", "coalesce a warp's validation reads and commit writes per block"),
            ConfigKey.integer("tm.tcd.entries", 1, 1 << 24, "last-written-time entries per partition"),
            ConfigKey.integer("tm.tcd.subarrays", 1, 64, "last-written-time sub-arrays"),
            ConfigKey.size("tm.tcd.block.bytes", 4, 1 << 20, "temporal conflict detection granularity"),
            ConfigKey.bool("tm.tcd.fix", "mark blocks pending during a write-back (closes the thesis's open gap)"));

    private static final Map<String, ConfigKey> BY_NAME = new LinkedHashMap<>();

    static {
        for (ConfigKey k : KEYS) {
            BY_NAME.put(k.name(), k);
        }
    }

    private ConfigSchema() {}

    static ConfigKey key(String name) {
        return BY_NAME.get(name);
    }

    private static Map<String, Object> resolutions() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (TmParams.Resolution r : TmParams.Resolution.values()) {
            m.put(r.token(), r);
        }
        return m;
    }

    private static Map<String, Object> divergenceModels() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String n : dev.gmac.gpu.exec.DivergenceModels.names()) {
            m.put(n, n);
        }
        return m;
    }

    private static Map<String, Object> choices(Enum<?>[] values) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Enum<?> e : values) {
            String token;
            if (e instanceof SchedulerPolicy) {
                token = ((SchedulerPolicy) e).token();
            } else if (e instanceof BlockPriority) {
                token = ((BlockPriority) e).token();
            } else if (e instanceof ScoreboardMode) {
                token = ((ScoreboardMode) e).token();
            } else if (e instanceof WritePolicy) {
                token = ((WritePolicy) e).token();
            } else {
                token = ((DramSchedulerPolicy) e).token();
            }
            m.put(token, e);
        }
        return m;
    }

    /** Builds a configuration from a complete map of typed values (every key present). */
    static TimingConfig build(Map<String, Object> v) {
        ClockConfig clocks = new ClockConfig(
                d(v, "clock.core.mhz"), d(v, "clock.icnt.mhz"), d(v, "clock.l2.mhz"), d(v, "clock.dram.mhz"));
        CoreConfig core = new CoreConfig(
                i(v, "core.count"),
                i(v, "core.warp.size"),
                i(v, "core.max.threads"),
                i(v, "core.max.ctas"),
                i(v, "core.registers"),
                i(v, "core.shared.bytes"),
                i(v, "core.schedulers"),
                (SchedulerPolicy) v.get("core.scheduler"),
                (BlockPriority) v.get("core.block.priority"),
                (ScoreboardMode) v.get("core.scoreboard"),
                i(v, "core.ibuffer.entries"),
                i(v, "core.fetch.latency"),
                i(v, "core.branch.latency"),
                i(v, "core.barrier.latency"),
                new PipelineConfig(i(v, "core.alu.units"), i(v, "core.alu.width"), i(v, "core.alu.latency")),
                new PipelineConfig(i(v, "core.sfu.units"), i(v, "core.sfu.width"), i(v, "core.sfu.latency")),
                i(v, "core.ldst.width"));
        int line = i(v, "mem.line.bytes");
        SharedMemoryConfig shared =
                new SharedMemoryConfig(i(v, "shared.banks"), i(v, "shared.bank.bytes"), i(v, "shared.latency"));
        ConstantCacheConfig constant = new ConstantCacheConfig(
                new CacheGeometry(l(v, "const.size"), line, i(v, "const.assoc")), i(v, "const.latency"));
        L1Config l1 = new L1Config(
                new CacheGeometry(l(v, "l1.size"), line, i(v, "l1.assoc")),
                i(v, "l1.latency"),
                i(v, "l1.mshr.entries"),
                i(v, "l1.mshr.merge"),
                (WritePolicy) v.get("l1.write.policy"),
                (Boolean) v.get("l1.global"));
        InterconnectConfig icnt = new InterconnectConfig(
                i(v, "icnt.flit.bytes"), i(v, "icnt.latency"), i(v, "icnt.concentration"), i(v, "icnt.control.bytes"));
        MemoryConfig memory = new MemoryConfig(
                i(v, "mem.partitions"),
                i(v, "mem.interleave.bytes"),
                line,
                new CacheGeometry(l(v, "l2.size"), line, i(v, "l2.assoc")),
                i(v, "l2.hit.latency"),
                i(v, "l2.atomic.cycles"));
        DramConfig dram = new DramConfig(
                i(v, "dram.scheduler.latency"),
                i(v, "dram.queue"),
                (DramSchedulerPolicy) v.get("dram.scheduler"),
                i(v, "dram.banks"),
                i(v, "dram.row.bytes"),
                i(v, "dram.bus.bytes"),
                i(v, "dram.data.rate"),
                i(v, "dram.tCL"),
                i(v, "dram.tRCD"),
                i(v, "dram.tRP"),
                i(v, "dram.tRAS"),
                i(v, "dram.tRC"));
        TmParams tm = new TmParams(
                i(v, "tm.concurrency"),
                i(v, "tm.watchdog"),
                d(v, "tm.cu.clock.mhz"),
                i(v, "tm.cu.l2.latency"),
                i(v, "tm.cu.entries"),
                i(v, "tm.cu.buffer.words"),
                i(v, "tm.cu.port.bytes"),
                i(v, "tm.warptm.port.bytes"),
                i(v, "tm.cu.hazard.rate"),
                i(v, "tm.lwh.entries"),
                i(v, "tm.lwh.assoc"),
                i(v, "tm.lwh.buckets"),
                i(v, "tm.lwh.subarrays"),
                i(v, "tm.cid.latency"),
                (TmParams.Resolution) v.get("tm.warptm.resolution"),
                i(v, "tm.warptm.resolution.bytes"),
                i(v, "tm.warptm.resolution.buffers"),
                (Boolean) v.get("tm.warptm.aggregation"),
                (Boolean) v.get("tm.warptm.coalescing"),
                i(v, "tm.tcd.entries"),
                i(v, "tm.tcd.subarrays"),
                i(v, "tm.tcd.block.bytes"),
                (Boolean) v.get("tm.tcd.fix"));
        return new TimingConfig(
                (String) v.get("name"),
                (String) v.get("description"),
                clocks,
                core,
                new SimtConfig((String) v.get("simt.divergence")),
                shared,
                constant,
                l1,
                icnt,
                memory,
                dram,
                tm);
    }

    /** The typed value of every key of {@code c}, in file order; the inverse of {@link #build}. */
    static Map<String, Object> values(TimingConfig c) {
        Map<String, Object> v = new LinkedHashMap<>();
        CoreConfig k = c.core();
        v.put("name", c.name());
        v.put("description", c.description());
        v.put("clock.core.mhz", c.clocks().coreMhz());
        v.put("clock.icnt.mhz", c.clocks().icntMhz());
        v.put("clock.l2.mhz", c.clocks().l2Mhz());
        v.put("clock.dram.mhz", c.clocks().dramMhz());
        v.put("core.count", (long) k.count());
        v.put("core.warp.size", (long) k.warpSize());
        v.put("core.max.threads", (long) k.maxThreads());
        v.put("core.max.ctas", (long) k.maxCtas());
        v.put("core.registers", (long) k.registers());
        v.put("core.shared.bytes", (long) k.sharedBytes());
        v.put("core.schedulers", (long) k.schedulers());
        v.put("core.scheduler", k.scheduler());
        v.put("core.block.priority", k.blockPriority());
        v.put("core.scoreboard", k.scoreboard());
        v.put("core.ibuffer.entries", (long) k.ibufferEntries());
        v.put("core.fetch.latency", (long) k.fetchLatency());
        v.put("core.branch.latency", (long) k.branchLatency());
        v.put("core.barrier.latency", (long) k.barrierLatency());
        v.put("core.alu.units", (long) k.alu().units());
        v.put("core.alu.width", (long) k.alu().width());
        v.put("core.alu.latency", (long) k.alu().latency());
        v.put("core.sfu.units", (long) k.sfu().units());
        v.put("core.sfu.width", (long) k.sfu().width());
        v.put("core.sfu.latency", (long) k.sfu().latency());
        v.put("core.ldst.width", (long) k.ldstWidth());
        v.put("simt.divergence", c.simt().divergence());
        v.put("shared.banks", (long) c.shared().banks());
        v.put("shared.bank.bytes", (long) c.shared().bankBytes());
        v.put("shared.latency", (long) c.shared().latency());
        v.put("const.size", c.constantCache().geometry().sizeBytes());
        v.put("const.assoc", (long) c.constantCache().geometry().assoc());
        v.put("const.latency", (long) c.constantCache().latency());
        v.put("l1.size", c.l1().geometry().sizeBytes());
        v.put("l1.assoc", (long) c.l1().geometry().assoc());
        v.put("l1.latency", (long) c.l1().latency());
        v.put("l1.mshr.entries", (long) c.l1().mshrEntries());
        v.put("l1.mshr.merge", (long) c.l1().mshrMerge());
        v.put("l1.write.policy", c.l1().writePolicy());
        v.put("l1.global", c.l1().cacheGlobal());
        v.put("icnt.flit.bytes", (long) c.interconnect().flitBytes());
        v.put("icnt.latency", (long) c.interconnect().latency());
        v.put("icnt.concentration", (long) c.interconnect().concentration());
        v.put("icnt.control.bytes", (long) c.interconnect().controlBytes());
        v.put("mem.partitions", (long) c.memory().partitions());
        v.put("mem.interleave.bytes", (long) c.memory().interleaveBytes());
        v.put("mem.line.bytes", (long) c.memory().lineBytes());
        v.put("l2.size", c.memory().l2().sizeBytes());
        v.put("l2.assoc", (long) c.memory().l2().assoc());
        v.put("l2.hit.latency", (long) c.memory().l2HitLatency());
        v.put("l2.atomic.cycles", (long) c.memory().atomicCycles());
        DramConfig d = c.dram();
        v.put("dram.scheduler.latency", (long) d.schedulerLatency());
        v.put("dram.queue", (long) d.queue());
        v.put("dram.scheduler", d.scheduler());
        v.put("dram.banks", (long) d.banks());
        v.put("dram.row.bytes", (long) d.rowBytes());
        v.put("dram.bus.bytes", (long) d.busBytes());
        v.put("dram.data.rate", (long) d.dataRate());
        v.put("dram.tCL", (long) d.tCL());
        v.put("dram.tRCD", (long) d.tRCD());
        v.put("dram.tRP", (long) d.tRP());
        v.put("dram.tRAS", (long) d.tRAS());
        v.put("dram.tRC", (long) d.tRC());
        TmParams t = c.tm();
        v.put("tm.concurrency", (long) t.concurrency());
        v.put("tm.watchdog", (long) t.watchdog());
        v.put("tm.cu.clock.mhz", t.cuClockMhz());
        v.put("tm.cu.l2.latency", (long) t.cuL2Latency());
        v.put("tm.cu.entries", (long) t.cuEntries());
        v.put("tm.cu.buffer.words", (long) t.cuBufferWords());
        v.put("tm.cu.port.bytes", (long) t.cuPortBytes());
        v.put("tm.cu.hazard.rate", (long) t.hazardRate());
        v.put("tm.lwh.entries", (long) t.lwhEntries());
        v.put("tm.lwh.assoc", (long) t.lwhAssoc());
        v.put("tm.lwh.buckets", (long) t.lwhBuckets());
        v.put("tm.lwh.subarrays", (long) t.lwhSubArrays());
        v.put("tm.cid.latency", (long) t.cidLatency());
        v.put("tm.warptm.port.bytes", (long) t.warpPortBytes());
        v.put("tm.warptm.resolution", t.resolution());
        v.put("tm.warptm.resolution.bytes", (long) t.resolutionEntries());
        v.put("tm.warptm.resolution.buffers", (long) t.resolutionBuffers());
        v.put("tm.warptm.aggregation", t.aggregation());
        v.put("tm.warptm.coalescing", t.coalescing());
        v.put("tm.tcd.entries", (long) t.tcdEntries());
        v.put("tm.tcd.subarrays", (long) t.tcdSubArrays());
        v.put("tm.tcd.block.bytes", (long) t.tcdBlockBytes());
        v.put("tm.tcd.fix", t.tcdFix());
        return v;
    }

    /** A problem found by {@link #crossCheck}: the key whose line the message belongs to, and the message. */
    record Problem(String key, String message) {}

    /** Checks the rules that involve several keys. */
    static List<Problem> crossCheck(TimingConfig c) {
        List<Problem> p = new ArrayList<>();
        CoreConfig k = c.core();
        if (k.maxThreads() % k.warpSize() != 0) {
            p.add(new Problem(
                    "core.max.threads",
                    "core.max.threads (" + k.maxThreads() + ") must be a multiple of core.warp.size (" + k.warpSize()
                            + ")"));
        }
        if (k.schedulers() > k.maxWarps()) {
            p.add(new Problem(
                    "core.schedulers",
                    "core.schedulers (" + k.schedulers() + ") exceeds the " + k.maxWarps() + " warps a core holds"));
        }
        int line = c.memory().lineBytes();
        if (Integer.bitCount(line) != 1) {
            p.add(new Problem("mem.line.bytes", "mem.line.bytes (" + line + ") must be a power of two"));
        }
        if (c.memory().interleaveBytes() % line != 0) {
            p.add(new Problem(
                    "mem.interleave.bytes",
                    "mem.interleave.bytes (" + c.memory().interleaveBytes() + ") must be a multiple of mem.line.bytes ("
                            + line + ")"));
        }
        if (Integer.bitCount(c.shared().bankBytes()) != 1) {
            p.add(new Problem(
                    "shared.bank.bytes", "shared.bank.bytes (" + c.shared().bankBytes() + ") must be a power of two"));
        }
        checkGeometry(p, "l1", c.l1().geometry());
        checkGeometry(p, "const", c.constantCache().geometry());
        checkGeometry(p, "l2", c.memory().l2());
        if (c.dram().rowBytes() % line != 0) {
            p.add(new Problem(
                    "dram.row.bytes",
                    "dram.row.bytes (" + c.dram().rowBytes() + ") must be a multiple of mem.line.bytes (" + line
                            + ")"));
        }
        double floor = crossbarRoundTripCoreCycles(c);
        if (c.memory().l2HitLatency() < Math.ceil(floor)) {
            p.add(new Problem(
                    "l2.hit.latency",
                    "l2.hit.latency (" + c.memory().l2HitLatency() + ") is below the " + (long) Math.ceil(floor)
                            + " core cycles the crossbars alone take for a request and a line"));
        }
        return p;
    }

    private static void checkGeometry(List<Problem> p, String prefix, CacheGeometry g) {
        if (!g.present()) {
            return;
        }
        long set = (long) g.lineBytes() * g.assoc();
        if (g.sizeBytes() % set != 0) {
            p.add(new Problem(
                    prefix + ".size",
                    prefix + ".size (" + g.sizeBytes() + ") must be a multiple of mem.line.bytes x " + prefix
                            + ".assoc (" + set + ")"));
        }
    }

    /**
     * Unloaded time, in core cycles, for a control request to cross the request crossbar and a full line to
     * cross the reply crossbar: each crossing takes the crossbar latency plus one interconnect cycle per flit.
     */
    static double crossbarRoundTripCoreCycles(TimingConfig c) {
        InterconnectConfig n = c.interconnect();
        int requestFlits = flits(n.controlBytes(), n.flitBytes());
        int replyFlits = flits(c.memory().lineBytes(), n.flitBytes());
        double icntCycle = c.clocks().coreMhz() / c.clocks().icntMhz();
        return icntCycle * (2.0 * n.latency() + requestFlits + replyFlits);
    }

    static int flits(int bytes, int flitBytes) {
        return Math.max(1, (bytes + flitBytes - 1) / flitBytes);
    }

    private static int i(Map<String, Object> v, String k) {
        return Math.toIntExact((Long) v.get(k));
    }

    private static long l(Map<String, Object> v, String k) {
        return (Long) v.get(k);
    }

    private static double d(Map<String, Object> v, String k) {
        return (Double) v.get(k);
    }
}

package dev.gmac.gpu.exec;

import static dev.gmac.gpu.exec.OneInstruction.ints;
import static dev.gmac.gpu.exec.OneInstruction.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bit-exact integer instruction semantics (PTX ISA §9.7.1-§9.7.4), each against a plain Java reference. */
class IntegerSemanticsTest {
    private static final long M32 = 0xFFFFFFFFL;

    private static long[] randomLongs(Random r, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (i % 4) {
                case 0 -> r.nextLong();
                case 1 -> r.nextInt();
                case 2 -> r.nextInt(64) - 32;
                default -> (long) r.nextInt() << 32 | (i * 7L);
            };
        }
        return v;
    }

    @Test
    void carryChainsAdd128FromThirtyTwoBitPieces() {
        Random r = new Random(1);
        int n = 64;
        long[] a = randomLongs(r, n);
        long[] b = randomLongs(r, n);
        try (TestDevice dev = new TestDevice()) {
            // (a + b) as 64 bits, computed with add.cc/addc on 32-bit halves
            long[] got = run(
                    dev,
                    "b64 b64 b64",
                    " mov.b64 {%x, %y}, %a;\n .reg .b32 %u;\n .reg .b32 %v;\n mov.b64 {%u, %v}, %b;\n"
                            + " add.cc.u32 %x, %x, %u;\n addc.u32 %y, %y, %v;\n mov.b64 %d, {%x, %y};",
                    a,
                    b);
            for (int i = 0; i < n; i++) {
                assertEquals(a[i] + b[i], got[i], "lane " + i);
            }
            // subtraction with borrow
            long[] sub = run(
                    dev,
                    "b64 b64 b64",
                    " mov.b64 {%x, %y}, %a;\n .reg .b32 %u;\n .reg .b32 %v;\n mov.b64 {%u, %v}, %b;\n"
                            + " sub.cc.u32 %x, %x, %u;\n subc.u32 %y, %y, %v;\n mov.b64 %d, {%x, %y};",
                    a,
                    b);
            for (int i = 0; i < n; i++) {
                assertEquals(a[i] - b[i], sub[i], "lane " + i);
            }
            // 64-bit carry out of add.cc.u64 captured by addc
            long[] carry = run(dev, "b64 b64 b64", " add.cc.u64 %d, %a, %b;\n addc.u64 %d, 0, 0;", a, b);
            for (int i = 0; i < n; i++) {
                long expect = Long.compareUnsigned(a[i] + b[i], a[i]) < 0 ? 1 : 0;
                assertEquals(expect, carry[i], "carry lane " + i);
            }
            // after a subtraction the flag reads "no borrow" (the convention nvcc's multi-word code relies on)
            long[] noBorrow = run(dev, "b64 b64 b64", " sub.cc.u64 %d, %a, %b;\n addc.u64 %d, 0, 0;", a, b);
            for (int i = 0; i < n; i++) {
                assertEquals(Long.compareUnsigned(a[i], b[i]) >= 0 ? 1 : 0, noBorrow[i], "lane " + i);
            }
        }
    }

    @Test
    void madCarryChainComputesA128BitProduct() {
        Random r = new Random(2);
        int n = 32;
        long[] a = randomLongs(r, n);
        long[] b = randomLongs(r, n);
        try (TestDevice dev = new TestDevice()) {
            // high 64 bits of a*b (unsigned), from mul.lo/mul.hi and a mad.lo.cc/madc.hi chain on 32-bit limbs
            String body = " .reg .b32 %a0;\n .reg .b32 %a1;\n .reg .b32 %b0;\n .reg .b32 %b1;\n"
                    + " .reg .b32 %q1;\n .reg .b32 %q2;\n .reg .b32 %q3;\n .reg .b32 %s;\n"
                    + " mov.b64 {%a0, %a1}, %a;\n mov.b64 {%b0, %b1}, %b;\n"
                    + " mul.hi.u32 %q1, %a0, %b0;\n"
                    + " mad.lo.cc.u32 %q1, %a1, %b0, %q1;\n madc.hi.u32 %q2, %a1, %b0, 0;\n"
                    + " mad.lo.cc.u32 %q1, %a0, %b1, %q1;\n madc.hi.cc.u32 %q2, %a0, %b1, %q2;\n addc.u32 %q3, 0, 0;\n"
                    + " mad.lo.cc.u32 %q2, %a1, %b1, %q2;\n madc.hi.u32 %q3, %a1, %b1, %q3;\n"
                    + " mov.b64 %d, {%q2, %q3};";
            long[] got = run(dev, "b64 b64 b64", body, a, b);
            for (int i = 0; i < n; i++) {
                BigInteger p = new BigInteger(Long.toUnsignedString(a[i]))
                        .multiply(new BigInteger(Long.toUnsignedString(b[i])));
                assertEquals(p.shiftRight(64).longValue(), got[i], "lane " + i);
            }
            long[] hi = run(dev, "b64 b64 b64", " mul.hi.u64 %d, %a, %b;", a, b);
            long[] shi = run(dev, "b64 b64 b64", " mul.hi.s64 %d, %a, %b;", a, b);
            for (int i = 0; i < n; i++) {
                BigInteger u = new BigInteger(Long.toUnsignedString(a[i]))
                        .multiply(new BigInteger(Long.toUnsignedString(b[i])));
                assertEquals(u.shiftRight(64).longValue(), hi[i]);
                assertEquals(Math.multiplyHigh(a[i], b[i]), shi[i]);
            }
        }
    }

    @Test
    void thirtyTwoBitArithmetic() {
        Random r = new Random(3);
        int n = 128;
        long[] a = randomLongs(r, n);
        long[] b = randomLongs(r, n);
        long[] c = randomLongs(r, n);
        try (TestDevice dev = new TestDevice()) {
            long[] mulhi = run(dev, "b32 b32 b32", " mul.hi.s32 %d, %a, %b;", a, b);
            long[] mulhiu = run(dev, "b32 b32 b32", " mul.hi.u32 %d, %a, %b;", a, b);
            long[] mad = run(dev, "b32 b32 b32 b32", " mad.lo.s32 %d, %a, %b, %c;", a, b, c);
            long[] madhi = run(dev, "b32 b32 b32 b32", " mad.hi.u32 %d, %a, %b, %c;", a, b, c);
            long[] mul24 = run(dev, "b32 b32 b32", " mul24.lo.s32 %d, %a, %b;", a, b);
            long[] mul24hi = run(dev, "b32 b32 b32", " mul24.hi.u32 %d, %a, %b;", a, b);
            long[] sat = run(dev, "b32 b32 b32", " add.sat.s32 %d, %a, %b;", a, b);
            long[] div = run(dev, "b32 b32 b32", " div.s32 %d, %a, %b;", a, b);
            long[] rem = run(dev, "b32 b32 b32", " rem.u32 %d, %a, %b;", a, b);
            long[] min = run(dev, "b32 b32 b32", " min.u32 %d, %a, %b;", a, b);
            long[] max = run(dev, "b32 b32 b32", " max.s32 %d, %a, %b;", a, b);
            long[] sad = run(dev, "b32 b32 b32 b32", " sad.s32 %d, %a, %b, %c;", a, b, c);
            long[] abs = run(dev, "b32 b32", " abs.s32 %d, %a;", a);
            for (int i = 0; i < n; i++) {
                int x = (int) a[i];
                int y = (int) b[i];
                int z = (int) c[i];
                long ux = x & M32;
                long uy = y & M32;
                assertEquals(((long) x * y >> 32) & M32, mulhi[i]);
                assertEquals((ux * uy >>> 32) & M32, mulhiu[i]);
                assertEquals((x * y + z) & M32, mad[i]);
                assertEquals(((ux * uy >>> 32) + (z & M32)) & M32, madhi[i]);
                long x24 = (long) (x << 8) >> 8;
                long y24 = (long) (y << 8) >> 8;
                assertEquals((x24 * y24) & M32, mul24[i]);
                assertEquals((((ux & 0xFFFFFF) * (uy & 0xFFFFFF)) >>> 16) & M32, mul24hi[i]);
                long s = (long) x + y;
                assertEquals(Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s)) & M32, sat[i]);
                if (y != 0) {
                    assertEquals((x / y) & M32, div[i]);
                    assertEquals(Integer.remainderUnsigned(x, y) & M32, rem[i]);
                }
                assertEquals(Integer.compareUnsigned(x, y) < 0 ? ux : uy, min[i]);
                assertEquals(Math.max(x, y) & M32, max[i]);
                assertEquals((z + Math.abs((long) x - y)) & M32, sad[i]);
                assertEquals(Math.abs(x) & M32, abs[i]);
            }
        }
    }

    @Test
    void bitManipulation() {
        Random r = new Random(4);
        int n = 128;
        long[] a = randomLongs(r, n);
        long[] b = randomLongs(r, n);
        long[] pos = new long[n];
        long[] len = new long[n];
        for (int i = 0; i < n; i++) {
            pos[i] = r.nextInt(40);
            len[i] = r.nextInt(40);
        }
        try (TestDevice dev = new TestDevice()) {
            long[] popc = run(dev, "b32 b64", " popc.b64 %d, %a;", a);
            long[] clz = run(dev, "b32 b32", " clz.b32 %d, %a;", a);
            long[] clz64 = run(dev, "b32 b64", " clz.b64 %d, %a;", a);
            long[] brev = run(dev, "b32 b32", " brev.b32 %d, %a;", a);
            long[] brev64 = run(dev, "b64 b64", " brev.b64 %d, %a;", a);
            long[] bfind = run(dev, "b32 b32", " bfind.s32 %d, %a;", a);
            long[] bfindu = run(dev, "b32 b64", " bfind.shiftamt.u64 %d, %a;", a);
            long[] bfe = run(dev, "b32 b32 b32 b32", " bfe.s32 %d, %a, %b, %c;", a, pos, len);
            long[] bfeu = run(dev, "b64 b64 b32 b32", " bfe.u64 %d, %a, %b, %c;", a, pos, len);
            long[] bfi = run(dev, "b32 b32 b32 b32", " bfi.b32 %d, %a, %b, %c, 5;", a, b, pos);
            long[] shfl = run(dev, "b32 b32 b32 b32", " shf.l.wrap.b32 %d, %a, %b, %c;", a, b, pos);
            long[] shfr = run(dev, "b32 b32 b32 b32", " shf.r.clamp.b32 %d, %a, %b, %c;", a, b, pos);
            long[] lop3 = run(dev, "b32 b32 b32 b32", " lop3.b32 %d, %a, %b, %c, 0xD2;", a, b, pos);
            for (int i = 0; i < n; i++) {
                int x = (int) a[i];
                int p = (int) pos[i];
                int l = (int) len[i];
                assertEquals(Long.bitCount(a[i]), popc[i]);
                assertEquals(Integer.numberOfLeadingZeros(x), clz[i]);
                assertEquals(Long.numberOfLeadingZeros(a[i]), clz64[i]);
                assertEquals(Integer.reverse(x) & M32, brev[i]);
                assertEquals(Long.reverse(a[i]), brev64[i]);
                int v = x < 0 ? ~x : x;
                assertEquals(v == 0 ? M32 : 31 - Integer.numberOfLeadingZeros(v), bfind[i]);
                assertEquals(a[i] == 0 ? M32 : Long.numberOfLeadingZeros(a[i]), bfindu[i]);
                assertEquals(referenceBfe(x, p, l, 32, true) & M32, bfe[i], "bfe lane " + i);
                assertEquals(referenceBfe(a[i], p, l, 64, false), bfeu[i], "bfe.u64 lane " + i);
                long ins = (int) b[i];
                for (int k = 0; k < 5 && p + k < 32; k++) {
                    ins = (ins & ~(1L << (p + k))) | (((x >>> k) & 1L) << (p + k));
                }
                assertEquals(ins & M32, bfi[i]);
                long cat = ((b[i] & M32) << 32) | (x & M32);
                assertEquals((cat << (p & 31)) >>> 32, shfl[i]);
                assertEquals((cat >>> Math.min(p, 32)) & M32, shfr[i]);
                int f = x;
                int g = (int) b[i];
                int h = p;
                assertEquals((f ^ (~g & h)) & M32, lop3[i], "0xD2 = 0xF0 ^ (~0xCC & 0xAA) = a ^ (~b & c)");
            }
        }
    }

    private static long referenceBfe(long a, int pos, int len, int bits, boolean signed) {
        long d = 0;
        long sbit = signed && len > 0 ? (a >>> Math.min(pos + len - 1, bits - 1)) & 1 : 0;
        for (int i = 0; i < bits; i++) {
            long bit = (i < len && pos + i < bits) ? (a >>> (pos + i)) & 1 : sbit;
            d |= bit << i;
        }
        return bits == 32 ? (int) d : d;
    }

    @Test
    void prmtModes() {
        long a = 0x33221100L;
        long b = 0x77665544L;
        try (TestDevice dev = new TestDevice()) {
            assertEquals(
                    0x11447700L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32 %d, %a, %b, 0x1470;", ints(a), ints(b), ints(0))[0]);
            // sign replication: a selector nibble with bit 3 set replicates the sign bit of the selected byte:
            // 0xE selects byte 6 of {b, a} = 0xE6 -> 0xFF; 0x8 selects byte 0 = 0x00 -> 0x00
            assertEquals(
                    0xFF000000L,
                    run(dev, "b32 b32 b32", " prmt.b32 %d, %a, %b, 0xE888;", ints(a), ints(0x77E65544L))[0]);
            assertEquals(
                    0x44332211L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.f4e %d, %a, %b, %c;", ints(a), ints(b), ints(1))[0]);
            assertEquals(
                    0x55667700L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.b4e %d, %a, %b, %c;", ints(a), ints(b), ints(0))[0]);
            assertEquals(
                    0x22222222L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.rc8 %d, %a, %b, %c;", ints(a), ints(b), ints(2))[0]);
            assertEquals(
                    0x33221111L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.ecl %d, %a, %b, %c;", ints(a), ints(b), ints(1))[0]);
            assertEquals(
                    0x11111100L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.ecr %d, %a, %b, %c;", ints(a), ints(b), ints(1))[0]);
            assertEquals(
                    0x33223322L,
                    run(dev, "b32 b32 b32 b32", " prmt.b32.rc16 %d, %a, %b, %c;", ints(a), ints(b), ints(1))[0]);
        }
    }

    @Test
    void sixteenBitAndShifts() {
        Random r = new Random(5);
        int n = 64;
        long[] a = randomLongs(r, n);
        long[] b = randomLongs(r, n);
        long[] sh = new long[n];
        for (int i = 0; i < n; i++) {
            sh[i] = r.nextInt(70);
        }
        try (TestDevice dev = new TestDevice()) {
            long[] add16 = run(dev, "b16 b16 b16", " add.s16 %d, %a, %b;", a, b);
            long[] mul16 = run(dev, "b32 b16 b16", " mul.wide.s16 %d, %a, %b;", a, b);
            long[] shr16 = run(dev, "b16 b16 b32", " shr.s16 %d, %a, %b;", a, sh);
            long[] shl32 = run(dev, "b32 b32 b32", " shl.b32 %d, %a, %b;", a, sh);
            long[] shr32 = run(dev, "b32 b32 b32", " shr.u32 %d, %a, %b;", a, sh);
            long[] sar64 = run(dev, "b64 b64 b32", " shr.s64 %d, %a, %b;", a, sh);
            long[] lt16 = run(dev, "pred b16 b16", " setp.lt.s16 %d, %a, %b;", a, b);
            long[] cvt = run(dev, "b32 b16", " cvt.s32.s16 %d, %a;", a);
            long[] cvtu = run(dev, "b32 b16", " cvt.u32.u16 %d, %a;", a);
            long[] sat8 = run(dev, "b32 b32", " cvt.sat.s8.s32 %d, %a;", a);
            for (int i = 0; i < n; i++) {
                short x = (short) a[i];
                short y = (short) b[i];
                int s = (int) sh[i];
                assertEquals((x + y) & 0xFFFF, add16[i]);
                assertEquals(((long) x * y) & M32, mul16[i]);
                assertEquals((x >> Math.min(s, 15)) & 0xFFFF, shr16[i]);
                assertEquals(s >= 32 ? 0 : ((int) a[i] << s) & M32, shl32[i]);
                assertEquals(s >= 32 ? 0 : ((a[i] & M32) >>> s), shr32[i]);
                assertEquals(a[i] >> Math.min(s, 63), sar64[i]);
                assertEquals(x < y ? 1 : 0, lt16[i]);
                assertEquals((long) x & M32, cvt[i]);
                assertEquals(x & 0xFFFF, cvtu[i]);
                assertEquals(Math.max(-128, Math.min(127, (int) a[i])) & 0xFF, sat8[i] & 0xFF);
            }
        }
    }

    @Test
    void setpCombiningAndSelects() {
        long[] a = {1, 5, -3, 7, 0, 9};
        long[] b = {2, 5, -4, 6, 0, 10};
        long[] c = {1, 0, 1, 0, 1, 0};
        try (TestDevice dev = new TestDevice()) {
            // p|q: p = (a < b) and c, q = !(a < b) and c
            long[] p = run(
                    dev,
                    "b32 b32 b32 pred",
                    " setp.lt.and.s32 %p1|%p2, %a, %b, %c;\n selp.b32 %x, 2, 0, %p1;\n selp.b32 %y, 1, 0, %p2;\n"
                            + " or.b32 %d, %x, %y;",
                    a,
                    b,
                    c);
            assertArrayEquals(new long[] {2, 0, 1, 0, 1, 0}, p);
            long[] xor = run(dev, "pred b32 b32 pred", " setp.ge.xor.s32 %d, %a, %b, !%c;", a, b, c);
            // ge: {0,1,1,1,1,0}; !c: {0,1,0,1,0,1}
            assertArrayEquals(new long[] {0, 0, 1, 0, 1, 1}, xor);
            long[] slct = run(dev, "b32 b32 b32 b32", " slct.s32.s32 %d, %a, %b, %c;", a, b, ints(-1, 0, 5, -7, 1, -2));
            assertArrayEquals(new long[] {2, 5, -3 & M32, 6, 0, 10}, slct);
            long[] hs = run(dev, "pred b64 b64", " setp.hs.u64 %d, %a, %b;", ints(-1L, 1), ints(1, -1L));
            assertArrayEquals(new long[] {1, 0}, hs);
        }
    }
}

package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.SplittableRandom;

/**
 * WP: column physics of a weather model, horizontal mixing and condensation above saturation (the GPGPU-Sim
 * benchmarks' weather prediction; {@code div_weather.cu}), 8x8 CTAs.
 */
public final class Weather implements DivergenceWorkload {
    @Override
    public String name() {
        return "WP";
    }

    @Override
    public String description() {
        return "column physics of a weather model: mixing and condensation above saturation (weather prediction)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int nx = size.pick(24, 96);
        int ny = size.pick(16, 96);
        int levels = size.pick(8, 16);
        int plane = nx * ny;
        float[] t = new float[plane * levels];
        float[] q = new float[plane * levels];
        for (int i = 0; i < t.length; i++) {
            t[i] = (float) (rnd.nextDouble() * 20);
            q[i] = (float) (0.004 + rnd.nextDouble() * 0.02);
        }
        float[] tOut = new float[t.length];
        float[] qOut = new float[q.length];
        float[] rain = new float[plane];
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                int xw = x > 0 ? x - 1 : x;
                int xe = x < nx - 1 ? x + 1 : x;
                int ys = y > 0 ? y - 1 : y;
                int yn = y < ny - 1 ? y + 1 : y;
                float precip = 0.0f;
                for (int k = 0; k < levels; k++) {
                    int base = k * plane;
                    int c = base + y * nx + x;
                    float tc = t[c];
                    float qc = q[c];
                    float tmix = (t[base + y * nx + xw] + t[base + y * nx + xe])
                            + (t[base + ys * nx + x] + t[base + yn * nx + x]);
                    float qmix = (q[base + y * nx + xw] + q[base + y * nx + xe])
                            + (q[base + ys * nx + x] + q[base + yn * nx + x]);
                    float tn = Math.fma(0.05f, tmix - 4.0f * tc, tc);
                    float qn = Math.fma(0.05f, qmix - 4.0f * qc, qc);
                    float qsat = Math.fma(0.0008f, tn, 0.004f);
                    if (qn > qsat) {
                        float excess = qn - qsat;
                        qn = qsat;
                        tn = Math.fma(2.5f, excess, tn);
                        precip = precip + excess;
                    }
                    tOut[c] = tn;
                    qOut[c] = qn;
                }
                rain[y * nx + x] = precip;
            }
        }
        PtxModule m = d.module("div_weather");
        long dt = d.upload(t);
        long dq = d.upload(q);
        long dto = d.zeros(4L * t.length);
        long dqo = d.zeros(4L * q.length);
        long drain = d.zeros(4L * plane);
        d.launch(
                m,
                "weather_column",
                Dim3.of((nx + 7) / 8, (ny + 7) / 8),
                Dim3.of(8, 8),
                dt,
                dq,
                dto,
                dqo,
                drain,
                nx,
                ny,
                levels);
        return new Check()
                .floats("t", tOut, d.floats(dto, t.length))
                .floats("q", qOut, d.floats(dqo, q.length))
                .floats("rain", rain, d.floats(drain, plane))
                .verdict();
    }
}

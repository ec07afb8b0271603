package io.cpsng.measure;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The run as a picture (timeline.png): above, a Gantt-like chart of sampled handles, one row each, a bar per
 * phase from its start to its end; below, handles registered and READY over time.
 */
final class TimelineChart {

    private static final int WIDTH = 1200;
    private static final int GANTT_HEIGHT = 650;
    private static final int THROUGHPUT_HEIGHT = 350;

    private TimelineChart() {
    }

    /**
     * Writes the chart. The handles drawn are spread evenly over the registration order; time is in seconds
     * from the run's start.
     */
    static void write(final Path file, final List<String> cmHandleIdsInOrder, final int sampledHandles,
                      final Collection<TraceRow> rows, final List<ProgressMonitor.Sample> samples,
                      final long runStartMicros, final String title) {
        final BufferedImage gantt = BitmapEncoder.getBufferedImage(
            gantt(sample(cmHandleIdsInOrder, sampledHandles), rows, runStartMicros, title));
        final BufferedImage throughput = BitmapEncoder.getBufferedImage(throughput(samples));
        final BufferedImage both = new BufferedImage(WIDTH, GANTT_HEIGHT + THROUGHPUT_HEIGHT,
            BufferedImage.TYPE_INT_RGB);
        final Graphics2D graphics = both.createGraphics();
        graphics.drawImage(gantt, 0, 0, null);
        graphics.drawImage(throughput, 0, GANTT_HEIGHT, null);
        graphics.dispose();
        try {
            ImageIO.write(both, "png", file.toFile());
        } catch (final IOException unwritable) {
            throw new UncheckedIOException("Could not write " + file, unwritable);
        }
    }

    private static List<String> sample(final List<String> cmHandleIds, final int sampledHandles) {
        if (cmHandleIds.size() <= sampledHandles) {
            return cmHandleIds;
        }
        final List<String> sampled = new ArrayList<>(sampledHandles);
        for (int index = 0; index < sampledHandles; index++) {
            sampled.add(cmHandleIds.get((int) ((long) index * (cmHandleIds.size() - 1) / (sampledHandles - 1))));
        }
        return sampled;
    }

    private static XYChart gantt(final List<String> sampled, final Collection<TraceRow> rows,
                                 final long runStartMicros, final String title) {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(GANTT_HEIGHT).title(title)
            .xAxisTitle("seconds since the first registration request").yAxisTitle("sampled handle (registration order)")
            .build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        final Map<String, Integer> rowOfHandle = new HashMap<>();
        for (int index = 0; index < sampled.size(); index++) {
            rowOfHandle.put(sampled.get(index), index + 1);
        }
        // one series per phase; its bars are segments, separated by NaN (a gap in the line)
        final Map<String, List<Double>> xByPhase = new LinkedHashMap<>();
        final Map<String, List<Double>> yByPhase = new LinkedHashMap<>();
        PhaseSummary.PHASE_NAMES.keySet().forEach(phase -> {
            xByPhase.put(phase, new ArrayList<>());
            yByPhase.put(phase, new ArrayList<>());
        });
        for (final TraceRow row : rows) {
            final Integer handleRow = rowOfHandle.get(row.cmHandleId());
            if (handleRow == null) {
                continue;
            }
            final List<Double> xs = xByPhase.computeIfAbsent(row.phase(), phase -> new ArrayList<>());
            final List<Double> ys = yByPhase.computeIfAbsent(row.phase(), phase -> new ArrayList<>());
            // a phase of a few microseconds would not show: draw it at least a thousandth of a second long
            xs.addAll(List.of((row.startMicros() - runStartMicros) / 1e6,
                Math.max(row.endMicros() - runStartMicros, row.startMicros() - runStartMicros + 1_000) / 1e6,
                Double.NaN));
            ys.addAll(List.of((double) handleRow, (double) handleRow, Double.NaN));
        }
        xByPhase.forEach((phase, xs) -> {
            if (!xs.isEmpty()) {
                chart.addSeries(PhaseSummary.PHASE_NAMES.getOrDefault(phase, phase), xs, yByPhase.get(phase))
                    .setMarker(SeriesMarkers.NONE).setLineStyle(SeriesLines.SOLID).setLineWidth(6f);
            }
        });
        return chart;
    }

    private static XYChart throughput(final List<ProgressMonitor.Sample> samples) {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(THROUGHPUT_HEIGHT)
            .title("Handles registered and READY").xAxisTitle("seconds since the first registration request")
            .yAxisTitle("handles").build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        final List<Double> seconds = new ArrayList<>();
        final List<Integer> registered = new ArrayList<>();
        final List<Integer> ready = new ArrayList<>();
        seconds.add(0d);
        registered.add(0);
        ready.add(0);
        for (final ProgressMonitor.Sample sample : samples) {
            seconds.add(sample.seconds());
            registered.add(sample.registered());
            ready.add(sample.ready());
        }
        chart.addSeries("registered", seconds, registered).setMarker(SeriesMarkers.NONE);
        chart.addSeries("READY", seconds, ready).setMarker(SeriesMarkers.NONE);
        return chart;
    }
}

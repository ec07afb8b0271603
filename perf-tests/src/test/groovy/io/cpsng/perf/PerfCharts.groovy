package io.cpsng.perf

import org.knowm.xchart.BitmapEncoder
import org.knowm.xchart.CategoryChartBuilder
import org.knowm.xchart.XYChartBuilder
import org.knowm.xchart.internal.chartpart.Chart
import org.knowm.xchart.style.Styler
import org.knowm.xchart.style.lines.SeriesLines
import org.knowm.xchart.style.markers.SeriesMarkers

import java.awt.Color

/**
 * Two PNG charts per family, time and rate: lines against size where the family measures a
 * scenario at several sizes, else one bar per scenario.
 */
class PerfCharts {

    private static final int WIDTH = 1000
    private static final int HEIGHT = 560

    /** Writes the charts and returns their file names. */
    static List<String> write(List<Measurement> measurements, File directory) {
        def fileNames = []
        measurements.groupBy { it.family }.each { family, familyMeasurements ->
            def units = familyMeasurements*.unit.unique().join(', ')
            [time: [title: 'time', axis: 'seconds', figure: { Measurement it -> it.seconds }, budgets: false],
             rate: [title: 'rate', axis: units, figure: { Measurement it -> it.rate }, budgets: true]].each { kind, chart ->
                def fileName = "${family}-${kind}.png"
                def title = "${family}: ${chart.title}"
                save(chartOf(title, chart.axis, familyMeasurements, chart.figure, chart.budgets), new File(directory, fileName))
                fileNames << fileName
            }
        }
        fileNames
    }

    private static Chart chartOf(String title, String axisTitle, List<Measurement> measurements, Closure<Double> figure,
                                 boolean withBudgets) {
        def byScenario = measurements.groupBy { it.scenario }
        def growthCurves = byScenario.values().any { it*.size.unique().size() > 1 }
        growthCurves ? lineChart(title, axisTitle, byScenario, figure, withBudgets)
            : barChart(title, axisTitle, measurements, figure)
    }

    /** Rates against size, with each budget as a dashed line across the sizes it applies to. */
    private static Chart lineChart(String title, String axisTitle, Map<String, List<Measurement>> byScenario,
                                   Closure<Double> figure, boolean withBudgets) {
        def chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle('size').yAxisTitle(axisTitle).build()
        def all = byScenario.values().flatten() as List<Measurement>
        def sizes = all*.size
        def values = all.collect(figure)
        chart.styler.setLegendPosition(Styler.LegendPosition.OutsideS)
        chart.styler.setXAxisLogarithmic(sizes.min() > 0 && sizes.max() / sizes.min() >= 20)
        chart.styler.setYAxisLogarithmic(values.min() > 0 && values.max() / values.min() >= 100)
        chart.styler.setChartBackgroundColor(Color.WHITE)
        byScenario.each { scenario, scenarioMeasurements ->
            def sorted = scenarioMeasurements.sort(false) { it.size }
            chart.addSeries(scenario, sorted*.size as double[], sorted.collect(figure) as double[])
        }
        if (withBudgets) {
            all.findAll { it.budget.set }.groupBy { it.budget }.each { budget, budgeted ->
                def series = chart.addSeries("budget ${budget.describe(budgeted[0].unit)}".toString(),
                    [budgeted*.size.min(), budgeted*.size.max()] as double[], [budget.limit, budget.limit] as double[])
                series.lineStyle = SeriesLines.DASH_DASH
                // a budget for one size only is a point, so it keeps its marker
                series.marker = budgeted*.size.unique().size() > 1 ? SeriesMarkers.NONE : SeriesMarkers.DIAMOND
                series.markerColor = Color.RED
                series.lineColor = Color.RED
            }
        }
        chart
    }

    private static Chart barChart(String title, String axisTitle, List<Measurement> measurements,
                                  Closure<Double> figure) {
        def chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
            .xAxisTitle('scenario (size)').yAxisTitle(axisTitle).build()
        chart.styler.setLegendVisible(false)
        chart.styler.setXAxisLabelRotation(20)
        chart.styler.setChartBackgroundColor(Color.WHITE)
        chart.addSeries(title, measurements.collect { "${it.scenario} (${Figures.number(it.size)})".toString() },
            measurements.collect(figure))
        chart
    }

    private static void save(Chart chart, File file) {
        BitmapEncoder.saveBitmap(chart, file.path, BitmapEncoder.BitmapFormat.PNG)
    }
}

//! The SVG chart of cycles per benchmark per configuration (`plotters`).

use crate::report::Report;
use plotters::prelude::*;
use std::path::Path;

const COLORS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// Draws grouped bars: one group per benchmark, one bar per configuration,
/// height = cycles (log scale), to an SVG file.
pub fn write_svg(report: &Report, path: &Path) -> Result<(), String> {
    let n = report.benchmarks.len().max(1);
    let k = report.configs.len().max(1);
    let width = (120 + n * (14 * k + 10)).max(640) as u32;
    let root = SVGBackend::new(path, (width, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let max = report
        .results
        .iter()
        .filter_map(|o| o.measurement.as_ref().map(|m| m.cycles))
        .max()
        .unwrap_or(10)
        .max(10) as f64;
    let names = report.benchmarks.clone();
    let mut chart = ChartBuilder::on(&root)
        .caption("cycles per benchmark (log scale)", ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(110)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..n as f64, (1f64..max * 2.0).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_labels(n)
        .x_label_formatter(&|x| names.get(x.floor() as usize).cloned().unwrap_or_default())
        .x_label_style(
            ("sans-serif", 11)
                .into_font()
                .transform(FontTransform::Rotate90),
        )
        .y_desc("cycles")
        .draw()
        .map_err(|e| e.to_string())?;
    let bar = 0.8 / k as f64;
    for (j, c) in report.configs.iter().enumerate() {
        let color = COLORS[j % COLORS.len()];
        let bars: Vec<Rectangle<(f64, f64)>> = report
            .benchmarks
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                let m = report.get(b, c)?.measurement.as_ref()?;
                let x0 = i as f64 + 0.1 + j as f64 * bar;
                Some(Rectangle::new(
                    [(x0, 1.0), (x0 + bar, (m.cycles as f64).max(1.0))],
                    color.filled(),
                ))
            })
            .collect();
        chart
            .draw_series(bars)
            .map_err(|e| e.to_string())?
            .label(c.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

//! A small SVG writer: just what the sweep chart needs (rectangles,
//! lines, text, groups), with every attribute value and text escaped so
//! that any benchmark or machine name gives well-formed XML.

use std::fmt::Write as _;

/// `text` with the five XML special characters replaced by entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newline are not
            // allowed in XML 1.0 at all.
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A number as an SVG coordinate: two decimals, no `-0.00`, never NaN.
fn num(x: f64) -> String {
    if !x.is_finite() {
        return "0".into();
    }
    let s = format!("{x:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

/// An SVG document being written.
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

impl Svg {
    /// An empty drawing of `width` × `height` pixels.
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
        }
    }

    /// A filled rectangle; `class` (may be empty) tags it for styling and
    /// for tests, `tooltip` (may be empty) becomes its `<title>`.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, class: &str, tooltip: &str) {
        let _ = write!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"",
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
            escape(fill)
        );
        if !class.is_empty() {
            let _ = write!(self.body, " class=\"{}\"", escape(class));
        }
        if tooltip.is_empty() {
            self.body.push_str("/>\n");
        } else {
            let _ = writeln!(self.body, "><title>{}</title></rect>", escape(tooltip));
        }
    }

    /// A line; `dash` (may be empty) is its `stroke-dasharray`.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, dash: &str) {
        let _ = write!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            escape(stroke)
        );
        if !dash.is_empty() {
            let _ = write!(self.body, " stroke-dasharray=\"{}\"", escape(dash));
        }
        self.body.push_str("/>\n");
    }

    /// Text at (x, y) with `anchor` (`start`, `middle`, `end`), font size
    /// `size`, rotated by `rotate` degrees about (x, y).
    pub fn text(&mut self, x: f64, y: f64, text: &str, anchor: &str, size: f64, rotate: f64) {
        let _ = write!(
            self.body,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"{}\" font-size=\"{}\"",
            num(x),
            num(y),
            escape(anchor),
            num(size)
        );
        if rotate != 0.0 {
            let _ = write!(
                self.body,
                " transform=\"rotate({} {} {})\"",
                num(rotate),
                num(x),
                num(y)
            );
        }
        let _ = writeln!(self.body, ">{}</text>", escape(text));
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n{}</svg>\n",
            self.body,
            w = num(self.width),
            h = num(self.height),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_special_character() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{1}y"), "x y");
    }

    #[test]
    fn a_document_with_one_of_each_element() {
        let mut s = Svg::new(100.0, 50.0);
        s.rect(1.0, 2.0, 3.0, -4.0, "#fff", "bar", "t<1>");
        s.line((0.0, 0.0), (1.0, 1.0), "black", "4 2");
        s.text(5.0, 6.0, "A&B", "middle", 12.0, -90.0);
        let doc = s.finish();
        assert!(doc.starts_with("<?xml"), "{doc}");
        // a negative height is drawn as 0
        assert!(doc.contains(
            "<rect x=\"1.00\" y=\"2.00\" width=\"3.00\" height=\"0.00\" fill=\"#fff\" class=\"bar\"><title>t&lt;1&gt;</title></rect>"
        ), "{doc}");
        assert!(doc.contains("stroke-dasharray=\"4 2\""), "{doc}");
        assert!(
            doc.contains("transform=\"rotate(-90.00 5.00 6.00)\">A&amp;B</text>"),
            "{doc}"
        );
        assert!(doc.trim_end().ends_with("</svg>"), "{doc}");
    }
}

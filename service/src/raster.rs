//! Board pictures as PNG, for the places that show no SVG (forums,
//! e-mail): the library's SVG drawn by resvg, pure Rust, with the DejaVu
//! Sans faces that the picture's font stack names first embedded in the
//! binary, so that the words are drawn the same on any machine (no system
//! font is read).

use std::sync::{Arc, LazyLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree, fontdb};

use crate::plumbing::internal;
use crate::problem::Problem;

/// Pixels per SVG unit: the PNG is drawn at twice the SVG's size, sharp on
/// the high-density screens that read mail and forums.
const SCALE: f32 = 2.0;

/// The largest picture drawn, in pixels (a board is far smaller: this only
/// keeps a bug from asking for gigabytes).
const MAX_PIXELS: u64 = 16 * 1024 * 1024;

/// How the SVG is read: the embedded faces and no other.
static OPTIONS: LazyLock<Options<'static>> = LazyLock::new(|| {
    let mut fonts = fontdb::Database::new();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(dejavu::sans::bold().to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    Options {
        fontdb: Arc::new(fonts),
        ..Options::default()
    }
});

/// `svg` (a picture of the library) as PNG bytes.
pub(crate) fn png(svg: &str) -> Result<Vec<u8>, Problem> {
    let tree = Tree::from_str(svg, &OPTIONS).map_err(|error| internal(&error))?;
    let size = tree.size();
    // Whole pixels: the pictures' sizes are whole SVG units.
    let width = (size.width() * SCALE).ceil() as u32;
    let height = (size.height() * SCALE).ceil() as u32;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(internal(&format!("a picture of {width}×{height} pixels")));
    }
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| internal(&format!("no {width}×{height} picture")))?;
    resvg::render(
        &tree,
        Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|error| internal(&error))
}

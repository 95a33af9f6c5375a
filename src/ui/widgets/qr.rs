//! QR codes rendered locally: the matrix from `qrcode`, painted into an egui image with a quiet
//! zone, and the same pixels saved as a PNG. Nothing leaves the computer.

use std::path::{Path, PathBuf};

use egui::{Color32, ColorImage, TextureHandle, TextureOptions};
use qrcode::{Color, EcLevel, QrCode};

/// Modules of light border around the code, as the QR standard asks.
const QUIET_ZONE: usize = 4;

#[derive(Debug, thiserror::Error)]
pub enum QrError {
    #[error("{}", crate::t!("qr-too-long"))]
    TooLong,
    #[error("{}", crate::t!("qr-save-failed"))]
    Save(String),
}

/// What the disk or the image library said, under «Detalles».
impl crate::i18n::Explained for QrError {
    fn detail(&self) -> Option<String> {
        match self {
            QrError::Save(detail) => Some(detail.clone()),
            QrError::TooLong => None,
        }
    }
}

/// The code as an image, `scale` pixels per module. Medium error correction: a phone camera
/// reads it from a screen or a creased print.
pub fn qr_image(text: &str, scale: usize) -> Result<ColorImage, QrError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|_| QrError::TooLong)?;
    let modules = code.width();
    let colors = code.to_colors();
    let side = (modules + 2 * QUIET_ZONE) * scale;
    let mut pixels = vec![Color32::WHITE; side * side];
    for y in 0..modules {
        for x in 0..modules {
            if colors[y * modules + x] == Color::Dark {
                for dy in 0..scale {
                    let row = (y + QUIET_ZONE) * scale + dy;
                    let start = row * side + (x + QUIET_ZONE) * scale;
                    pixels[start..start + scale].fill(Color32::BLACK);
                }
            }
        }
    }
    Ok(ColorImage::new([side, side], pixels))
}

/// Writes the code as a PNG, large enough to print, the owner's alone.
pub fn save_png(text: &str, path: &Path) -> Result<(), QrError> {
    let image = qr_image(text, 12)?;
    let [width, height] = image.size;
    let pixels: Vec<u8> = image
        .pixels
        .iter()
        .map(|pixel| if *pixel == Color32::BLACK { 0 } else { 255 })
        .collect();
    let mut png = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut png,
        &pixels,
        width as u32,
        height as u32,
        image::ExtendedColorType::L8,
        image::ImageFormat::Png,
    )
    .map_err(|error| QrError::Save(error.to_string()))?;
    crate::owner_only::write_export(path, png.get_ref())
        .map_err(|error| QrError::Save(error.to_string()))
}

/// Where "Save QR" puts the file, named after the payment.
pub fn default_save_path(exports_dir: &Path, reference: &str) -> PathBuf {
    let safe: String = reference
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    exports_dir.join(format!("paydesk-QR-{safe}.png"))
}

/// The QR as a texture, made once per payment.
#[derive(Default)]
pub struct QrTexture {
    for_text: String,
    texture: Option<TextureHandle>,
    problem: Option<String>,
}

impl QrTexture {
    pub fn get(&mut self, ctx: &egui::Context, text: &str) -> Result<&TextureHandle, String> {
        if self.for_text != text {
            self.for_text = text.to_owned();
            self.texture = None;
            self.problem = None;
            match qr_image(text, 8) {
                Ok(image) => {
                    self.texture =
                        Some(ctx.load_texture(format!("qr-{text}"), image, TextureOptions::NEAREST))
                }
                Err(error) => self.problem = Some(error.to_string()),
            }
        }
        match (&self.texture, &self.problem) {
            (Some(texture), _) => Ok(texture),
            (None, Some(problem)) => Err(problem.clone()),
            (None, None) => Err("no QR".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(width: usize, height: usize, luma: impl Fn(usize, usize) -> u8) -> String {
        let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(width, height, luma);
        let grids = prepared.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code found");
        grids[0].decode().expect("the QR decodes").1
    }

    #[test]
    fn the_rendered_code_reads_back_as_the_url() {
        let url = "http://127.0.0.1:7300/checkout/PD1000021234";
        let image = qr_image(url, 4).unwrap();
        let [width, height] = image.size;
        let text = decode(width, height, |x, y| {
            if image.pixels[y * width + x] == Color32::BLACK {
                0
            } else {
                255
            }
        });
        assert_eq!(text, url);
    }

    #[test]
    fn the_saved_png_reads_back_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("qr.png");
        let url = "https://pay.example.co/checkout/ABC-123?x=1";
        save_png(url, &path).unwrap();
        let png = image::open(&path).unwrap().to_luma8();
        let (width, height) = png.dimensions();
        let text = decode(width as usize, height as usize, |x, y| {
            png.get_pixel(x as u32, y as u32).0[0]
        });
        assert_eq!(text, url);
    }

    #[test]
    fn refuses_text_too_long_for_a_code() {
        assert!(matches!(
            qr_image(&"x".repeat(5_000), 1),
            Err(QrError::TooLong)
        ));
    }
}

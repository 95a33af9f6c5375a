//! The payment card a shop sends a customer: the shop's name, the amount, what is sold, the QR
//! and the reference, as one PNG. Drawn here, with the window's own font, so it needs nothing
//! from the system and looks the same on every till.

use std::path::Path;

use ab_glyph::{Font, PxScale};
use image::{Rgb, RgbImage};

use super::qr::{QrError, qr_image};
use crate::printing::measure::TextMeasure;

const WIDTH: u32 = 640;
const MARGIN: u32 = 32;
const BAND: Rgb<u8> = Rgb([0x1f, 0x6f, 0xb2]);
const INK: Rgb<u8> = Rgb([0x20, 0x20, 0x20]);
const SOFT_INK: Rgb<u8> = Rgb([0x66, 0x66, 0x66]);
const WHITE: Rgb<u8> = Rgb([0xff, 0xff, 0xff]);

/// What the card says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentCard {
    pub shop: String,
    /// `$ 25.000`, or empty when the payer types the amount (a static QR).
    pub amount: String,
    pub description: String,
    /// What the QR encodes.
    pub qr_text: String,
    /// "Referencia PD1000018716".
    pub reference_line: String,
    /// "Escanee con la app de su banco o billetera".
    pub instruction: String,
}

/// Writes the card as a PNG, the owner's alone.
pub fn save_card(card: &PaymentCard, path: &Path) -> Result<(), QrError> {
    let image = draw(card)?;
    let mut png = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut png, image::ImageFormat::Png)
        .map_err(|error| QrError::Save(error.to_string()))?;
    crate::owner_only::write_export(path, png.get_ref())
        .map_err(|error| QrError::Save(error.to_string()))
}

fn draw(card: &PaymentCard) -> Result<RgbImage, QrError> {
    let measure = TextMeasure::new().map_err(|error| QrError::Save(error.to_string()))?;
    let qr = qr_image(&card.qr_text, 1)?;
    // As large as the card allows, in whole pixels per module (a blurred code scans badly).
    let scale = ((WIDTH - 2 * MARGIN) as usize / qr.size[0]).max(1);
    let qr = qr_image(&card.qr_text, scale)?;
    let qr_side = qr.size[0] as u32;

    let band_height = 96;
    let height = band_height + 24 + 72 + 44 + qr_side + 24 + 40 + 36 + MARGIN;
    let mut image = RgbImage::from_pixel(WIDTH, height, WHITE);
    for y in 0..band_height {
        for x in 0..WIDTH {
            image.put_pixel(x, y, BAND);
        }
    }
    let mut y = 0;
    text_centred(&mut image, &measure, 40.0, &card.shop, y + 64, WHITE);
    y += band_height + 24;
    if !card.amount.is_empty() {
        text_centred(&mut image, &measure, 64.0, &card.amount, y + 60, INK);
    }
    y += 72;
    text_centred(
        &mut image,
        &measure,
        26.0,
        &card.description,
        y + 30,
        SOFT_INK,
    );
    y += 44;
    let left = (WIDTH - qr_side) / 2;
    for (index, pixel) in qr.pixels.iter().enumerate() {
        let (x, row) = ((index % qr.size[0]) as u32, (index / qr.size[0]) as u32);
        let value = pixel.r();
        image.put_pixel(left + x, y + row, Rgb([value, value, value]));
    }
    y += qr_side + 24;
    text_centred(&mut image, &measure, 24.0, &card.instruction, y + 26, INK);
    y += 40;
    text_centred(
        &mut image,
        &measure,
        20.0,
        &card.reference_line,
        y + 24,
        SOFT_INK,
    );
    Ok(image)
}

/// One line of text centred on the card, `baseline` pixels from the top; a line too long for
/// the card is made smaller until it fits.
fn text_centred(
    image: &mut RgbImage,
    measure: &TextMeasure,
    size: f32,
    text: &str,
    baseline: u32,
    colour: Rgb<u8>,
) {
    let room = (WIDTH - 2 * MARGIN) as f32;
    let mut size = size;
    while size > 10.0 && measure.width_in_pixels(size, text) > room {
        size -= 2.0;
    }
    let left = (WIDTH as f32 - measure.width_in_pixels(size, text)) / 2.0;
    measure.place(PxScale::from(size), text, left, |id, x| {
        let glyph = id.with_scale_and_position(size, ab_glyph::point(x, baseline as f32));
        let Some(outline) = measure.font().outline_glyph(glyph) else {
            return;
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i32 + gx as i32;
            let py = bounds.min.y as i32 + gy as i32;
            if px < 0 || py < 0 || px >= image.width() as i32 || py >= image.height() as i32 {
                return;
            }
            let under = image.get_pixel(px as u32, py as u32);
            let mixed =
                |a: u8, b: u8| (f32::from(a) * (1.0 - coverage) + f32::from(b) * coverage) as u8;
            let blended = Rgb([
                mixed(under[0], colour[0]),
                mixed(under[1], colour[1]),
                mixed(under[2], colour[2]),
            ]);
            image.put_pixel(px as u32, py as u32, blended);
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_holds_a_readable_qr_and_fits_long_names() {
        let card = PaymentCard {
            shop: "Panadería y Cafetería La Esquina del Barrio Santa Fe".into(),
            amount: "$ 25.000".into(),
            description: "Almuerzo ejecutivo".into(),
            qr_text: "https://pay.example.co/checkout/PD1000018716".into(),
            reference_line: "Referencia PD1000018716".into(),
            instruction: "Escanee con la app de su banco o billetera".into(),
        };
        let image = draw(&card).unwrap();
        assert_eq!(image.width(), WIDTH);
        let grey = image::DynamicImage::ImageRgb8(image).to_luma8();
        let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(
            grey.width() as usize,
            grey.height() as usize,
            |x, y| grey.get_pixel(x as u32, y as u32).0[0],
        );
        let grids = prepared.detect_grids();
        let (_, text) = grids[0].decode().unwrap();
        assert_eq!(text, card.qr_text);
    }
}

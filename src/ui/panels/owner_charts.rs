//! The owner's pictures on Cuadre del día: sales per day over the last 30 days, and for the
//! range on screen, by hour, by how they were paid and by who sold. Every figure is the close's
//! Ventas (`Report::figures.sales`: sold less returns, a sale on the day it was made, a return
//! on the day it was made): a chart never counts anything the close does not, and never the
//! money received (a tab's payment is no sale).

use egui::{RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};

use crate::api::catalog::MethodCatalog;
use crate::ledger::reconcile::Report;
use crate::money::Pesos;
use crate::t;

const CHART_HEIGHT: f32 = 170.0;

/// A bar's height. Only drawn: every amount a person reads comes from `Pesos` itself.
fn height(amount: Pesos) -> f64 {
    amount.get() as f64
}

/// What a bar says on hover: the sales, less returns, as es-CO text.
fn bar_words(label: &str, amount: Pesos) -> String {
    t!(
        "dayclose-chart-bar",
        label = label,
        amount = amount.to_string()
    )
}

/// A mark on a money axis, as es-CO pesos. The plot leaves a margin around its bars (and around
/// a zero, a range of its own such as -10 to 10): where no bar is below zero, a mark below it
/// is left blank rather than read as "-$ 10".
pub fn peso_mark(value: f64) -> String {
    let pesos = value.round() as i64;
    if pesos < 0 {
        return String::new();
    }
    Pesos::new(pesos).to_string()
}

/// A mark on a money axis where a bar is below zero (a day more went back than was sold): every
/// mark is read, "-$ 10.000" too.
fn signed_peso_mark(value: f64) -> String {
    Pesos::new(value.round() as i64).to_string()
}

/// The mark a money axis reads, as its bars need: signed only when one is below zero.
fn money_mark(below_zero: bool) -> fn(f64) -> String {
    if below_zero {
        signed_peso_mark
    } else {
        peso_mark
    }
}

/// A small bar chart that neither pans nor zooms (the owner looks, does not explore), its
/// money axis in pesos.
fn chart<'a>(id: &'a str, below_zero: bool) -> Plot<'a> {
    let mark = money_mark(below_zero);
    Plot::new(id)
        .height(CHART_HEIGHT)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_grid([false, true])
        .y_axis_formatter(move |grid, _| mark(grid.value))
        .y_axis_min_width(72.0)
        .include_y(0.0)
}

/// What the bars with sales (or returns) say, in order: a chart's words for whoever cannot see
/// it.
fn spoken_bars(bars: &[Bar]) -> Vec<String> {
    bars.iter()
        .filter(|bar| bar.value != 0.0)
        .map(|bar| bar.name.clone())
        .collect()
}

fn below_zero(bars: &[Bar]) -> bool {
    bars.iter().any(|bar| bar.value < 0.0)
}

/// A chart takes the keyboard (for its hover readings) but says nothing by itself: to a screen
/// reader it is a picture named by its title and described by its bars with sales.
fn name_chart(response: &egui::Response, title: String, bars: Vec<String>) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(egui::accesskit::Role::Image);
        node.set_label(title);
        node.set_description(bars.join("; "));
    });
}

fn titled(ui: &mut Ui, title: String, total: Pesos, draw: impl FnOnce(&mut Ui)) {
    ui.vertical(|ui| {
        ui.label(RichText::new(title).strong());
        ui.label(RichText::new(t!("chart-total", amount = total.to_string())).weak());
        draw(ui);
    });
}

/// The 30 days up to today (`month`) and the range on screen (`range`).
pub fn show(ui: &mut Ui, month: Option<&Report>, range: &Report, catalog: &MethodCatalog) {
    let width = (ui.available_width() / 2.0 - 12.0).max(240.0);
    ui.add_space(crate::ui::theme::space::MEDIUM);
    ui.label(RichText::new(t!("chart-title")).heading());
    let sales = &range.figures.sales;
    egui::Grid::new("owner-charts")
        .num_columns(2)
        .spacing([24.0, 16.0])
        .show(ui, |ui| {
            match month {
                Some(month) => per_day(ui, month, width),
                None => {
                    ui.spinner();
                }
            }
            per_hour(ui, range, width);
            ui.end_row();
            let ways: Vec<(String, Pesos)> = sales
                .by_way
                .iter()
                .map(|(way, sum)| (way.named(catalog), sum.net()))
                .collect();
            named_bars(ui, "chart-by-method", t!("chart-by-method"), &ways, width);
            let cashiers: Vec<(String, Pesos)> = sales
                .by_cashier
                .iter()
                .map(|(name, net)| (crate::ledger::activity::seller_words(name), *net))
                .collect();
            named_bars(
                ui,
                "chart-by-cashier",
                t!("chart-by-cashier"),
                &cashiers,
                width,
            );
            ui.end_row();
        });
}

/// Whether a range had anything that counts in Ventas: a sale that stands, or a return.
fn sold_anything(report: &Report) -> bool {
    let sales = &report.figures.sales;
    sales.sold.count + sales.returned.count > 0
}

/// Sales per day over the month, every day a bar (a day without sales is an empty one), the
/// axis by day of the month.
fn per_day(ui: &mut Ui, month: &Report, width: f32) {
    let accent = crate::ui::theme::palette(ui).success;
    let sales = &month.figures.sales;
    titled(ui, t!("chart-per-day"), sales.net(), |ui| {
        // A month without a sale is said in words: thirty empty bars only look broken.
        if !sold_anything(month) {
            ui.label(RichText::new(t!("chart-month-nothing")).weak());
            return;
        }
        let mut bars = Vec::new();
        let mut day = month.from;
        let mut index = 0.0;
        while day <= month.to {
            let amount = sales.by_day.get(&day).copied().unwrap_or(Pesos::ZERO);
            let label = crate::clock::shown_date(day);
            bars.push(Bar::new(index, height(amount)).name(bar_words(&label, amount)));
            index += 1.0;
            match day.next_day() {
                Some(next) => day = next,
                None => break,
            }
        }
        let first = month.from;
        let spoken = spoken_bars(&bars);
        let plot = chart("chart-per-day", below_zero(&bars))
            .width(width)
            .x_axis_formatter(move |mark, _| {
                let offset = mark.value.round() as i64;
                if (mark.value - offset as f64).abs() > 0.01 || offset < 0 {
                    return String::new();
                }
                (first + time::Duration::days(offset)).day().to_string()
            })
            .show(ui, |plot| {
                plot.bar_chart(
                    BarChart::new(t!("chart-per-day"), bars)
                        .color(accent)
                        .element_formatter(Box::new(|bar, _| bar.name.clone())),
                );
            });
        name_chart(&plot.response, t!("chart-per-day"), spoken);
    });
}

/// Sales by the hour of the day, over the range on screen.
fn per_hour(ui: &mut Ui, range: &Report, width: f32) {
    let accent = crate::ui::theme::palette(ui).success;
    let sales = &range.figures.sales;
    titled(ui, t!("chart-per-hour"), sales.net(), |ui| {
        if sales.by_hour.is_empty() {
            ui.label(RichText::new(t!("chart-nothing")).weak());
            return;
        }
        let bars: Vec<Bar> = (0u8..24)
            .map(|hour| {
                let amount = sales.by_hour.get(&hour).copied().unwrap_or(Pesos::ZERO);
                Bar::new(f64::from(hour), height(amount))
                    .name(bar_words(&format!("{hour}:00"), amount))
            })
            .collect();
        let spoken = spoken_bars(&bars);
        let plot = chart("chart-per-hour", below_zero(&bars))
            .width(width)
            .x_axis_formatter(|mark, _| format!("{}h", mark.value.round() as i64))
            .show(ui, |plot| {
                plot.bar_chart(
                    BarChart::new(t!("chart-per-hour"), bars)
                        .color(accent)
                        .element_formatter(Box::new(|bar, _| bar.name.clone())),
                );
            });
        name_chart(&plot.response, t!("chart-per-hour"), spoken);
    });
}

/// Bars with a name each (ways of paying, who sold), lying down so the names read on the axis.
fn named_bars(ui: &mut Ui, id: &'static str, title: String, rows: &[(String, Pesos)], width: f32) {
    let total = Pesos::sum_of(rows.iter().map(|(_, amount)| *amount)).unwrap_or(Pesos::ZERO);
    titled(ui, title.clone(), total, |ui| {
        if rows.is_empty() {
            ui.label(RichText::new(t!("chart-nothing")).weak());
            return;
        }
        let names: Vec<String> = rows.iter().map(|(name, _)| name.clone()).collect();
        let bars: Vec<Bar> = rows
            .iter()
            .enumerate()
            .map(|(index, (name, amount))| {
                Bar::new(index as f64, height(*amount)).name(bar_words(name, *amount))
            })
            .collect();
        let bar_colour = crate::ui::theme::palette(ui).info;
        let spoken = spoken_bars(&bars);
        let mark = money_mark(below_zero(&bars));
        let plot = Plot::new(id)
            .height(CHART_HEIGHT)
            .width(width)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .allow_double_click_reset(false)
            .show_grid([true, false])
            .include_x(0.0)
            .x_axis_formatter(move |grid, _| mark(grid.value))
            .y_axis_min_width(90.0)
            .y_axis_formatter(move |mark, _| {
                let index = mark.value.round();
                if (mark.value - index).abs() > 0.01 || index < 0.0 {
                    return String::new();
                }
                names.get(index as usize).cloned().unwrap_or_default()
            })
            .show(ui, |plot| {
                plot.bar_chart(
                    BarChart::new(title.clone(), bars)
                        .horizontal()
                        .color(bar_colour)
                        .element_formatter(Box::new(|bar, _| bar.name.clone())),
                );
            });
        name_chart(&plot.response, title, spoken);
    });
}

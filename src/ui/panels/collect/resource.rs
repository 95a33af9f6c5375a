//! A Family A resource: the methods the account offers, each with its own shape.

use crate::ui::plumbing::queue::Queue;
use crate::validate::Field;
use egui::{RichText, Ui};

use crate::t;

/// The kind of QR or code, in words (the service's numbers stay out of sight).
use crate::api::kind::resource_words as resource_kind;

use crate::api::family_a::{MethodList, Payer, ResourceRequest, ResourceShape};
use crate::requests::ResourceForm as TypedResource;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::widgets::form::{self, error_box};
use crate::validate::ValidationError;

use super::fields::person_type_row;
use super::submit::{SaleForm, Submission};
use super::*;
use crate::collections::{ChargeRequest, fresh_reference1};

pub(super) fn resource_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Method, crate::t!("field-method")),
        (Field::Amount, crate::t!("field-amount")),
        (Field::Tax, crate::t!("field-tax")),
        (Field::Reference1, crate::t!("field-your-reference")),
        (Field::CommerceType, crate::t!("field-commerce-type")),
        (Field::City, crate::t!("field-city-id")),
        (Field::Cellphone, crate::t!("field-customer-cellphone")),
        (Field::Info, crate::t!("field-information")),
        (Field::Bank, crate::t!("field-bank-id")),
        (Field::TypePerson, crate::t!("field-person-type")),
        (Field::DocType, crate::t!("field-document-type")),
        (Field::DocumentType, crate::t!("field-document-type")),
        (Field::DocNumber, crate::t!("field-document-number")),
        (Field::Name, crate::t!("field-payer-name")),
        (Field::PayerCellphone, crate::t!("field-payer-cellphone")),
        (Field::Address, crate::t!("field-payer-address")),
        (Field::Email, crate::t!("field-payer-email")),
    ]
}

pub(super) struct ResourceForm {
    pub(super) method_id: i64,
    pub(super) amount: String,
    pub(super) tax: String,
    pub(super) reference1: String,
    pub(super) reference2: String,
    pub(super) reference3: String,
    pub(super) description: String,
    pub(super) cellphone: String,
    pub(super) commerce_type: String,
    pub(super) city: String,
    pub(super) bank: String,
    pub(super) person_type: String,
    pub(super) payer: Payer,
    pub(super) info: String,
    pub(super) methods: Requested<MethodList>,
    /// The methods' icons, fetched and decoded on the runtime.
    pub(super) icons: Requested<Vec<(i64, egui::ColorImage)>>,
    pub(super) icon_textures: Vec<(i64, egui::TextureHandle)>,
    /// The method list was asked for once; a failure shows with its own retry.
    pub(super) methods_asked: bool,
    pub(super) submission: Submission,
    /// The amount is the sum of the sale's lines: shown, not typed.
    pub(super) from_lines: bool,
}

/// Fetches and decodes each method's first icon; an icon that fails is left out (the name shows).
async fn load_icons(client: crate::api::Client, list: MethodList) -> Vec<(i64, egui::ColorImage)> {
    let mut icons = Vec::new();
    for method in &list.payment_methods {
        let Some(icon) = method.icons.first() else {
            continue;
        };
        let Ok(bytes) = client.fetch_asset(&icon.url).await else {
            continue;
        };
        let decoded = tokio::task::spawn_blocking(move || {
            image::load_from_memory(&bytes).ok().map(|image| {
                let rgba = image.to_rgba8();
                let size = [rgba.width() as usize, rgba.height() as usize];
                egui::ColorImage::from_rgba_unmultiplied(size, rgba.as_raw())
            })
        })
        .await;
        if let Ok(Some(image)) = decoded {
            icons.push((method.id, image));
        }
    }
    icons
}

impl ResourceForm {
    /// Whether the cashier has begun this sale: until then an empty form shows no complaints.
    pub(super) fn started(&self) -> bool {
        [&self.amount, &self.description, &self.cellphone, &self.tax]
            .iter()
            .any(|text| !text.trim().is_empty())
    }

    /// Empties what belongs to one sale; the method and its settings stay for the next.
    pub(super) fn clear_sale(&mut self) {
        for text in [
            &mut self.amount,
            &mut self.tax,
            &mut self.description,
            &mut self.cellphone,
            &mut self.reference2,
            &mut self.reference3,
        ] {
            text.clear();
        }
    }
}

impl Default for ResourceForm {
    fn default() -> Self {
        ResourceForm {
            method_id: 2,
            amount: String::new(),
            tax: String::new(),
            reference1: fresh_reference1(),
            reference2: String::new(),
            reference3: String::new(),
            description: String::new(),
            cellphone: String::new(),
            commerce_type: String::new(),
            city: String::new(),
            bank: String::new(),
            person_type: "0".into(),
            payer: Payer {
                doc_type: "CC".into(),
                ..Payer::default()
            },
            info: String::new(),
            methods: Requested::NotRequested,
            icons: Requested::NotRequested,
            icon_textures: Vec::new(),
            methods_asked: false,
            submission: Submission::new(),
            from_lines: false,
        }
    }
}

impl ResourceForm {
    pub(super) fn shape(&self) -> ResourceShape {
        ResourceShape::for_method(self.method_id)
    }

    /// What was typed, read by the shared request layer.
    pub(super) fn build(&self) -> Result<ResourceRequest, Vec<ValidationError>> {
        // A field the method's form does not show is not sent, whatever it held before.
        let amount = if self.shape().forbids_amount() {
            String::new()
        } else {
            self.amount.clone()
        };
        TypedResource {
            method_id: self.method_id,
            amount,
            tax: self.tax.clone(),
            reference1: self.reference1.clone(),
            reference2: self.reference2.clone(),
            reference3: self.reference3.clone(),
            description: self.description.clone(),
            cellphone: self.cellphone.clone(),
            commerce_type: self.commerce_type.clone(),
            city: self.city.clone(),
            bank: self.bank.clone(),
            person_type: self.person_type.clone(),
            payer: self.payer.clone(),
            info: self.info.clone(),
        }
        .parse()
    }

    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>) {
        if self.methods.poll() {
            if let Some(error) = self.methods.error() {
                work.note_error(error);
            }
            if let Requested::Done(list) = &self.methods {
                let client = work.session.connection.client.clone();
                let list = list.clone();
                self.icons.start(
                    work.bridge
                        .spawn(async move { Ok(load_icons(client, list).await) }),
                );
            }
        }
        if self.icons.poll()
            && let Requested::Done(images) = &self.icons
        {
            self.icon_textures = images
                .iter()
                .map(|(id, image)| {
                    let texture = work.bridge.ctx().load_texture(
                        format!("method-icon-{id}"),
                        image.clone(),
                        egui::TextureOptions::LINEAR,
                    );
                    (*id, texture)
                })
                .collect();
        }
    }

    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        if matches!(self.methods, Requested::NotRequested) && !self.methods_asked {
            self.methods_asked = true;
            queued.push(CollectCommand::LoadResourceMethods);
        }
        self.methods_offered_ui(ui, queued);
        let shape = self.shape();
        // The problems beside the fields are the frame's start; what goes is read after them.
        let problems = self.build().err().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("resource-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                self.kind_row(ui);
                enter |= self.sale_rows(ui, shape, &problems);
                enter |= match shape {
                    ResourceShape::BankTransfer => self.bank_transfer_rows(ui, &problems),
                    _ => self.shape_rows(ui, shape, &problems),
                };
            });
        if shape.forbids_amount() {
            ui.label(RichText::new(t!("resource-static-no-amount")).weak());
        }
        ui.add_space(crate::ui::theme::space::MEDIUM);
        // Read again now the fields took this frame's keys (see the link form).
        let built = self.build();
        let form = SaleForm {
            started: self.started(),
            sale: built.map(ChargeRequest::Resource),
            reference1: &mut self.reference1,
            button: (t!("resource-create"), resource_labels()),
            enter,
            also: None,
        };
        self.submission.foot_ui(ui, form, (view, queued));
        // QR codes have no first amount that takes the keyboard: nothing to give it back to.
        self.submission.take_enter_held();
    }

    /// The methods the account offers, with their icons; while they load, and when they could
    /// not, with a retry.
    fn methods_offered_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) {
        if let Some(list) = self.methods.value() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(t!("resource-methods-offered")).weak());
                for method in &list.payment_methods {
                    if let Some((_, texture)) =
                        self.icon_textures.iter().find(|(id, _)| *id == method.id)
                    {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(20.0, 20.0))
                                .alt_text(t!("resource-icon-alt", name = method.words())),
                        );
                    }
                    ui.label(RichText::new(method.words()).weak());
                }
            });
        } else if self.methods.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("resource-loading-methods"));
            });
        }
        if let Some(error) = self.methods.error() {
            error_box(ui, error);
            if ui.button(t!("resource-load-again")).clicked() {
                queued.push(CollectCommand::LoadResourceMethods);
            }
        }
    }

    /// The kind of QR or code, in words.
    fn kind_row(&mut self, ui: &mut Ui) {
        let kind_label = ui.label(t!("resource-kind"));
        egui::ComboBox::from_id_salt("resource-kind")
            .selected_text(resource_kind(self.method_id))
            .show_ui(ui, |ui| {
                for (id, _) in ResourceShape::KNOWN {
                    ui.selectable_value(&mut self.method_id, *id, resource_kind(*id));
                }
            })
            .response
            .labelled_by(kind_label.id);
        ui.end_row();
    }

    /// The sale: its amount and tax (unless the code leaves the amount to the payer), the
    /// references and what is sold.
    fn sale_rows(
        &mut self,
        ui: &mut Ui,
        shape: ResourceShape,
        problems: &[ValidationError],
    ) -> bool {
        let mut enter = false;
        if self.from_lines && !shape.forbids_amount() {
            let label = ui.label(crate::t!("field-amount"));
            let mut shown = self.amount.clone();
            ui.add(egui::TextEdit::singleline(&mut shown).interactive(false))
                .labelled_by(label.id);
            ui.end_row();
        } else if !shape.forbids_amount() {
            let hint = if shape.needs_amount() {
                "$ 25.000".to_owned()
            } else {
                t!("hint-optional")
            };
            enter |= form::text_rows(
                ui,
                problems,
                [
                    (
                        &*crate::t!("field-amount"),
                        &mut self.amount,
                        Field::Amount,
                        hint.as_str(),
                    ),
                    (
                        &*crate::t!("field-tax"),
                        &mut self.tax,
                        Field::Tax,
                        &*t!("hint-optional"),
                    ),
                ],
            );
        }
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    &*crate::t!("field-your-reference"),
                    &mut self.reference1,
                    Field::Reference1,
                    &*t!("hint-optional"),
                ),
                (
                    &*t!("field-reference-2"),
                    &mut self.reference2,
                    Field::Reference2,
                    &*t!("hint-optional"),
                ),
                (
                    &*t!("field-reference-3"),
                    &mut self.reference3,
                    Field::Reference3,
                    &*t!("hint-optional"),
                ),
                (
                    &*crate::t!("field-description"),
                    &mut self.description,
                    Field::Description,
                    &*t!("hint-optional"),
                ),
            ],
        );
        enter
    }

    /// The fields a kind of code has of its own, besides the sale's (a bank transfer's are
    /// [`Self::bank_transfer_rows`]).
    fn shape_rows(
        &mut self,
        ui: &mut Ui,
        shape: ResourceShape,
        problems: &[ValidationError],
    ) -> bool {
        match shape {
            ResourceShape::Commerce => form::text_rows(
                ui,
                problems,
                [
                    (
                        &*crate::t!("field-commerce-type"),
                        &mut self.commerce_type,
                        Field::CommerceType,
                        &*t!("hint-number"),
                    ),
                    (
                        &*crate::t!("field-city-id"),
                        &mut self.city,
                        Field::City,
                        &*t!("hint-number"),
                    ),
                ],
            ),
            ResourceShape::Cellphone => form::text_rows(
                ui,
                problems,
                [(
                    &*crate::t!("field-customer-cellphone"),
                    &mut self.cellphone,
                    Field::Cellphone,
                    "300 123 4567",
                )],
            ),
            ResourceShape::Info => form::text_rows(
                ui,
                problems,
                [(
                    &*crate::t!("field-information"),
                    &mut self.info,
                    Field::Info,
                    &*t!("hint-encoded-text"),
                )],
            ),
            _ => false,
        }
    }

    /// A bank transfer's code: the bank, the person type, and the payer.
    fn bank_transfer_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let mut enter = form::text_rows(
            ui,
            problems,
            [(
                &*crate::t!("field-bank-id"),
                &mut self.bank,
                Field::Bank,
                &*t!("hint-number"),
            )],
        );
        person_type_row(ui, &mut self.person_type);
        let payer = &mut self.payer;
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    &*crate::t!("field-document-type"),
                    &mut payer.doc_type,
                    Field::DocumentType,
                    "",
                ),
                (
                    &*crate::t!("field-document-number"),
                    &mut payer.doc_number,
                    Field::DocNumber,
                    "",
                ),
                (
                    &*crate::t!("field-payer-name"),
                    &mut payer.name,
                    Field::Name,
                    "",
                ),
                (
                    &*crate::t!("field-payer-cellphone"),
                    &mut payer.cellphone,
                    Field::PayerCellphone,
                    "",
                ),
                (
                    &*crate::t!("field-payer-address"),
                    &mut payer.address,
                    Field::Address,
                    "",
                ),
                (
                    &*crate::t!("field-payer-email"),
                    &mut payer.email,
                    Field::Email,
                    "",
                ),
            ],
        );
        enter
    }
}

//! A Family A resource: the methods the account offers, each with its own shape.

use crate::validate::Field;
use egui::{RichText, Ui};

use crate::api::family_a::{MethodList, Payer, ResourceRequest, ResourceShape};
use crate::requests::ResourceForm as TypedResource;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::validate::ValidationError;

use super::submit::{Creation, Submission, fresh_reference1};
use super::*;

pub(super) const RESOURCE_LABELS: &form::FieldLabels = &[
    (Field::Method, "Method"),
    (Field::Amount, "Amount"),
    (Field::Tax, "Tax"),
    (Field::Reference1, "Your reference"),
    (Field::CommerceType, "Commerce type id"),
    (Field::City, "City id"),
    (Field::Cellphone, "Customer cellphone"),
    (Field::Info, "Information"),
    (Field::Bank, "Bank id"),
    (Field::TypePerson, "Person type"),
    (Field::DocType, "Document type"),
    (Field::DocumentType, "Document type"),
    (Field::DocNumber, "Document number"),
    (Field::Name, "Payer name"),
    (Field::PayerCellphone, "Payer cellphone"),
    (Field::Address, "Payer address"),
    (Field::Email, "Payer e-mail"),
];

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

    pub(super) fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if self.methods.poll() {
            if let Some(error) = self.methods.error() {
                ctx.note_error(error);
            }
            if let Requested::Done(list) = &self.methods {
                let client = ctx.session.connection.client.clone();
                let list = list.clone();
                self.icons.start(
                    ctx.bridge
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
                    let texture = ctx.bridge.ctx().load_texture(
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
        queued: &mut Vec<CollectCommand>,
    ) {
        if matches!(self.methods, Requested::NotRequested) && !self.methods_asked {
            self.methods_asked = true;
            queued.push(CollectCommand::LoadResourceMethods);
        }
        if let Some(list) = self.methods.value() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Methods your account offers:").weak());
                for method in &list.payment_methods {
                    if let Some((_, texture)) =
                        self.icon_textures.iter().find(|(id, _)| *id == method.id)
                    {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(20.0, 20.0))
                                .alt_text(format!("{} icon", method.name)),
                        );
                    }
                    ui.label(RichText::new(format!("{} ({})", method.name, method.id)).weak());
                }
            });
        } else if self.methods.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Loading your payment methods…");
            });
        }
        if let Some(error) = self.methods.error() {
            error_box(ui, error);
            if ui.button("Load the methods again").clicked() {
                queued.push(CollectCommand::LoadResourceMethods);
            }
        }
        let shape = self.shape();
        let built = self.build();
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("resource-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let kind_label = ui.label("Kind");
                let selected = ResourceShape::KNOWN
                    .iter()
                    .find(|(id, _)| *id == self.method_id)
                    .map(|(_, name)| *name)
                    .unwrap_or("Other");
                egui::ComboBox::from_id_salt("resource-kind")
                    .selected_text(selected)
                    .show_ui(ui, |ui| {
                        for (id, name) in ResourceShape::KNOWN {
                            ui.selectable_value(&mut self.method_id, *id, format!("{name} ({id})"));
                        }
                    })
                    .response
                    .labelled_by(kind_label.id);
                ui.end_row();
                if !shape.forbids_amount() {
                    let hint = if shape.needs_amount() {
                        "$ 25.000"
                    } else {
                        "optional"
                    };
                    enter |= form::text_rows(
                        ui,
                        &problems,
                        [
                            ("Amount", &mut self.amount, Field::Amount, hint),
                            ("Tax", &mut self.tax, Field::Tax, "optional"),
                        ],
                    );
                }
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [
                        (
                            "Your reference",
                            &mut self.reference1,
                            Field::Reference1,
                            "optional",
                        ),
                        (
                            "Reference 2",
                            &mut self.reference2,
                            Field::Reference2,
                            "optional",
                        ),
                        (
                            "Reference 3",
                            &mut self.reference3,
                            Field::Reference3,
                            "optional",
                        ),
                        (
                            "Description",
                            &mut self.description,
                            Field::Description,
                            "optional",
                        ),
                    ],
                );
                match shape {
                    ResourceShape::Commerce => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    "Commerce type id",
                                    &mut self.commerce_type,
                                    Field::CommerceType,
                                    "number",
                                ),
                                ("City id", &mut self.city, Field::City, "number"),
                            ],
                        );
                    }
                    ResourceShape::Cellphone => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [(
                                "Customer cellphone",
                                &mut self.cellphone,
                                Field::Cellphone,
                                "300 123 4567",
                            )],
                        );
                    }
                    ResourceShape::Info => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [("Information", &mut self.info, Field::Info, "encoded text")],
                        );
                    }
                    ResourceShape::BankTransfer => {
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [("Bank id", &mut self.bank, Field::Bank, "number")],
                        );
                        ui.label("Person type");
                        ui.horizontal(|ui| {
                            ui.radio_value(&mut self.person_type, "0".to_owned(), "Natural person");
                            ui.radio_value(&mut self.person_type, "1".to_owned(), "Company");
                        });
                        ui.end_row();
                        enter |= form::text_rows(
                            ui,
                            &problems,
                            [
                                (
                                    "Document type",
                                    &mut self.payer.doc_type,
                                    Field::DocumentType,
                                    "",
                                ),
                                (
                                    "Document number",
                                    &mut self.payer.doc_number,
                                    Field::DocNumber,
                                    "",
                                ),
                                ("Payer name", &mut self.payer.name, Field::Name, ""),
                                (
                                    "Payer cellphone",
                                    &mut self.payer.cellphone,
                                    Field::PayerCellphone,
                                    "",
                                ),
                                ("Payer address", &mut self.payer.address, Field::Address, ""),
                                ("Payer e-mail", &mut self.payer.email, Field::Email, ""),
                            ],
                        );
                    }
                    _ => {}
                }
            });
        if shape.forbids_amount() {
            ui.label(RichText::new("A static QR has no amount: the payer types it").weak());
        }
        ui.add_space(8.0);
        let go = self
            .submission
            .button(ui, built.is_ok(), enter, "Create resource");
        blocking_reasons(ui, &problems, RESOURCE_LABELS);
        if go && let Ok(mut request) = built {
            self.submission.reference_for_next(&mut self.reference1);
            request.bill.reference1 =
                (!self.reference1.trim().is_empty()).then(|| self.reference1.trim().to_owned());
            queued.push(CollectCommand::Create(Creation::Resource { request }));
        }
        self.submission.outcome_ui(ui, view, queued);
    }
}

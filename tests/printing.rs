//! Paper at the counter, from the command line: a receipt to a receipt printer on the network
//! (its bytes read back), to a PDF and to a real print queue; the close; the counter's poster.
//! A receipt is only ever printed for a payment the service confirmed.

mod common;

use common::TestSimulator;
use common::printer::{FakePrinter, PAPER_OK, PAPER_OUT, decode};
use serde_json::Value;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

struct Shop {
    simulator: TestSimulator,
    home: tempfile::TempDir,
}

impl Shop {
    async fn open() -> Shop {
        Shop {
            simulator: TestSimulator::start().await,
            home: tempfile::tempdir().unwrap(),
        }
    }

    async fn run(&self, args: &[&str]) -> Run {
        let mut command = common::paydesk_against(self.home.path(), &self.simulator);
        command.env("PAYDESK_LANG", "es").args(args);
        let output = command.output().await.unwrap();
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// A link for `amount` sold from the terminal; its reference.
    async fn sale(&self, amount: &str) -> String {
        static SALES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);
        let reference1 = format!(
            "VENTA{}",
            SALES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let run = self
            .run(&[
                "--json",
                "link",
                "--amount",
                amount,
                "--reference1",
                &reference1,
                "--webhook-url",
                "https://shop.example/hook",
            ])
            .await;
        assert_eq!(run.code, 0, "{}", run.stderr);
        let document: Value = serde_json::from_str(&run.stdout).unwrap();
        document["reference"].as_str().unwrap().to_owned()
    }

    /// The service approves it, and the books hear it from the service's own answer.
    async fn paid(&self, reference: &str) {
        self.simulator.settle(reference, "approve").await;
        let run = self.run(&["status", reference, "--wait"]).await;
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
}

#[tokio::test]
async fn a_receipt_reaches_a_network_printer_in_spanish_with_its_qr_and_a_cut() {
    let shop = Shop::open().await;
    let reference = shop.sale("8500").await;
    shop.paid(&reference).await;
    let printer = FakePrinter::start(PAPER_OK);

    let run = shop
        .run(&["print", "receipt", &reference, "--printer", &printer.uri()])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let jobs = printer.wait_for_jobs(1);
    let receipt = decode(&jobs[0]);
    for words in [
        "Comprobante de pago",
        "$ 8.500",
        "Medio de pago",
        &reference,
        "no es una factura ni",
        "documento equivalente",
    ] {
        assert!(
            receipt.text.contains(words),
            "{words:?} in {}",
            receipt.text
        );
    }
    assert_eq!(
        receipt.qr,
        vec![reference.clone()],
        "the QR carries the reference"
    );
    assert_eq!(receipt.cuts, 1);
    assert_eq!(receipt.drawer_pulses, 0, "the drawer opens only when asked");

    let run = shop
        .run(&[
            "print",
            "receipt",
            &reference,
            "--printer",
            &printer.uri(),
            "--drawer",
            "--paper",
            "58",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let jobs = printer.wait_for_jobs(2);
    let with_drawer = decode(&jobs[1]);
    assert_eq!(with_drawer.drawer_pulses, 1);
    assert!(
        with_drawer
            .text
            .lines()
            .all(|line| line.chars().count() <= 32),
        "58 mm paper holds 32 characters a line: {}",
        with_drawer.text
    );
}

#[tokio::test]
async fn nothing_is_printed_for_a_payment_the_service_has_not_confirmed() {
    let shop = Shop::open().await;
    let reference = shop.sale("8500").await;
    let printer = FakePrinter::start(PAPER_OK);
    // A notification saying "approved" is not the service's answer: nothing changes.
    let run = shop
        .run(&["print", "receipt", &reference, "--printer", &printer.uri()])
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("no ha confirmado"), "{}", run.stderr);
    let run = shop
        .run(&[
            "print",
            "receipt",
            "PD-NOT-OURS",
            "--printer",
            &printer.uri(),
        ])
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);
    // Bad flags are all said at once, and nothing is printed.
    let run = shop
        .run(&[
            "print",
            "receipt",
            &reference,
            "--printer",
            "lpt1",
            "--paper",
            "110",
        ])
        .await;
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("58 o de 80"), "{}", run.stderr);
    assert!(run.stderr.contains("tcp://"), "{}", run.stderr);
    let run = shop.run(&["print", "receipt", &reference]).await;
    assert_eq!(run.code, 2, "no printer anywhere: {}", run.stderr);
    assert!(printer.jobs().is_empty(), "nothing reached the printer");
}

#[tokio::test]
async fn a_printer_that_is_off_or_out_of_paper_is_said_in_words() {
    let shop = Shop::open().await;
    let reference = shop.sale("8500").await;
    shop.paid(&reference).await;

    let nobody = format!("tcp://127.0.0.1:{}", common::free_port());
    let run = shop
        .run(&["print", "receipt", &reference, "--printer", &nobody])
        .await;
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("no responde"), "{}", run.stderr);
    assert!(run.stderr.contains("encendida"), "{}", run.stderr);

    let empty = FakePrinter::start(PAPER_OUT);
    let run = shop
        .run(&["print", "receipt", &reference, "--printer", &empty.uri()])
        .await;
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("no tiene papel"), "{}", run.stderr);
    let jobs = empty.wait_for_jobs(1);
    assert_eq!(
        decode(&jobs[0]).cuts,
        0,
        "only the status question was sent"
    );
}

#[tokio::test]
async fn the_close_prints_the_figures_of_the_screen() {
    let shop = Shop::open().await;
    for amount in ["8500", "12000"] {
        let reference = shop.sale(amount).await;
        shop.paid(&reference).await;
    }
    // A sale nobody paid: created, in the books, never money.
    shop.sale("99000").await;
    let printer = FakePrinter::start(PAPER_OK);
    let run = shop
        .run(&["print", "close", "--printer", &printer.uri()])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let close = decode(&printer.wait_for_jobs(1)[0]);
    assert!(close.text.contains("Cuadre del día"), "{}", close.text);
    assert!(close.text.contains("$ 20.500"), "{}", close.text);
    // An unpaid sale is no sale and no money: said apart, and owed (the link still waits).
    assert!(close.text.contains("Sin pagar"), "{}", close.text);
    assert!(
        !close.text.contains("$ 119.500"),
        "an unpaid sale is added to nothing: {}",
        close.text
    );
    assert!(close.text.contains("Por medio de pago"), "{}", close.text);
    let run = shop
        .run(&["print", "close", "--date", "ayer", "--pdf", "x.pdf"])
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// Renders a PDF's first page and reads its QR and its text with the tools a person would.
fn read_pdf(pdf: &std::path::Path) -> (Vec<String>, String) {
    let png = pdf.with_extension("");
    let status = std::process::Command::new("pdftoppm")
        .args(["-r", "200", "-png", "-singlefile"])
        .arg(pdf)
        .arg(&png)
        .status()
        .expect("pdftoppm (poppler-utils)");
    assert!(status.success());
    let zbar = std::process::Command::new("zbarimg")
        .args(["--quiet", "--raw"])
        .arg(png.with_extension("png"))
        .output()
        .expect("zbarimg (zbar-tools)");
    let codes = String::from_utf8_lossy(&zbar.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    let text = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    (codes, String::from_utf8_lossy(&text.stdout).into_owned())
}

#[tokio::test]
#[ignore = "needs poppler-utils and zbar-tools (pdftoppm, pdftotext, zbarimg)"]
async fn the_receipt_and_the_poster_read_back_from_their_pdfs() {
    let shop = Shop::open().await;
    let reference = shop.sale("8500").await;
    shop.paid(&reference).await;
    let receipt = shop.home.path().join("recibo.pdf");
    let run = shop
        .run(&[
            "print",
            "receipt",
            &reference,
            "--pdf",
            receipt.to_str().unwrap(),
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (codes, text) = read_pdf(&receipt);
    assert_eq!(codes, vec![reference.clone()]);
    assert!(text.contains("$ 8.500"), "{text}");
    assert!(text.contains("Comprobante de pago"), "{text}");

    // The counter's code: a static QR that takes payment after payment.
    let run = shop
        .run(&[
            "--json",
            "resource",
            "--method",
            "3",
            "--reference1",
            "MOSTRADOR",
        ])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let resource: Value = serde_json::from_str(&run.stdout).unwrap();
    let code = resource["Resource"]["reference"]
        .as_str()
        .unwrap()
        .to_owned();
    let encoded = match resource["Resource"]["url"].as_str() {
        Some(url) if !url.is_empty() => url.to_owned(),
        _ => resource["Resource"]["data"].as_str().unwrap().to_owned(),
    };
    for page in ["carta", "media-carta", "a4"] {
        let poster = shop.home.path().join(format!("cartel-{page}.pdf"));
        let run = shop
            .run(&[
                "print",
                "poster",
                &code,
                "--page",
                page,
                "--pdf",
                poster.to_str().unwrap(),
            ])
            .await;
        assert_eq!(run.code, 0, "{}", run.stderr);
        let (codes, text) = read_pdf(&poster);
        assert_eq!(codes, vec![encoded.clone()], "{page}");
        assert!(text.contains("Escanee y pague"), "{page}: {text}");
        assert!(text.contains(&code), "{page}: {text}");
    }
    // A one-off payment's QR on the wall would be paid once and then refused.
    let run = shop
        .run(&["print", "poster", &reference, "--pdf", "cartel.pdf"])
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[tokio::test]
#[ignore = "needs CUPS with its PDF printer (cups-pdf) as the queue PDF, and poppler-utils"]
async fn a_receipt_sent_to_a_real_print_queue_comes_out_with_its_amount() {
    let shop = Shop::open().await;
    let reference = shop.sale("8500").await;
    shop.paid(&reference).await;
    let listed = shop.run(&["print", "printers"]).await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    assert!(listed.stdout.contains("system:PDF"), "{}", listed.stdout);

    let folders: Vec<std::path::PathBuf> = match std::env::var("PAYDESK_TEST_CUPS_PDF_OUT") {
        Ok(folder) => vec![folder.into()],
        Err(_) => vec![
            "/var/spool/cups-pdf/ANONYMOUS".into(),
            "/root/PDF".into(),
            std::env::var("HOME")
                .map(|home| std::path::Path::new(&home).join("PDF"))
                .unwrap_or_default(),
        ],
    };
    let started = std::time::SystemTime::now();
    let run = shop
        .run(&["print", "receipt", &reference, "--printer", "system:PDF"])
        .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    // cups-pdf names the file after the job (the receipt and its reference) and writes it
    // after the job is taken: read each new PDF until this receipt's is whole.
    let text = common::wait_for("cups-pdf to write the receipt", || {
        let folders = folders.clone();
        let reference = reference.clone();
        async move {
            pdfs_in(&folders)
                .into_iter()
                .filter(|pdf| {
                    std::fs::metadata(pdf)
                        .and_then(|m| m.modified())
                        .is_ok_and(|modified| modified >= started)
                })
                .find_map(|pdf| {
                    let output = std::process::Command::new("pdftotext")
                        .arg(&pdf)
                        .arg("-")
                        .output()
                        .ok()?;
                    let text = String::from_utf8_lossy(&output.stdout).into_owned();
                    text.contains(&reference).then_some(text)
                })
        }
    })
    .await;
    assert!(text.contains("$ 8.500"), "{text}");
}

fn pdfs_in(folders: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    folders
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "pdf"))
        .collect()
}

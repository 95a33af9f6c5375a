//! The DIAN's electronic POS document (documento equivalente electrónico tiquete POS, issue 53):
//! the shop's NIT and its check digit, a line's taxes and the document's totals, the CUDE and the
//! software security code, and the UBL 2.1 XML. Pure rules: nothing here signs, sends or keeps
//! anything. The facts and their sources are `../shared/dian/FACTS.md`; where they disagree,
//! `docs/decisions.md` says which was followed.

pub mod amount;
pub mod cude;
pub mod document;
pub mod input;
pub mod nit;
pub mod tax;
mod ubl;
mod xml;

pub use amount::Centavos;
pub use cude::{Environment, IssuedAt};
pub use document::{DocumentError, PosDocument, build};
pub use input::{Buyer, BuyerId, Line, Payment, PaymentMeans, PosSale};
pub use nit::{Nit, NitError};
pub use tax::{DocumentTotals, LineTax, PriceKind, TaxError};

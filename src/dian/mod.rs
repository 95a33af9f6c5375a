//! The DIAN's electronic POS document (documento equivalente electrónico tiquete POS, issue 53):
//! the shop's NIT and its check digit, a line's taxes and the document's totals, the CUDE and the
//! software security code. Pure rules: nothing here signs, sends or keeps
//! anything. The facts and their sources are `../shared/dian/FACTS.md`; where they disagree,
//! `docs/decisions.md` says which was followed.

pub mod amount;
pub mod cude;
pub mod nit;
pub mod tax;

pub use amount::Centavos;
pub use cude::{Environment, IssuedAt};
pub use nit::{Nit, NitError};
pub use tax::{DocumentTotals, LineTax, PriceKind, TaxError};

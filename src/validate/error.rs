//! A problem with one field, in the words a person reads, and the shape every rule answers in.

use super::field::Field;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ValidationError {
    pub field: Field,
    pub message: String,
}

impl ValidationError {
    pub fn new(field: Field, message: impl Into<String>) -> Self {
        ValidationError {
            field,
            message: message.into(),
        }
    }
}

pub type Checked<T> = Result<T, ValidationError>;

//! Deserializers for the spec's known looseness: ids and references that arrive as numbers or
//! strings, amounts as numbers or formatted text, nulls where a value was expected.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

fn scalar_text(value: Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}

/// A string, or a number read as its text; `null` and missing become empty.
pub fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(scalar_text(Value::deserialize(deserializer)?).unwrap_or_default())
}

/// Like [`text`], but keeps absence apart from an empty value.
pub fn optional_text<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    Ok(scalar_text(Value::deserialize(deserializer)?))
}

/// An integer sent as a number (`2`, `2.0`) or a string (`"2"`).
pub fn integer<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let value = Value::deserialize(deserializer)?;
    integer_of(&value)
        .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {value}")))
}

pub fn optional_integer<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<i64>, D::Error> {
    Ok(integer_of(&Value::deserialize(deserializer)?))
}

pub fn integer_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64().or_else(|| {
            number
                .as_f64()
                .filter(|float| float.fract() == 0.0 && float.abs() < 9.0e15)
                .map(|float| float as i64)
        }),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// `null` or missing list: empty.
pub fn list<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<T>>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize, Debug)]
    struct Sample {
        #[serde(default, deserialize_with = "super::text")]
        text: String,
        #[serde(default, deserialize_with = "super::optional_text")]
        optional: Option<String>,
        #[serde(default, deserialize_with = "super::optional_integer")]
        number: Option<i64>,
        #[serde(default, deserialize_with = "super::list")]
        items: Vec<u8>,
    }

    #[test]
    fn accepts_numbers_strings_nulls_and_absence() {
        let sample: Sample =
            serde_json::from_value(json!({"text": 3001234567u64, "optional": null, "number": "7", "items": null, "extra": true}))
                .unwrap();
        assert_eq!(sample.text, "3001234567");
        assert_eq!(sample.optional, None);
        assert_eq!(sample.number, Some(7));
        assert!(sample.items.is_empty());
        let sample: Sample =
            serde_json::from_value(json!({"optional": "x", "number": 2.0})).unwrap();
        assert_eq!(sample.text, "");
        assert_eq!(sample.optional.as_deref(), Some("x"));
        assert_eq!(sample.number, Some(2));
    }
}

//! Whole pesos in words, as a voice says them: "treinta y cinco mil pesos", "thirty-five
//! thousand pesos". Colombian usage: "mil", "un millón", "millones", no cents, and "de pesos"
//! after a round million ("dos millones de pesos", but "un millón quinientos mil pesos").
//!
//! Written here rather than taken from a crate: `spanish-numbers` (2018, unmaintained) counts
//! without the noun, `num2words` has no Spanish, and `num2words2-core` 0.1.3 (a port of Python's
//! num2words, 7.7 MB of source with big-number crates) says "veintiun pesos" without its accent
//! and "un millón pesos" without "de" (both tried against this file's table).
//!
//! Every number here is followed by a masculine noun (mil, millones, pesos), so "uno" is always
//! shortened: "un peso", "veintiún mil", "ciento un mil", "treinta y un millones" (RAE,
//! *Diccionario panhispánico de dudas*, "uno": "veintiún pesos" and "veintiún mil" are the
//! forms in use; "mil" alone, never "un mil").

use crate::i18n::Language;

/// The largest amount said in words: nine hundred ninety-nine million and so on. A payment is
/// at most `Pesos::PAYMENT_CEILING` (a hundred million), well inside.
pub const LARGEST: i64 = 999_999_999;

/// `pesos` in words with its noun, in `language`; `None` below zero or above [`LARGEST`].
pub fn pesos_in_words(pesos: i64, language: Language) -> Option<String> {
    let pesos = u32::try_from(pesos)
        .ok()
        .filter(|p| i64::from(*p) <= LARGEST)?;
    Some(match language {
        Language::Es => spanish(pesos),
        Language::En => english(pesos),
    })
}

/// The three groups of three digits: millions, thousands, units.
fn groups(pesos: u32) -> (u32, u32, u32) {
    (pesos / 1_000_000, pesos / 1_000 % 1_000, pesos % 1_000)
}

fn spanish(pesos: u32) -> String {
    if pesos == 0 {
        return "cero pesos".to_owned();
    }
    let (millions, thousands, units) = groups(pesos);
    let mut words: Vec<String> = Vec::new();
    match millions {
        0 => {}
        1 => words.push("un millón".to_owned()),
        _ => words.push(format!("{} millones", spanish_below_thousand(millions))),
    }
    match thousands {
        0 => {}
        // "mil pesos", never "un mil pesos".
        1 => words.push("mil".to_owned()),
        _ => words.push(format!("{} mil", spanish_below_thousand(thousands))),
    }
    if units > 0 {
        words.push(spanish_below_thousand(units));
    }
    words.push(
        match (pesos, thousands, units) {
            (1, _, _) => "peso",
            // A round number of millions takes "de": "un millón de pesos".
            (_, 0, 0) => "de pesos",
            _ => "pesos",
        }
        .to_owned(),
    );
    words.join(" ")
}

/// 1 to 999, before a masculine noun ("un", "veintiún", "ciento un").
fn spanish_below_thousand(number: u32) -> String {
    const HUNDREDS: [&str; 10] = [
        "",
        "ciento",
        "doscientos",
        "trescientos",
        "cuatrocientos",
        "quinientos",
        "seiscientos",
        "setecientos",
        "ochocientos",
        "novecientos",
    ];
    let (hundreds, rest) = (number / 100, number % 100);
    match (hundreds, rest) {
        (1, 0) => "cien".to_owned(),
        (0, _) => spanish_below_hundred(rest).into_owned(),
        (_, 0) => HUNDREDS[hundreds as usize].to_owned(),
        _ => format!(
            "{} {}",
            HUNDREDS[hundreds as usize],
            spanish_below_hundred(rest)
        ),
    }
}

/// 1 to 99, before a masculine noun. Up to thirty they are one word each (with their accents:
/// "dieciséis", "veintidós", "veintitrés", "veintiséis"); past it, "treinta y un".
fn spanish_below_hundred(number: u32) -> std::borrow::Cow<'static, str> {
    const BELOW_THIRTY: [&str; 30] = [
        "",
        "un",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "ocho",
        "nueve",
        "diez",
        "once",
        "doce",
        "trece",
        "catorce",
        "quince",
        "dieciséis",
        "diecisiete",
        "dieciocho",
        "diecinueve",
        "veinte",
        "veintiún",
        "veintidós",
        "veintitrés",
        "veinticuatro",
        "veinticinco",
        "veintiséis",
        "veintisiete",
        "veintiocho",
        "veintinueve",
    ];
    const TENS: [&str; 10] = [
        "",
        "",
        "",
        "treinta",
        "cuarenta",
        "cincuenta",
        "sesenta",
        "setenta",
        "ochenta",
        "noventa",
    ];
    if number < 30 {
        return BELOW_THIRTY[number as usize].into();
    }
    let (tens, unit) = (number / 10, number % 10);
    if unit == 0 {
        TENS[tens as usize].into()
    } else {
        format!("{} y {}", TENS[tens as usize], BELOW_THIRTY[unit as usize]).into()
    }
}

fn english(pesos: u32) -> String {
    if pesos == 0 {
        return "zero pesos".to_owned();
    }
    let (millions, thousands, units) = groups(pesos);
    let mut words: Vec<String> = Vec::new();
    for (group, scale) in [
        (millions, " million"),
        (thousands, " thousand"),
        (units, ""),
    ] {
        if group > 0 {
            words.push(format!("{}{scale}", english_below_thousand(group)));
        }
    }
    words.push(if pesos == 1 { "peso" } else { "pesos" }.to_owned());
    words.join(" ")
}

/// 1 to 999, American style: "one hundred five", "thirty-five" (no "and").
fn english_below_thousand(number: u32) -> String {
    const BELOW_TWENTY: [&str; 20] = [
        "",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let (hundreds, rest) = (number / 100, number % 100);
    let below_hundred = match rest {
        0 => String::new(),
        1..20 => BELOW_TWENTY[rest as usize].to_owned(),
        _ if rest % 10 == 0 => TENS[(rest / 10) as usize].to_owned(),
        _ => format!(
            "{}-{}",
            TENS[(rest / 10) as usize],
            BELOW_TWENTY[(rest % 10) as usize]
        ),
    };
    match (hundreds, rest) {
        (0, _) => below_hundred,
        (_, 0) => format!("{} hundred", BELOW_TWENTY[hundreds as usize]),
        _ => format!(
            "{} hundred {below_hundred}",
            BELOW_TWENTY[hundreds as usize]
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn es(pesos: i64) -> String {
        pesos_in_words(pesos, Language::Es).unwrap_or_default()
    }

    fn en(pesos: i64) -> String {
        pesos_in_words(pesos, Language::En).unwrap_or_default()
    }

    /// The tricky ones: apocope before mil, millón and pesos, cien against ciento, the
    /// one-word twenties with their accents, "de pesos" after a round million only.
    const SPANISH: &[(i64, &str)] = &[
        (0, "cero pesos"),
        (1, "un peso"),
        (2, "dos pesos"),
        (10, "diez pesos"),
        (11, "once pesos"),
        (15, "quince pesos"),
        (16, "dieciséis pesos"),
        (19, "diecinueve pesos"),
        (20, "veinte pesos"),
        (21, "veintiún pesos"),
        (22, "veintidós pesos"),
        (23, "veintitrés pesos"),
        (26, "veintiséis pesos"),
        (29, "veintinueve pesos"),
        (30, "treinta pesos"),
        (31, "treinta y un pesos"),
        (99, "noventa y nueve pesos"),
        (100, "cien pesos"),
        (101, "ciento un pesos"),
        (110, "ciento diez pesos"),
        (116, "ciento dieciséis pesos"),
        (121, "ciento veintiún pesos"),
        (200, "doscientos pesos"),
        (500, "quinientos pesos"),
        (555, "quinientos cincuenta y cinco pesos"),
        (700, "setecientos pesos"),
        (900, "novecientos pesos"),
        (999, "novecientos noventa y nueve pesos"),
        (1_000, "mil pesos"),
        (1_001, "mil un pesos"),
        (1_100, "mil cien pesos"),
        (2_000, "dos mil pesos"),
        (10_000, "diez mil pesos"),
        (16_000, "dieciséis mil pesos"),
        (21_000, "veintiún mil pesos"),
        (22_000, "veintidós mil pesos"),
        (25_000, "veinticinco mil pesos"),
        (31_000, "treinta y un mil pesos"),
        (35_000, "treinta y cinco mil pesos"),
        (100_000, "cien mil pesos"),
        (101_000, "ciento un mil pesos"),
        (115_500, "ciento quince mil quinientos pesos"),
        (121_000, "ciento veintiún mil pesos"),
        (200_500, "doscientos mil quinientos pesos"),
        (500_000, "quinientos mil pesos"),
        (
            999_999,
            "novecientos noventa y nueve mil novecientos noventa y nueve pesos",
        ),
        (1_000_000, "un millón de pesos"),
        (1_000_001, "un millón un pesos"),
        (1_001_000, "un millón mil pesos"),
        (1_500_000, "un millón quinientos mil pesos"),
        (2_000_000, "dos millones de pesos"),
        (2_000_100, "dos millones cien pesos"),
        (21_000_000, "veintiún millones de pesos"),
        (21_021_021, "veintiún millones veintiún mil veintiún pesos"),
        (31_000_000, "treinta y un millones de pesos"),
        (100_000_000, "cien millones de pesos"),
        (
            101_101_101,
            "ciento un millones ciento un mil ciento un pesos",
        ),
        (
            999_999_999,
            "novecientos noventa y nueve millones novecientos noventa y nueve mil \
             novecientos noventa y nueve pesos",
        ),
    ];

    #[test]
    fn spanish_says_the_tricky_ones_the_colombian_way() {
        assert!(SPANISH.len() >= 40);
        for (pesos, words) in SPANISH {
            assert_eq!(es(*pesos), *words, "{pesos}");
        }
    }

    #[test]
    fn english_says_them_too() {
        for (pesos, words) in [
            (0, "zero pesos"),
            (1, "one peso"),
            (2, "two pesos"),
            (13, "thirteen pesos"),
            (21, "twenty-one pesos"),
            (40, "forty pesos"),
            (100, "one hundred pesos"),
            (115, "one hundred fifteen pesos"),
            (1_000, "one thousand pesos"),
            (35_000, "thirty-five thousand pesos"),
            (101_000, "one hundred one thousand pesos"),
            (200_500, "two hundred thousand five hundred pesos"),
            (1_000_000, "one million pesos"),
            (1_500_000, "one million five hundred thousand pesos"),
            (2_000_100, "two million one hundred pesos"),
            (
                999_999_999,
                "nine hundred ninety-nine million nine hundred ninety-nine thousand \
                 nine hundred ninety-nine pesos",
            ),
        ] {
            assert_eq!(en(pesos), words, "{pesos}");
        }
    }

    #[test]
    fn outside_the_range_there_are_no_words() {
        for language in Language::ALL {
            assert_eq!(pesos_in_words(-1, language), None);
            assert_eq!(pesos_in_words(LARGEST + 1, language), None);
            assert_eq!(pesos_in_words(i64::MAX, language), None);
            assert!(pesos_in_words(LARGEST, language).is_some());
        }
    }

    /// Reads Spanish money words back into a number, independently of how they were made: a
    /// word outside the vocabulary (such as "uno") reads as nothing.
    fn spanish_value(words: &str) -> Option<u32> {
        let mut tokens: Vec<&str> = words.split(' ').collect();
        match tokens.pop()? {
            "peso" | "pesos" => {}
            _ => return None,
        }
        if tokens.last() == Some(&"de") {
            tokens.pop();
        }
        let (mut total, mut group) = (0u32, 0u32);
        for token in tokens {
            match token {
                "y" => {}
                "mil" => {
                    total += group.max(1) * 1_000;
                    group = 0;
                }
                "millón" | "millones" => {
                    total += group * 1_000_000;
                    group = 0;
                }
                word => group += spanish_word_value(word)?,
            }
        }
        Some(total + group)
    }

    fn spanish_word_value(word: &str) -> Option<u32> {
        // The oracle's own vocabulary, written out as a reader would say it, not the table the
        // words are made from: a typo there must not be shared here.
        let units: Vec<&str> = "cero un dos tres cuatro cinco seis siete ocho nueve diez once \
             doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte veintiún \
             veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho \
             veintinueve"
            .split_whitespace()
            .collect();
        let tens: Vec<&str> = "treinta cuarenta cincuenta sesenta setenta ochenta noventa"
            .split_whitespace()
            .collect();
        let hundreds: Vec<&str> = "ciento doscientos trescientos cuatrocientos quinientos \
             seiscientos setecientos ochocientos novecientos"
            .split_whitespace()
            .collect();
        if word == "cien" {
            return Some(100);
        }
        let at = |list: &[&str]| list.iter().position(|w| *w == word).map(|i| i as u32);
        at(&units)
            .or_else(|| at(&tens).map(|i| (i + 3) * 10))
            .or_else(|| at(&hundreds).map(|i| (i + 1) * 100))
    }

    fn check_spanish(pesos: u32) -> Result<(), TestCaseError> {
        let words = es(i64::from(pesos));
        prop_assert_eq!(spanish_value(&words), Some(pesos), "{}", words);
        prop_assert!(!words.contains("  ") && words.trim() == words, "{}", words);
        prop_assert!(words == "un peso" || words.ends_with(" pesos"), "{}", words);
        // "uno" is never said before a noun, and a lone thousand is "mil", not "un mil".
        prop_assert!(!words.contains("uno"), "{}", words);
        prop_assert!(
            !words.starts_with("un mil ")
                && !words.contains("llón un mil ")
                && !words.contains("llones un mil "),
            "{}",
            words
        );
        // "cien" only stands alone before a noun; "ciento" never does.
        let tokens: Vec<&str> = words.split(' ').collect();
        for pair in tokens.windows(2) {
            let nouns = ["mil", "millón", "millones", "pesos", "de"];
            if pair[0] == "cien" {
                prop_assert!(nouns.contains(&pair[1]), "{}", words);
            }
            if pair[0] == "ciento" {
                prop_assert!(!nouns.contains(&pair[1]), "{}", words);
            }
        }
        // "de pesos" exactly after a round number of millions.
        let round_millions = pesos > 0 && pesos.is_multiple_of(1_000_000);
        prop_assert_eq!(words.ends_with("de pesos"), round_millions, "{}", words);
        Ok(())
    }

    fn english_value(words: &str) -> Option<u32> {
        let small: Vec<&str> = "zero one two three four five six seven eight nine ten eleven \
             twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
            .split_whitespace()
            .collect();
        let tens: Vec<&str> = "twenty thirty forty fifty sixty seventy eighty ninety"
            .split_whitespace()
            .collect();
        let at = |list: &[&str], word: &str| list.iter().position(|w| *w == word);
        let mut tokens: Vec<&str> = words.split(' ').collect();
        match tokens.pop()? {
            "peso" | "pesos" => {}
            _ => return None,
        }
        let (mut total, mut group) = (0u32, 0u32);
        for token in tokens {
            match token {
                "hundred" => group *= 100,
                "thousand" => {
                    total += group * 1_000;
                    group = 0;
                }
                "million" => {
                    total += group * 1_000_000;
                    group = 0;
                }
                word => {
                    for part in word.split('-') {
                        group += match at(&small, part) {
                            Some(value) => value as u32,
                            None => (at(&tens, part)? as u32 + 2) * 10,
                        };
                    }
                }
            }
        }
        Some(total + group)
    }

    #[test]
    fn every_amount_below_a_million_reads_back() {
        for pesos in 0..1_000_000 {
            check_spanish(pesos).unwrap();
            assert_eq!(english_value(&en(i64::from(pesos))), Some(pesos));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn every_amount_in_the_range_reads_back(pesos in 0u32..=999_999_999) {
            check_spanish(pesos)?;
            let words = en(i64::from(pesos));
            prop_assert_eq!(english_value(&words), Some(pesos), "{}", words);
            prop_assert!(!words.contains("  ") && words.trim() == words, "{}", words);
            prop_assert_eq!(words == "one peso", pesos == 1);
        }
    }
}

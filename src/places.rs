//! Colombia's departments and municipalities by name, with the DANE (DIVIPOLA) codes the
//! service's registration takes as `State.id` and `City.id`. The list ships in
//! `assets/places/divipola.csv`; a shop owner picks "Bogotá D.C.", never types 11001.

use std::sync::OnceLock;

use crate::validate::{Field, ValidationError};

const DIVIPOLA: &str = include_str!("../assets/places/divipola.csv");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Municipality {
    /// The DANE code: department (2 digits) and municipality (3), as a number (5001).
    pub code: i64,
    pub name: String,
    /// The name as searches compare it ([`folded`]), made once: the form searches as she types.
    folded: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Department {
    /// The DANE code as a number (5 for Antioquia).
    pub code: i64,
    pub name: String,
    folded: String,
    /// By name.
    pub municipalities: Vec<Municipality>,
}

/// Every department, by name.
pub fn departments() -> &'static [Department] {
    static PARSED: OnceLock<Vec<Department>> = OnceLock::new();
    PARSED.get_or_init(|| parse(DIVIPOLA))
}

fn parse(text: &str) -> Vec<Department> {
    let mut departments: Vec<Department> = Vec::new();
    for line in text.lines().skip(1) {
        let mut fields = line.split(';');
        let (Some(department_code), Some(department), Some(code), Some(name)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (Ok(department_code), Ok(code)) = (department_code.parse(), code.parse()) else {
            continue;
        };
        let municipality = Municipality {
            code,
            name: name.to_owned(),
            folded: folded(name),
        };
        match departments.iter_mut().find(|d| d.code == department_code) {
            Some(known) => known.municipalities.push(municipality),
            None => departments.push(Department {
                code: department_code,
                name: department.to_owned(),
                folded: folded(department),
                municipalities: vec![municipality],
            }),
        }
    }
    departments.sort_by(|a, b| a.folded.cmp(&b.folded));
    for department in &mut departments {
        department
            .municipalities
            .sort_by(|a, b| a.folded.cmp(&b.folded));
    }
    departments
}

pub fn department(code: i64) -> Option<&'static Department> {
    departments().iter().find(|d| d.code == code)
}

pub fn municipality(code: i64) -> Option<(&'static Department, &'static Municipality)> {
    let department = department(code / 1_000)?;
    let municipality = department.municipalities.iter().find(|m| m.code == code)?;
    Some((department, municipality))
}

/// Lower case without accents, so "bogota" finds "Bogotá D.C." and "MEDELLIN" finds "Medellín".
pub fn folded(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

/// Whether a folded name answers to folded typed text: every typed word starts a word of the
/// name, or the name contains the whole text.
fn answers_to(name: &str, typed: &str) -> bool {
    name.contains(typed)
        || typed.split_whitespace().all(|word| {
            name.split(|c: char| !c.is_alphanumeric())
                .any(|part| part.starts_with(word))
        })
}

/// The first `limit` municipalities whose name answers to what was typed, within a department
/// when one is chosen.
pub fn suggestions(
    typed: &str,
    within: Option<&Department>,
    limit: usize,
) -> Vec<(&'static Department, &'static Municipality)> {
    let typed = folded(typed);
    departments()
        .iter()
        .filter(|d| within.is_none_or(|within| within.code == d.code))
        .flat_map(|d| d.municipalities.iter().map(move |m| (d, m)))
        .filter(|(_, m)| answers_to(&m.folded, &typed))
        .take(limit)
        .collect()
}

/// A department typed by name ("Antioquia", "valle del cauca") or by its code ("5", "05").
pub fn department_by_text(text: &str) -> Option<&'static Department> {
    let text = text.trim();
    if let Ok(code) = text.parse::<i64>() {
        return department(code);
    }
    let wanted = folded(text);
    departments().iter().find(|d| d.folded == wanted)
}

/// A municipality typed by name ("Bogota", "Medellín"), within a department when one is known,
/// or by its code ("5001", "05001"). A name two departments share needs the department.
pub fn municipality_by_text(
    text: &str,
    within: Option<&Department>,
) -> Option<(&'static Department, &'static Municipality)> {
    let text = text.trim();
    if let Ok(code) = text.parse::<i64>() {
        return municipality(code);
    }
    let wanted = folded(text);
    let mut found = departments()
        .iter()
        .filter(|d| within.is_none_or(|within| within.code == d.code))
        .flat_map(|d| d.municipalities.iter().map(move |m| (d, m)))
        // "Bogota" names "Bogotá D.C.".
        .filter(|(_, m)| m.folded == wanted || m.folded.trim_end_matches(" d.c.") == wanted);
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The department and municipality ids the service takes: by name from the DANE list, or a
/// number typed as it is (the service may use its own ids).
pub fn ids(
    department_text: &str,
    municipality_text: &str,
    problems: &mut Vec<ValidationError>,
) -> (Option<i64>, Option<i64>) {
    let department = department_by_text(department_text);
    let department_id = match department_text.trim() {
        "" => None,
        text => match (department, text.parse::<i64>()) {
            (Some(department), _) => Some(department.code),
            (None, Ok(id)) if id > 0 => Some(id),
            _ => {
                problems.push(ValidationError::new(
                    Field::State,
                    crate::t!("register-unknown-department"),
                ));
                return (None, None);
            }
        },
    };
    let municipality_id = match municipality_text.trim() {
        "" => {
            problems.push(ValidationError::new(
                Field::City,
                crate::t!("rule-required"),
            ));
            None
        }
        text => match (municipality_by_text(text, department), text.parse::<i64>()) {
            (Some((_, municipality)), _) => Some(municipality.code),
            (None, Ok(id)) if id > 0 => Some(id),
            _ => {
                // The start of names we know ("Bogo") is a name being typed, not a wrong one.
                let names: Vec<String> = suggestions(text, department, 4)
                    .into_iter()
                    .map(|(_, municipality)| municipality.name.clone())
                    .collect();
                let message = if names.is_empty() {
                    crate::t!("register-unknown-municipality")
                } else {
                    crate::t!("register-municipality-incomplete", names = names.join(", "))
                };
                problems.push(ValidationError::new(Field::City, message));
                None
            }
        },
    };
    // A municipality chosen by name says its department.
    let department_id = department_id.or_else(|| {
        municipality_by_text(municipality_text, None).map(|(department, _)| department.code)
    });
    if department_id.is_none() && !municipality_text.trim().is_empty() {
        problems.push(ValidationError::new(
            Field::State,
            crate::t!("rule-required"),
        ));
    }
    (department_id, municipality_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_holds_every_department_and_its_municipalities() {
        assert_eq!(departments().len(), 33);
        let count: usize = departments().iter().map(|d| d.municipalities.len()).sum();
        assert!(count > 1_100, "{count}");
        let antioquia = department(5).unwrap();
        assert_eq!(antioquia.name, "Antioquia");
        assert!(antioquia.municipalities.iter().all(|m| m.code / 1_000 == 5));
        assert_eq!(municipality(11001).unwrap().1.name, "Bogotá D.C.");
    }

    #[test]
    fn the_start_of_a_name_asks_for_the_rest_and_a_wrong_one_is_unknown() {
        let mut problems = Vec::new();
        ids("", "Bogo", &mut problems);
        assert!(problems[0].message.contains("Bogotá D.C."), "{problems:?}");
        let mut problems = Vec::new();
        ids("", "Xyzzy", &mut problems);
        assert!(!problems[0].message.contains("Bogotá"), "{problems:?}");
    }

    #[test]
    fn names_are_found_without_accents_or_capitals() {
        let (department, bogota) = municipality_by_text("Bogota", None).unwrap();
        assert_eq!((department.code, bogota.code), (11, 11001));
        assert_eq!(municipality_by_text("medellin", None).unwrap().1.code, 5001);
        assert_eq!(
            municipality_by_text("05001", None).unwrap().1.name,
            "Medellín"
        );
        assert_eq!(department_by_text("valle del cauca").unwrap().code, 76);
        assert_eq!(department_by_text("05").unwrap().name, "Antioquia");
        // A name in several departments needs its department.
        assert!(municipality_by_text("Buenavista", None).is_none());
        let cordoba = department_by_text("Córdoba").unwrap();
        assert_eq!(
            municipality_by_text("Buenavista", Some(cordoba))
                .unwrap()
                .1
                .code
                / 1_000,
            23
        );
        let found = suggestions("jose guav", None, 8);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1.name, "San José del Guaviare");
        assert!(suggestions("medellin", department_by_text("Valle del Cauca"), 8).is_empty());
    }
}

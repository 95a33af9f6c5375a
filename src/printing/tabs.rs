//! The close's tabs on paper, under a heading that says fiado is not money received: the close's
//! own lines (`ledger::close::TabLines`), so paper and screen say the same, each collected amount
//! with where it is already counted.

use crate::ledger::close::TabLines;

use super::slip::{Slip, SlipLine};

pub fn tabs_on_paper(slip: &mut Slip, tabs: &TabLines) {
    slip.push(SlipLine::Rule);
    slip.push(SlipLine::Heading(tabs.heading.clone()));
    // Paper is short: what the period did not have is left out, but what was taken always
    // stays, so the section never starts with a collection.
    for (index, line) in tabs.lines.iter().enumerate() {
        if index > 0 && line.sum.count == 0 {
            continue;
        }
        let indent = if line.part { "  " } else { "" };
        slip.push(SlipLine::Pair(
            format!("{indent}{} ({})", line.label, line.sum.count),
            line.sum.amount.to_string(),
        ));
        if let Some(counted_in) = &line.counted_in {
            slip.push(SlipLine::Small(counted_in.clone()));
        }
    }
    slip.push(SlipLine::Text(tabs.owed.clone()));
    if let Some(credit) = &tabs.credit {
        slip.push(SlipLine::Text(credit.clone()));
    }
}

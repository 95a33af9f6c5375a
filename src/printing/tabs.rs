//! The close's tabs on paper, under a heading that says fiado is not money received: the close's
//! own lines (`ledger::close::TabLines`), so paper and screen say the same, each collected amount
//! with where it is already counted.

use crate::ledger::close::TabLines;

use super::cash::counted_on_paper;
use super::slip::{Slip, SlipLine};

pub fn tabs_on_paper(slip: &mut Slip, tabs: &TabLines) {
    counted_on_paper(
        slip,
        &tabs.heading,
        &tabs.lines,
        |line| (&line.label, line.part, line.sum.count, line.sum.amount),
        |slip, line| {
            if let Some(counted_in) = &line.counted_in {
                slip.push(SlipLine::Small(counted_in.clone()));
            }
        },
    );
    slip.push(SlipLine::Text(tabs.owed.clone()));
    if let Some(credit) = &tabs.credit {
        slip.push(SlipLine::Text(credit.clone()));
    }
}

//! What a panel asks for while drawing (a request, a file, the keyring), kept until the next
//! `App::logic` runs it: a panel's `ui` only draws, and a test can read what it asked for.

use egui::Ui;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queue<C>(Vec<C>);

impl<C> Default for Queue<C> {
    fn default() -> Self {
        Queue(Vec::new())
    }
}

impl<C> Queue<C> {
    /// Asked for in a frame: the next frame runs it, so that frame is asked for now.
    pub fn ask(&mut self, ui: &Ui, command: C) {
        self.0.push(command);
        ui.ctx().request_repaint();
    }

    /// Asked for where a repaint is already on its way (a click's own frame, a test).
    pub fn push(&mut self, command: C) {
        self.0.push(command);
    }

    /// Everything asked for, oldest first, for `logic` to run.
    pub fn take(&mut self) -> Vec<C> {
        std::mem::take(&mut self.0)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<C> std::ops::Deref for Queue<C> {
    type Target = [C];

    fn deref(&self) -> &[C] {
        &self.0
    }
}

impl<C: PartialEq, const N: usize> PartialEq<[C; N]> for Queue<C> {
    fn eq(&self, other: &[C; N]) -> bool {
        self.0 == other
    }
}

//! Tables a screen reader moves through. egui lays a table out as cells side by side (an
//! `egui_extras` table, an `egui::Grid`), which reach a screen reader as a run of words; this
//! tells it what they are: a Table named for what it lists, a Row for each line and in each its
//! cells in reading order, the header's as ColumnHeaders named by their titles, and no cell
//! without words (an empty one is named "Column: en blanco").
//!
//! - Around the whole table: [`table`].
//! - An `egui_extras` table: the header row by [`titles`]; in each body row, `let mut row =
//!   Row::of(&mut row);` and then `row.col(…)` as `TableRow::col` was called (a helper that
//!   took `&mut TableRow` takes `&mut Row` instead), [`Row::text`] for a cell of plain text.
//! - An `egui::Grid`: shown by [`grid`]; the header by [`GridRow::titles`] (or
//!   [`GridRow::unseen_titles`] for a grid without one); the lines by [`GridRow::lines`], or
//!   each by `let mut row = GridRow::start(ui, index);`, its cells by [`GridRow::cell`] or
//!   [`GridRow::text`], then [`GridRow::end`] in place of `ui.end_row()`.

use egui::accesskit::{NodeId, Role};
use egui::{Context, Id, Rect, Response, Ui, UiBuilder, WidgetText};

use crate::t;

/// Draws `add` (the table's builder or grid) inside the Table node, named `name`. `salt` names
/// its scope, unique where it is drawn, so what lies inside keeps its ids whatever is drawn
/// before it.
pub fn table<R>(ui: &mut Ui, salt: &'static str, name: &str, add: impl FnOnce(&mut Ui) -> R) -> R {
    let scope = ui.scope_id().with(("table", salt));
    let builder = UiBuilder::new()
        .scope_id(scope)
        .accessibility_role(Role::Table)
        .accessibility_label(name);
    ui.scope_builder(builder, add).inner
}

/// `grid` shown inside [`table`]: `add` draws its lines.
pub fn grid<R>(
    ui: &mut Ui,
    salt: &'static str,
    name: &str,
    grid: egui::Grid,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    table(ui, salt, name, |ui| grid.show(ui, add).inner)
}

/// A column's title: words on screen, or only a screen reader's for a column the eye reads
/// without one (the lines' names, a row's buttons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Title {
    Shown(String),
    Unseen(String),
}

impl From<String> for Title {
    fn from(words: String) -> Title {
        Title::Shown(words)
    }
}

/// Draws `title` in `ui`, a header's cell. A title on screen is its own ColumnHeader (its label
/// turned into one: a screen reader, or a test, finds the one node by its words); an unseen one
/// makes the cell one. An empty title draws nothing and names nothing.
fn title_ui(ui: &mut Ui, title: &Title) {
    let (node, words) = match title {
        Title::Shown(words) if words.trim().is_empty() => return,
        Title::Shown(words) => (ui.strong(words).id, words),
        Title::Unseen(words) => (ui.unique_id(), words),
    };
    ui.ctx().accesskit_node_builder(node, |node| {
        node.set_role(Role::ColumnHeader);
        node.set_label(words.as_str());
    });
}

/// A cell of text; an empty one draws no label and is named by its `column` instead.
fn text_ui(ui: &mut Ui, text: impl Into<WidgetText>, column: &str) {
    let text = text.into();
    if text.text().trim().is_empty() {
        blank(ui, column);
    } else {
        ui.label(text);
    }
}

/// Names the cell being drawn (`ui`, the cell's) as blank in its `column`: a cell with no words
/// would be a stop where a screen reader says nothing.
pub fn blank(ui: &Ui, column: &str) {
    let name = t!("table-cell-empty", column = column);
    ui.ctx()
        .accesskit_node_builder(ui.unique_id(), |node| node.set_label(name));
}

/// The header row of an `egui_extras` table: each title strong and a ColumnHeader (an empty
/// one is named by nothing: give that column an unseen title).
pub fn titles<T: Into<Title>>(
    mut header: egui_extras::TableRow<'_, '_>,
    titles: impl IntoIterator<Item = T>,
) {
    let mut row = Row::with_role(&mut header, 0, None);
    for title in titles {
        let title = title.into();
        row.col(|ui| title_ui(ui, &title));
    }
}

/// A row of an `egui_extras` table, as a screen reader finds it. egui hangs each cell on the
/// table's body; when the row is dropped its cells move under a Row node of their own.
pub struct Row<'r, 'a, 'b> {
    row: &'r mut egui_extras::TableRow<'a, 'b>,
    /// The row among the table's, the header's being 0.
    index: usize,
    /// What its cells are: Cells; none for the header's, whose titles are the ColumnHeaders.
    role: Option<Role>,
    /// The Row node and the node egui hung the cells on, once the first cell is drawn.
    nodes: Option<(Id, Id)>,
    cells: Vec<Response>,
}

impl<'r, 'a, 'b> Row<'r, 'a, 'b> {
    /// A body row (its cells are Cells).
    pub fn of(row: &'r mut egui_extras::TableRow<'a, 'b>) -> Self {
        let index = row.index() + 1;
        Row::with_role(row, index, Some(Role::Cell))
    }

    fn with_role(
        row: &'r mut egui_extras::TableRow<'a, 'b>,
        index: usize,
        role: Option<Role>,
    ) -> Self {
        Row {
            row,
            index,
            role,
            nodes: None,
            cells: Vec::new(),
        }
    }

    /// A cell, as `TableRow::col` adds it.
    pub fn col(&mut self, add: impl FnOnce(&mut Ui)) -> (Rect, Response) {
        let first = self.nodes.is_none();
        let index = self.index;
        let mut nodes = None;
        let (rect, response) = self.row.col(|ui| {
            if first {
                nodes = row_node(ui, index);
            }
            add(ui);
        });
        if first {
            self.nodes = nodes;
        }
        self.cells.push(response.clone());
        (rect, response)
    }

    /// A cell of text, named by its `column` when empty.
    pub fn text(&mut self, text: impl Into<WidgetText>, column: &str) -> Response {
        self.col(|ui| text_ui(ui, text, column)).1
    }

    /// The cells added so far, as one response (a click anywhere on the row).
    pub fn response(&self) -> Response {
        self.row.response()
    }

    pub fn index(&self) -> usize {
        self.row.index()
    }

    pub fn set_selected(&mut self, selected: bool) {
        self.row.set_selected(selected);
    }
}

impl Drop for Row<'_, '_, '_> {
    fn drop(&mut self) {
        let (Some(nodes), Some(first)) = (self.nodes, self.cells.first()) else {
            return;
        };
        let ctx = first.ctx.clone();
        regroup(&ctx, nodes, &self.cells, self.role, self.index);
    }
}

/// The Row node of the row whose first cell is `cell`, beside the cells on the node egui hangs
/// them on; returns it and that node.
fn row_node(cell: &mut Ui, index: usize) -> Option<(Id, Id)> {
    let body = cell.stack().parent.as_ref()?.unique_id;
    let row = body.with(("row", index));
    let builder = UiBuilder::new()
        .scope_id(row)
        .accessibility_parent(body)
        .accessibility_role(Role::Row);
    drop(cell.new_child(builder));
    Some((row, body))
}

/// Moves `cells` from `body` under `row`, each with `role` (none: as they are) and its place.
fn regroup(
    ctx: &Context,
    (row, body): (Id, Id),
    cells: &[Response],
    role: Option<Role>,
    index: usize,
) {
    // Nothing moves unless the row is in the tree (an invisible or sizing pass has none).
    if ctx.accesskit_node_builder(row, |_| ()).is_none() {
        return;
    }
    let moved: Vec<NodeId> = cells
        .iter()
        .enumerate()
        .filter_map(|(column, cell)| {
            ctx.accesskit_node_builder(cell.id, |node| {
                if let Some(role) = role {
                    node.set_role(role);
                    node.set_row_index(index);
                    node.set_column_index(column);
                }
                if node.bounds().is_none() {
                    node.set_bounds(to_accesskit(cell.rect));
                }
                cell.id.accesskit_id()
            })
        })
        .collect();
    ctx.accesskit_node_builder(body, |node| {
        let kept: Vec<NodeId> = node
            .children()
            .iter()
            .filter(|child| !moved.contains(child))
            .copied()
            .collect();
        node.set_children(kept);
    });
    let bounds = cells
        .iter()
        .fold(Rect::NOTHING, |bounds, cell| bounds.union(cell.rect));
    ctx.accesskit_node_builder(row, |node| {
        node.set_children(moved);
        node.set_row_index(index);
        if bounds.is_positive() {
            node.set_bounds(to_accesskit(bounds));
        }
    });
}

fn to_accesskit(rect: Rect) -> egui::accesskit::Rect {
    egui::accesskit::Rect {
        x0: rect.min.x.into(),
        y0: rect.min.y.into(),
        x1: rect.max.x.into(),
        y1: rect.max.y.into(),
    }
}

/// A line of an `egui::Grid` drawn inside [`table`]: a Row node, and each cell drawn in a scope
/// of its own hung on it.
pub struct GridRow {
    id: Id,
    index: usize,
    /// What its cells are: Cells; none for a header's, whose titles are the ColumnHeaders.
    role: Option<Role>,
    column: usize,
    bounds: Rect,
}

impl GridRow {
    /// Starts line `index` of the grid (the header's is 0), inside `Grid::show`.
    pub fn start(ui: &mut Ui, index: usize) -> GridRow {
        GridRow::with_role(ui, index, Some(Role::Cell))
    }

    fn with_role(ui: &mut Ui, index: usize, role: Option<Role>) -> GridRow {
        let id = ui.unique_id().with(("row", index));
        drop(ui.new_child(UiBuilder::new().scope_id(id).accessibility_role(Role::Row)));
        GridRow {
            id,
            index,
            role,
            column: 0,
            bounds: Rect::NOTHING,
        }
    }

    /// A header line: each title strong (an unseen one leaves its cell blank) and a
    /// ColumnHeader; ends the line.
    pub fn titles<T: Into<Title>>(ui: &mut Ui, index: usize, titles: impl IntoIterator<Item = T>) {
        let mut row = GridRow::with_role(ui, index, None);
        for title in titles {
            let title = title.into();
            row.cell(ui, |ui| title_ui(ui, &title));
        }
        row.end(ui);
    }

    /// Column titles only a screen reader has, for a grid drawn without a header: the header's
    /// Row and ColumnHeaders, taking no room on screen.
    pub fn unseen_titles(ui: &mut Ui, titles: impl IntoIterator<Item = String>) {
        let row = GridRow::with_role(ui, 0, None);
        for (column, title) in titles.into_iter().enumerate() {
            let builder = UiBuilder::new()
                .scope_id(row.id.with(column))
                .accessibility_parent(row.id)
                .accessibility_role(Role::ColumnHeader)
                .accessibility_label(title);
            let cell = ui.new_child(builder).unique_id();
            ui.ctx().accesskit_node_builder(cell, |node| {
                node.set_row_index(0);
                node.set_column_index(column);
            });
        }
    }

    /// A line for each of `items`, the first at `first` among the grid's: `add` draws its
    /// cells.
    pub fn lines<T>(
        ui: &mut Ui,
        first: usize,
        items: impl IntoIterator<Item = T>,
        mut add: impl FnMut(&mut Ui, &mut GridRow, T),
    ) {
        for (offset, item) in items.into_iter().enumerate() {
            let mut row = GridRow::start(ui, first + offset);
            add(ui, &mut row, item);
            row.end(ui);
        }
    }

    /// A cell: `add` draws it.
    pub fn cell<R>(&mut self, ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
        let mut builder = UiBuilder::new()
            .scope_id(self.id.with(self.column))
            .accessibility_parent(self.id);
        if let Some(role) = self.role {
            builder = builder.accessibility_role(role);
        }
        let drawn = ui.scope_builder(builder, add);
        let (row, column, rect) = (self.index, self.column, drawn.response.rect);
        if self.role.is_some() {
            ui.ctx().accesskit_node_builder(drawn.response.id, |node| {
                node.set_row_index(row);
                node.set_column_index(column);
                node.set_bounds(to_accesskit(rect));
            });
        }
        self.column += 1;
        self.bounds = self.bounds.union(rect);
        drawn.inner
    }

    /// A cell of text, named by its `column` when empty.
    pub fn text(&mut self, ui: &mut Ui, text: impl Into<WidgetText>, column: &str) {
        self.cell(ui, |ui| text_ui(ui, text, column));
    }

    /// Ends the line, the grid's too.
    pub fn end(self, ui: &mut Ui) {
        let (index, bounds) = (self.index, self.bounds);
        ui.ctx().accesskit_node_builder(self.id, |node| {
            node.set_row_index(index);
            if bounds.is_positive() {
                node.set_bounds(to_accesskit(bounds));
            }
        });
        ui.end_row();
    }
}

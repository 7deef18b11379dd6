//! A compact copy of a tree-sitter syntax tree, which the walkers read.
//!
//! The walkers visit each node several times (a function pass, two def-use rounds) and ask for
//! kinds, fields and named children at every step. Through the tree-sitter API each of those is
//! a foreign call that walks the tree again: a field lookup scans the children, a kind converts a
//! C string, a list of named children drives a cursor. One pass copies the tree into a flat array
//! instead (kind and field ids into the grammar's name tables, byte ranges, rows, sibling links),
//! and every later step is an array access.
//!
//! The copy is made once per review in a process that often reviews one script and exits, so it
//! is kept small: 28 bytes a node (fresh heap pages are page faults), and cheap to make: children
//! are asked for by index (a cursor step costs about as much as walking a few children), a
//! child's field only under kinds that have fields (`ts/fields.rs`), whether a node is named is
//! read from its kind, and only a node with many children is walked with a cursor.

use std::ops::Range;
use std::sync::OnceLock;

use tree_sitter::{Language as TsLanguage, TreeCursor};

use crate::model::Language;

mod fields;
pub(crate) mod split;

/// No node (a missing link).
const NONE: u32 = u32::MAX;

/// The kind id tree-sitter gives `ERROR` nodes (outside the grammar's table).
const ERROR_KIND: u16 = u16::MAX;

const NAMED: u8 = 1;
const ERROR: u8 = 2;
const MISSING: u8 = 4;
const HAS_ERROR: u8 = 8;
/// The node has children; the first one follows it in preorder.
const HAS_CHILD: u8 = 16;

/// One node of the copied tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Data {
    start: u32,
    end: u32,
    row: u32,
    parent: u32,
    next_sibling: u32,
    /// The kind id (an index into [`Names::kinds`]).
    kind: u16,
    /// The id of the field this node fills in its parent, 0 for none.
    field: u16,
    flags: u8,
}

/// A syntax tree copied out of tree-sitter; nodes are numbered in preorder, the root is 0.
#[derive(Debug)]
pub(crate) struct Tree {
    nodes: Vec<Data>,
    names: &'static Names,
}

/// A grammar's node kinds and field names by id, copied once per process, so a kind or a field
/// name is an array access and not a foreign call with a C-string conversion.
#[derive(Debug)]
struct Names {
    kinds: Vec<String>,
    /// By field id; 0 is no field.
    fields: Vec<String>,
    /// By kind id: whether a node of the kind may have a child in a field.
    fielded: Vec<bool>,
    /// By kind id: whether the kind is named (not punctuation or a keyword).
    named: Vec<bool>,
    /// The grammar's field names by address (tree-sitter names a child's field with a pointer
    /// into the same table), and their ids.
    field_at: Vec<(usize, u16)>,
}

impl Names {
    fn kind(&self, id: u16) -> &str {
        match self.kinds.get(usize::from(id)) {
            Some(k) => k,
            // The built-in error symbol is outside the table.
            None if id == ERROR_KIND => "ERROR",
            None => "",
        }
    }

    fn field(&self, id: u16) -> Option<&str> {
        match id {
            0 => None,
            id => self.fields.get(usize::from(id)).map(String::as_str),
        }
    }

    /// Whether a node of kind `id` may have a child in a field (`ERROR` nodes may).
    fn fielded(&self, id: u16) -> bool {
        self.fielded.get(usize::from(id)).copied().unwrap_or(true)
    }

    /// Whether kind `id` is named (`ERROR` is).
    fn named(&self, id: u16) -> bool {
        self.named.get(usize::from(id)).copied().unwrap_or(true)
    }

    /// The id of the field whose name tree-sitter gives at address `at` (0 for none), found
    /// by address: the name is never read, so it costs no `strlen` and no UTF-8 check.
    fn field_at_ptr(&self, at: *const std::ffi::c_char) -> u16 {
        if at.is_null() {
            return 0;
        }
        match self
            .field_at
            .binary_search_by_key(&(at as usize), |&(a, _)| a)
        {
            Ok(i) => self.field_at[i].1,
            Err(_) => {
                // Not one of the grammar's own name pointers (never seen): read the name.
                // SAFETY: tree-sitter returns a NUL-terminated name from the grammar's static
                // tables, valid as long as the grammar is.
                let name = unsafe { std::ffi::CStr::from_ptr(at) };
                self.fields
                    .iter()
                    .skip(1)
                    .position(|f| f.as_bytes() == name.to_bytes())
                    .map_or(0, |i| u16::try_from(i + 1).unwrap_or(0))
            }
        }
    }
}

/// The name of the field child `i` of `node` fills, as tree-sitter's pointer into the grammar's
/// field name table (null for none): [`tree_sitter::Node::field_name_for_child`] without its
/// conversion to `&str`.
fn field_name_ptr(node: tree_sitter::Node<'_>, i: u32) -> *const std::ffi::c_char {
    // SAFETY: `node` is a live node of a tree borrowed for the call; tree-sitter only reads it.
    unsafe { tree_sitter::ffi::ts_node_field_name_for_child(node.into_raw(), i) }
}

fn names(lang: Language, grammar: &TsLanguage) -> &'static Names {
    static TABLES: [OnceLock<Names>; 4] = [const { OnceLock::new() }; 4];
    let (slot, fieldless) = match lang {
        Language::Python => (0, fields::PYTHON),
        Language::Shell => (1, fields::SHELL),
        Language::JavaScript => (2, fields::JAVASCRIPT),
        Language::TypeScript => (3, fields::TYPESCRIPT),
    };
    TABLES[slot].get_or_init(|| {
        let ids = |count: usize| (0..count).map(|id| u16::try_from(id).unwrap_or(u16::MAX));
        let kinds: Vec<String> = ids(grammar.node_kind_count())
            .map(|id| grammar.node_kind_for_id(id).unwrap_or("").to_owned())
            .collect();
        let fielded = ids(grammar.node_kind_count())
            .zip(&kinds)
            .map(|(id, k)| {
                !(grammar.node_kind_is_named(id) && fieldless.binary_search(&k.as_str()).is_ok())
            })
            .collect();
        let mut field_at: Vec<(usize, u16)> = ids(grammar.field_count() + 1)
            .skip(1)
            .filter_map(|id| Some((grammar.field_name_for_id(id)?.as_ptr() as usize, id)))
            .collect();
        field_at.sort_unstable();
        let named = ids(grammar.node_kind_count())
            .map(|id| grammar.node_kind_is_named(id))
            .collect();
        Names {
            kinds,
            fields: ids(grammar.field_count() + 1)
                .map(|id| grammar.field_name_for_id(id).unwrap_or("").to_owned())
                .collect(),
            fielded,
            named,
            field_at,
        }
    })
}

/// A node whose children are being copied.
struct Frame<'t> {
    /// The node in tree-sitter's tree.
    node: tree_sitter::Node<'t>,
    /// Its id in the copy.
    id: u32,
    /// The index of its next child to copy.
    next: u32,
    /// Its number of children.
    count: u32,
    /// Its last child copied so far ([`NONE`] before the first).
    last: u32,
    /// Whether its children may be in fields (see [`Names::fielded`]).
    fields: bool,
    /// For a node with many children: where its children (and their fields), gathered by one
    /// cursor pass, start in the list of such children.
    gathered: Option<usize>,
}

impl<'t> Frame<'t> {
    fn new(node: tree_sitter::Node<'t>, kind: u16, id: u32, names: &Names) -> Frame<'t> {
        Frame {
            node,
            id,
            next: 0,
            count: node.child_count(),
            last: NONE,
            fields: names.fielded(kind),
            gathered: None,
        }
    }
}

/// A node with more children than this has them gathered by a cursor pass: asked for by index,
/// each child would cost a walk over the ones before it.
const WIDE: u32 = 16;

impl Tree {
    /// Copy `tree`, parsed with the grammar of `lang`.
    pub(crate) fn new(tree: &tree_sitter::Tree, lang: Language) -> Tree {
        Tree::with_room(tree, lang, tree.root_node().end_byte())
    }

    /// [`Tree::new`] with room for the nodes of `bytes` bytes of source: the first part of a
    /// text parsed in parts gets room for the whole text, so appending the second part
    /// ([`Tree::append`]) moves nothing.
    pub(crate) fn with_room(tree: &tree_sitter::Tree, lang: Language, bytes: usize) -> Tree {
        let names = names(lang, &tree.language());
        let root = tree.root_node();
        // A missing node costs its ancestors up to the root: without an error there (the root
        // would say so) no node is missing, and the foreign call per node that asks is skipped.
        // An `ERROR` node is known by its kind id (some cost nothing and leave the root clean).
        let missing = root.has_error();
        // Scripts have about one node per two or three bytes: one allocation, no regrowth (pages
        // reserved and never written cost nothing).
        let mut nodes: Vec<Data> = Vec::with_capacity(bytes.max(root.end_byte()) / 2 + 64);
        // Copy one node; returns its id and kind.
        let copy = |nodes: &mut Vec<Data>, node: tree_sitter::Node<'_>, parent: u32, field: u16| {
            let kind = node.kind_id();
            let mut flags = 0;
            // Named or not is a property of the kind (a kind id is a name and whether it is
            // named).
            if names.named(kind) {
                flags |= NAMED;
            }
            if kind == ERROR_KIND {
                flags |= ERROR | HAS_ERROR;
            }
            if missing && node.is_missing() {
                flags |= MISSING | HAS_ERROR;
            }
            let id = nodes.len() as u32;
            nodes.push(Data {
                start: u32::try_from(node.start_byte()).unwrap_or(u32::MAX),
                end: u32::try_from(node.end_byte()).unwrap_or(u32::MAX),
                row: u32::try_from(node.start_position().row).unwrap_or(u32::MAX),
                parent,
                next_sibling: NONE,
                kind,
                field,
                flags,
            });
            (id, kind)
        };
        // Children are asked for by index (cheaper than a cursor's steps), and a child's field
        // only under a node whose kind has fields.
        let mut stack: Vec<Frame<'_>> = Vec::with_capacity(64);
        let mut gathered: Vec<(tree_sitter::Node<'_>, u16)> = Vec::new();
        let mut cursor: Option<TreeCursor<'_>> = None;
        let (id, kind) = copy(&mut nodes, root, NONE, 0);
        stack.push(Frame::new(root, kind, id, names));
        while let Some(top) = stack.last_mut() {
            if top.next >= top.count {
                if let Some(start) = top.gathered {
                    gathered.truncate(start);
                }
                stack.pop();
                continue;
            }
            if top.count > WIDE && top.gathered.is_none() {
                let start = gathered.len();
                let c = cursor.get_or_insert_with(|| top.node.walk());
                c.reset(top.node);
                if c.goto_first_child() {
                    loop {
                        let field = if top.fields {
                            c.field_id().map_or(0, |f| f.get())
                        } else {
                            0
                        };
                        gathered.push((c.node(), field));
                        if !c.goto_next_sibling() {
                            break;
                        }
                    }
                }
                top.count = (gathered.len() - start) as u32;
                top.gathered = Some(start);
                continue;
            }
            let i = top.next;
            top.next += 1;
            let (child, field) = match top.gathered {
                Some(start) => gathered[start + i as usize],
                None => {
                    let Some(child) = top.node.child(i) else {
                        top.next = top.count;
                        continue;
                    };
                    let field = if top.fields {
                        names.field_at_ptr(field_name_ptr(top.node, i))
                    } else {
                        0
                    };
                    (child, field)
                }
            };
            let parent = top.id;
            let last = top.last;
            let (id, kind) = copy(&mut nodes, child, parent, field);
            top.last = id;
            if last == NONE {
                nodes[parent as usize].flags |= HAS_CHILD;
            } else {
                nodes[last as usize].next_sibling = id;
            }
            let next = Frame::new(child, kind, id, names);
            if next.count > 0 {
                stack.push(next);
            }
        }
        if missing || nodes.iter().any(|n| n.flags & HAS_ERROR != 0) {
            // Children come after their parent in preorder: one backward sweep carries error
            // flags up.
            for i in (1..nodes.len()).rev() {
                if nodes[i].flags & HAS_ERROR != 0 {
                    let p = nodes[i].parent as usize;
                    nodes[p].flags |= HAS_ERROR;
                }
            }
        }
        Tree { nodes, names }
    }

    /// Add the top-level nodes of `part`, the copied tree of the rest of the source from byte
    /// `offset` (on row `rows`), after this tree's own, as further children of its root: the
    /// copy the whole source would give when `part` starts at a top-level statement (see
    /// [`split`]).
    pub(crate) fn append(&mut self, part: Tree, offset: u32, rows: u32) {
        let Some(part_root) = part.nodes.first() else {
            return;
        };
        // The part's node `k` (its root, 0, dropped) becomes node `base + k`.
        let base = (self.nodes.len() as u32).saturating_sub(1);
        let shift = |id: u32| if id == NONE { NONE } else { id + base };
        if part_root.flags & HAS_CHILD != 0 {
            let last = self.root().children().last().map(|n| n.id as usize);
            match last.and_then(|last| self.nodes.get_mut(last)) {
                Some(last) => last.next_sibling = base + 1,
                // The first child follows the root in preorder: here `base + 1` is 1.
                None => {
                    if let Some(root) = self.nodes.first_mut() {
                        root.flags |= HAS_CHILD;
                    }
                }
            }
        }
        if let Some(root) = self.nodes.first_mut() {
            root.end = part_root.end.saturating_add(offset);
            root.flags |= part_root.flags & HAS_ERROR;
        }
        self.nodes.reserve(part.nodes.len().saturating_sub(1));
        self.nodes.extend(part.nodes.iter().skip(1).map(|n| Data {
            start: n.start.saturating_add(offset),
            end: n.end.saturating_add(offset),
            row: n.row.saturating_add(rows),
            parent: if n.parent == 0 { 0 } else { shift(n.parent) },
            next_sibling: shift(n.next_sibling),
            ..*n
        }));
    }

    /// The root node.
    pub(crate) fn root(&self) -> Node<'_> {
        Node { tree: self, id: 0 }
    }

    /// Every node, in preorder.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = Node<'_>> {
        (0..self.nodes.len() as u32).map(|id| Node { tree: self, id })
    }

    /// The first node, in preorder, that is an error or a missing token.
    pub(crate) fn first_error(&self) -> Option<Node<'_>> {
        (0..self.nodes.len() as u32)
            .map(|id| Node { tree: self, id })
            .find(|n| n.is_error() || n.is_missing())
    }
}

/// A node of a [`Tree`]: a tree reference and an index, cheap to copy.
#[derive(Clone, Copy)]
pub(crate) struct Node<'t> {
    tree: &'t Tree,
    id: u32,
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:?}", self.kind(), self.byte_range())
    }
}

impl PartialEq for Node<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.id == other.id
    }
}

impl Eq for Node<'_> {}

impl<'t> Node<'t> {
    fn data(self) -> &'t Data {
        &self.tree.nodes[self.id as usize]
    }

    fn at(self, id: u32) -> Option<Node<'t>> {
        (id != NONE).then_some(Node {
            tree: self.tree,
            id,
        })
    }

    /// The grammar's name for the node's type.
    pub(crate) fn kind(self) -> &'static str {
        self.tree.names.kind(self.data().kind)
    }

    /// The name of the field this node fills in its parent, if any.
    fn field_name(self) -> Option<&'static str> {
        self.tree.names.field(self.data().field)
    }

    /// Whether the node is named (not punctuation or a keyword).
    pub(crate) fn is_named(self) -> bool {
        self.data().flags & NAMED != 0
    }

    /// Whether the node is an `ERROR` node.
    pub(crate) fn is_error(self) -> bool {
        self.data().flags & ERROR != 0
    }

    /// Whether the node was inserted by the parser to recover from an error.
    pub(crate) fn is_missing(self) -> bool {
        self.data().flags & MISSING != 0
    }

    /// Whether the node is or contains an error or a missing token.
    pub(crate) fn has_error(self) -> bool {
        self.data().flags & HAS_ERROR != 0
    }

    /// The 1-based line the node starts on.
    pub(crate) fn line(self) -> u32 {
        self.data().row.saturating_add(1)
    }

    pub(crate) fn start_byte(self) -> usize {
        self.data().start as usize
    }

    pub(crate) fn end_byte(self) -> usize {
        self.data().end as usize
    }

    pub(crate) fn byte_range(self) -> Range<usize> {
        self.start_byte()..self.end_byte()
    }

    pub(crate) fn parent(self) -> Option<Node<'t>> {
        self.at(self.data().parent)
    }

    /// All children, named or not, in order.
    pub(crate) fn children(self) -> Children<'t> {
        let data = self.data();
        Children {
            tree: self.tree,
            next: if data.flags & HAS_CHILD != 0 {
                self.id + 1
            } else {
                NONE
            },
        }
    }

    /// The named children, in order.
    pub(crate) fn named_children(self) -> impl Iterator<Item = Node<'t>> + 't {
        self.children().filter(|c| c.is_named())
    }

    /// The `i`-th child, named or not.
    pub(crate) fn child(self, i: usize) -> Option<Node<'t>> {
        self.children().nth(i)
    }

    /// The `i`-th named child.
    pub(crate) fn named_child(self, i: usize) -> Option<Node<'t>> {
        self.named_children().nth(i)
    }

    /// The first child in field `name` (inlined: compared with a literal, the name test is a
    /// couple of integer comparisons, not a call to `memcmp`).
    #[inline(always)]
    pub(crate) fn field(self, name: &str) -> Option<Node<'t>> {
        self.children().find(|c| c.field_name() == Some(name))
    }

    /// Every child in field `name`.
    #[inline(always)]
    pub(crate) fn children_by_field_name<'n>(
        self,
        name: &'n str,
    ) -> impl Iterator<Item = Node<'t>> + use<'t, 'n> {
        self.children()
            .filter(move |c| c.field_name() == Some(name))
    }

    /// The node and every node under it, in preorder.
    pub(crate) fn descendants(self) -> impl Iterator<Item = Node<'t>> + 't {
        // Nodes are numbered in preorder: the subtree ends where the next sibling of the node
        // or of its nearest ancestor that has one begins.
        let mut end = self.tree.nodes.len() as u32;
        let mut at = Some(self);
        while let Some(n) = at {
            let next = n.data().next_sibling;
            if next != NONE {
                end = next;
                break;
            }
            at = n.parent();
        }
        let tree = self.tree;
        (self.id..end).map(move |id| Node { tree, id })
    }

    /// The previous sibling, named or not.
    pub(crate) fn prev_sibling(self) -> Option<Node<'t>> {
        let parent = self.parent()?;
        let mut prev = None;
        for c in parent.children() {
            if c.id == self.id {
                return prev;
            }
            prev = Some(c);
        }
        None
    }
}

/// The children of a node.
pub(crate) struct Children<'t> {
    tree: &'t Tree,
    next: u32,
}

impl<'t> Iterator for Children<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        if self.next == NONE {
            return None;
        }
        let node = Node {
            tree: self.tree,
            id: self.next,
        };
        self.next = node.data().next_sibling;
        Some(node)
    }
}

#[cfg(test)]
mod tests {
    //! The copy must answer exactly as tree-sitter does, on every fixture and every field name.

    use super::*;

    fn grammar(lang: Language) -> TsLanguage {
        match lang {
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Shell => tree_sitter_bash::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        }
    }

    /// Whether a node is or holds an error: tree-sitter's own flag, or an error or missing node
    /// inside (tree-sitter leaves its flag unset on some zero-cost `ERROR` nodes; the copy is
    /// stricter).
    fn has_error(ts: tree_sitter::Node<'_>) -> bool {
        let mut c = ts.walk();
        ts.has_error() || ts.is_error() || ts.is_missing() || ts.children(&mut c).any(has_error)
    }

    fn compare(ts: tree_sitter::Node<'_>, ours: Node<'_>, fields: &[&str], what: &str) {
        assert_eq!(
            ours.kind(),
            ts.kind(),
            "{what}: kind at {:?}",
            ts.byte_range()
        );
        assert_eq!(ours.byte_range(), ts.byte_range(), "{what}");
        assert_eq!(ours.line() as usize, ts.start_position().row + 1, "{what}");
        assert_eq!(ours.is_named(), ts.is_named(), "{what}");
        assert_eq!(ours.is_error(), ts.is_error(), "{what}");
        assert_eq!(ours.is_missing(), ts.is_missing(), "{what}");
        assert_eq!(
            ours.has_error(),
            has_error(ts),
            "{what}: has_error of {}",
            ts.kind()
        );
        assert_eq!(
            ours.prev_sibling().map(|n| n.byte_range()),
            ts.prev_sibling().map(|n| n.byte_range()),
            "{what}: prev_sibling of {}",
            ts.kind()
        );
        // Each child's field as the cursor names it (which looks through hidden nodes).
        let mut c = ts.walk();
        let mut theirs = Vec::new();
        if c.goto_first_child() {
            loop {
                theirs.push((c.node().byte_range(), c.field_name()));
                if !c.goto_next_sibling() {
                    break;
                }
            }
        }
        let mine: Vec<_> = ours
            .children()
            .map(|n| (n.byte_range(), n.field_name()))
            .collect();
        assert_eq!(
            mine,
            theirs,
            "{what}: fields of the children of {}",
            ts.kind()
        );
        // An `ERROR` node has no field map of its own: looked up by name from it, a field a
        // hidden node inside it gave is not found.
        for name in fields.iter().filter(|_| !ts.is_error()) {
            assert_eq!(
                ours.field(name).map(|n| (n.kind(), n.byte_range())),
                ts.child_by_field_name(name)
                    .map(|n| (n.kind(), n.byte_range())),
                "{what}: field {name} of {} at {:?}",
                ts.kind(),
                ts.byte_range()
            );
            let mut c = ts.walk();
            let theirs: Vec<_> = ts
                .children_by_field_name(name, &mut c)
                .map(|n| n.byte_range())
                .collect();
            let mine: Vec<_> = ours
                .children_by_field_name(name)
                .map(|n| n.byte_range())
                .collect();
            assert_eq!(mine, theirs, "{what}: children in field {name}");
        }
        let mut c = ts.walk();
        let theirs: Vec<_> = ts.children(&mut c).collect();
        let mine: Vec<_> = ours.children().collect();
        assert_eq!(
            mine.len(),
            theirs.len(),
            "{what}: children of {}",
            ts.kind()
        );
        let mut c = ts.walk();
        assert_eq!(
            ours.named_children().count(),
            ts.named_children(&mut c).count(),
            "{what}"
        );
        for (t, o) in theirs.into_iter().zip(mine) {
            compare(t, o, fields, what);
        }
    }

    fn check(lang: Language, source: &str, what: &str) {
        let grammar = grammar(lang);
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar).unwrap();
        let tree = parser.parse(source, None).unwrap();
        let copy = Tree::new(&tree, lang);
        let fields: Vec<&str> = (1..=grammar.field_count())
            .filter_map(|id| u16::try_from(id).ok())
            .filter_map(|id| grammar.field_name_for_id(id))
            .collect();
        compare(tree.root_node(), copy.root(), &fields, what);
    }

    #[test]
    fn copy_matches_tree_sitter_on_every_fixture() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut seen = 0;
        for (dir, lang) in [
            ("python", Language::Python),
            ("shell", Language::Shell),
            ("javascript", Language::JavaScript),
            ("typescript", Language::TypeScript),
        ] {
            for entry in fs_err::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                let text = fs_err::read_to_string(&path).unwrap();
                check(lang, &text, &path.display().to_string());
                // Cut short, the same script is broken code: error and missing nodes.
                for cut in [text.len() / 3, text.len() * 2 / 3] {
                    let cut = (cut..=text.len())
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(text.len());
                    check(
                        lang,
                        &text[..cut],
                        &format!("{} cut at {cut}", path.display()),
                    );
                }
                seen += 1;
            }
        }
        assert!(seen >= 100, "only {seen} fixtures");
    }

    /// The kinds whose children are never asked for a field are exactly the named kinds the
    /// grammar lists without fields (a grammar update that gives one fields fails here).
    #[test]
    fn fieldless_kinds_match_the_grammars() {
        for (list, node_types) in [
            (fields::PYTHON, tree_sitter_python::NODE_TYPES),
            (fields::SHELL, tree_sitter_bash::NODE_TYPES),
            (fields::JAVASCRIPT, tree_sitter_javascript::NODE_TYPES),
            (
                fields::TYPESCRIPT,
                tree_sitter_typescript::TYPESCRIPT_NODE_TYPES,
            ),
        ] {
            let types: Vec<serde_json::Value> = serde_json::from_str(node_types).unwrap();
            let mut fieldless: Vec<&str> = types
                .iter()
                .filter(|t| t["named"] == true && t.get("subtypes").is_none())
                .filter(|t| {
                    t.get("fields")
                        .and_then(|f| f.as_object())
                        .is_none_or(|f| f.is_empty())
                })
                .filter_map(|t| t["type"].as_str())
                .collect();
            fieldless.sort_unstable();
            fieldless.dedup();
            assert_eq!(list, fieldless.as_slice());
        }
    }

    #[test]
    fn copy_matches_tree_sitter_on_broken_code() {
        let cases = [
            (Language::Python, "def f(:\n  x = [1, 2\nprint(x"),
            (
                Language::Shell,
                "if [ -f x ]; then\n echo \"unterminated\nfi )",
            ),
            (
                Language::JavaScript,
                "function (a, { b = 1 } { return a +; }",
            ),
            (
                Language::TypeScript,
                "const x: Map<string, = new Map(;\nclass {",
            ),
            (Language::Python, ""),
        ];
        for (lang, src) in cases {
            check(lang, src, src);
        }
    }

    /// Nodes with many children are copied from a cursor pass, fields included (`from m import`
    /// puts every name in the field `name`), whole and broken.
    #[test]
    fn copy_matches_tree_sitter_on_wide_nodes() {
        let names: Vec<String> = (0..40).map(|i| format!("n{i}")).collect();
        let python = format!(
            "from m import {}\nprint({})\n{}",
            names.join(", "),
            names.join(", "),
            names
                .iter()
                .map(|n| format!("{n} = 1\n"))
                .collect::<String>()
        );
        let javascript = format!(
            "import {{ {} }} from 'm';\nf({});\nswitch (x) {{ {} }}\n",
            names.join(", "),
            names.join(", "),
            names
                .iter()
                .map(|n| format!("case {n}: break; "))
                .collect::<String>()
        );
        let shell = format!("echo {}\n", names.join(" "));
        for (lang, src) in [
            (Language::Python, python),
            (Language::JavaScript, javascript.clone()),
            (Language::TypeScript, javascript),
            (Language::Shell, shell),
        ] {
            check(lang, &src, &src);
            let cut = src.len() / 2;
            check(lang, &src[..cut], &src[..cut]);
        }
    }
}

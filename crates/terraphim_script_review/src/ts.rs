//! A cached field lookup: `child_by_field_name` compares the name against every field of the
//! grammar on each call, which dominated the walk; the id is looked up once per grammar instead.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash as _, Hasher as _};

use tree_sitter::Node;

thread_local! {
    static FIELD_IDS: RefCell<HashMap<(u64, &'static str), Option<u16>>> = RefCell::new(HashMap::new());
}

pub(crate) trait NodeExt<'t> {
    /// The child in field `name`, like `child_by_field_name`.
    fn field(&self, name: &'static str) -> Option<Node<'t>>;
}

impl<'t> NodeExt<'t> for Node<'t> {
    fn field(&self, name: &'static str) -> Option<Node<'t>> {
        let lang = self.language();
        let mut h = DefaultHasher::new();
        (*lang).hash(&mut h);
        let key = (h.finish(), name);
        let id = FIELD_IDS.with(|cell| {
            *cell
                .borrow_mut()
                .entry(key)
                .or_insert_with(|| lang.field_id_for_name(name).map(|id| id.get()))
        })?;
        self.child_by_field_id(id)
    }
}

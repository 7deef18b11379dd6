//! A cached field lookup: `child_by_field_name` compares the name against every field of the
//! grammar on each call, which dominated the walk; the id is looked up once per grammar instead.

use std::cell::RefCell;
use std::hash::{Hash as _, Hasher};

use tree_sitter::Node;

/// Field ids by (grammar, field name); a handful of entries, searched linearly.
type FieldCache = Vec<(u64, &'static str, Option<u16>)>;

thread_local! {
    static FIELD_IDS: RefCell<FieldCache> = const { RefCell::new(Vec::new()) };
}

/// Takes the grammar's pointer as its identity (`Language` hashes just that pointer).
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 ^= n as u64;
    }
}

pub(crate) trait NodeExt<'t> {
    /// The child in field `name`, like `child_by_field_name`.
    fn field(&self, name: &'static str) -> Option<Node<'t>>;
}

impl<'t> NodeExt<'t> for Node<'t> {
    fn field(&self, name: &'static str) -> Option<Node<'t>> {
        let lang = self.language();
        let mut h = Identity::default();
        (*lang).hash(&mut h);
        let grammar = h.finish();
        let id = FIELD_IDS.with(|cell| {
            let mut cache = cell.borrow_mut();
            let hit = cache
                .iter()
                .find(|(g, n, _)| *g == grammar && *n == name)
                .map(|(_, _, id)| *id);
            match hit {
                Some(id) => id,
                None => {
                    let id = lang.field_id_for_name(name).map(|id| id.get());
                    cache.push((grammar, name, id));
                    id
                }
            }
        })?;
        self.child_by_field_id(id)
    }
}

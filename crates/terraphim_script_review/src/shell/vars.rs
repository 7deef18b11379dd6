//! The variables of a shell walk, with the values they held when a statement with several ways
//! through it (an `if`, an `&&`/`||` list) began, kept only when a way changes one.

use crate::engine::Val;
use crate::scope::Map;
use std::rc::Rc;

/// The variables of a shell walk. Every change goes through a method here, so a value asked
/// for with [`Vars::mark`] is copied at the first change after it, or never when nothing
/// changes (most lists, `cmd || echo failed`, assign nothing).
#[derive(Debug, Default)]
pub(super) struct Vars {
    map: Map<String, Val>,
    /// One slot per open [`Vars::mark`], innermost last: the variables as they were at the
    /// mark, once a change came after it; `None` while nothing has changed since. The empty
    /// slots are always the last ones (a change fills every empty slot).
    marks: Vec<Option<Rc<Map<String, Val>>>>,
    /// For each variable, the number of the last assignment to it in the order of the walk
    /// (see [`Vars::assignment`]); a join after an `if` keeps the later numbers.
    assigned: Map<String, u64>,
    /// The number the next assignment gets.
    assignments: u64,
}

/// An open [`Vars::mark`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark(usize);

impl Vars {
    pub(super) fn get(&self, name: &str) -> Option<&Val> {
        self.map.get(name)
    }

    pub(super) fn contains_key(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&String, &Val)> {
        self.map.iter()
    }

    pub(super) fn insert(&mut self, name: String, value: Val) -> Option<Val> {
        self.changing();
        self.assigned_now(&name);
        self.map.insert(name, value)
    }

    pub(super) fn remove(&mut self, name: &str) -> Option<Val> {
        if !self.map.contains_key(name) {
            return None;
        }
        self.changing();
        self.assigned_now(name);
        self.map.remove(name)
    }

    /// Which assignment of `name` the walk has seen last (0: none, the value it came with).
    /// Two uses of a variable with the same number read the same value, whatever it is at
    /// run time.
    pub(super) fn assignment(&self, name: &str) -> u64 {
        self.assigned.get(name).copied().unwrap_or(0)
    }

    fn assigned_now(&mut self, name: &str) {
        self.assignments += 1;
        self.assigned.insert(name.to_owned(), self.assignments);
    }

    /// Every variable replaced by `map`.
    pub(super) fn replace(&mut self, map: Map<String, Val>) {
        self.changing();
        let differ: Vec<String> = self
            .map
            .iter()
            .filter(|(k, v)| map.get(*k) != Some(*v))
            .map(|(k, _)| k.clone())
            .chain(map.keys().filter(|k| !self.map.contains_key(*k)).cloned())
            .collect();
        for name in differ {
            self.assigned_now(&name);
        }
        self.map = map;
    }

    /// A copy of the variables.
    pub(super) fn snapshot(&self) -> Map<String, Val> {
        self.map.clone()
    }

    /// Keep the variables as they are now for [`Vars::at_mark`].
    pub(super) fn mark(&mut self) -> Mark {
        self.marks.push(None);
        Mark(self.marks.len() - 1)
    }

    /// Whether a variable may have changed since `mark` (a change that set a value back
    /// counts too).
    pub(super) fn changed_since(&self, mark: Mark) -> bool {
        self.marks.get(mark.0).is_some_and(Option::is_some)
    }

    /// The variables as they were at `mark`.
    pub(super) fn at_mark(&self, mark: Mark) -> Map<String, Val> {
        match self.marks.get(mark.0) {
            Some(Some(kept)) => Map::clone(kept),
            _ => self.map.clone(),
        }
    }

    /// Close `mark` (and any mark opened after it and left open).
    pub(super) fn unmark(&mut self, mark: Mark) {
        self.marks.truncate(mark.0);
    }

    /// Before a change: the marks with nothing kept yet keep the variables as they are now.
    fn changing(&mut self) {
        if !matches!(self.marks.last(), Some(None)) {
            return;
        }
        let kept = Rc::new(self.map.clone());
        for slot in self.marks.iter_mut().rev() {
            if slot.is_some() {
                break;
            }
            *slot = Some(Rc::clone(&kept));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn val(s: &str) -> Val {
        Val::lit(s)
    }

    /// A mark gives the variables as they were at it, whatever changed after it, nested marks
    /// included; with no change since, nothing was copied.
    #[test]
    fn a_mark_gives_the_variables_as_they_were() {
        let mut v = Vars::default();
        v.insert("a".into(), val("1"));
        let outer = v.mark();
        assert!(!v.changed_since(outer));
        assert_eq!(v.at_mark(outer), v.snapshot());
        let inner = v.mark();
        v.insert("b".into(), val("2"));
        assert!(v.changed_since(outer) && v.changed_since(inner));
        let third = v.mark();
        v.remove("zzz");
        assert!(!v.changed_since(third));
        v.remove("a");
        assert!(v.changed_since(third));
        let mut at_outer = Map::default();
        at_outer.insert("a".to_string(), val("1"));
        assert_eq!(v.at_mark(outer), at_outer);
        assert_eq!(v.at_mark(inner), at_outer);
        let mut at_third = Map::default();
        at_third.insert("a".to_string(), val("1"));
        at_third.insert("b".to_string(), val("2"));
        assert_eq!(v.at_mark(third), at_third);
        v.unmark(third);
        v.unmark(inner);
        let later = v.mark();
        assert!(!v.changed_since(later));
        v.replace(Map::default());
        assert_eq!(v.at_mark(later).len(), 1);
        assert_eq!(v.at_mark(outer), at_outer);
        v.unmark(outer);
        assert!(v.marks.is_empty());
    }
}

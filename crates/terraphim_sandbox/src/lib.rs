//! Placeholder: this crate is being built.

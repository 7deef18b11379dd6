//! The default KG, embedded at build time by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/default_kg.rs"));

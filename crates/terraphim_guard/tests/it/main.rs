//! Integration tests of the guard library: routing over the default KG, and properties.

mod properties;
mod routing;
mod wrap;

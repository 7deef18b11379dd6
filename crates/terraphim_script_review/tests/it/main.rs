//! Integration tests of the script review, one test binary (house style): verdicts by rule and
//! by capability chain, the fixtures and their manifest, and the hook's choice of what to review.

mod capabilities;
mod fixtures;
mod hook;
mod real_scripts;
mod rules;

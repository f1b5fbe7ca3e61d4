//! The library's integration tests, in one binary (one link, one run):
//! every worked example and rule case against the engine, every position
//! form and diagnostic, game records and the validator, Seega, and the
//! properties that hold for any position or game.

mod akong;
mod annotate;
mod common;
mod diagrams;
mod engine_properties;
mod error_kinds;
mod errors;
mod examples;
mod fix;
mod forms;
mod french;
mod function_length;
mod lessons;
mod module_graph;
mod newcomer;
mod no_alloc;
mod properties;
mod records;
mod rules;
mod seega;
mod tournament;

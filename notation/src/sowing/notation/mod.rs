//! The sowing positions written down: [`compact`] (the one-line notation
//! and OGN FEN), [`diagram`] (text diagrams, read and written), [`json`]
//! (JSON and YAML).

pub mod compact;
pub mod diagram;
pub mod json;

//! Integration tests of the HTTP API: the real server on an ephemeral port
//! of 127.0.0.1, spoken to over TCP by a small HTTP/1.1 client.

mod accounts;
mod analysis;
mod archive;
mod browser;
mod browser_annotate;
mod browser_archive;
mod browser_class;
mod browser_computer;
mod browser_exercises;
mod browser_lessons;
mod browser_live;
mod browser_tournament;
mod classes;
mod client;
mod connections;
mod docs;
mod endpoints;
mod errors;
mod events;
mod exercises;
mod fairness;
mod french;
mod lessons;
mod levels;
mod limits;
mod live;
mod metrics;
mod openapi;
mod page;
mod records;
mod seega;
mod shutdown;
mod teach;
mod webdriver;

pub(crate) use client::{Reply, TestServer};

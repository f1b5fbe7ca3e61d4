//! Engine playout benchmarks (the engine work fills them in).

fn main() {}

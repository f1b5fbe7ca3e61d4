//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm
//! with dual variables (the primal-dual method as Galil describes it), in
//! O(n³).
//!
//! The Dutch system is a sequence of such matchings: every criterion of
//! C.04.3 is a band of bits in the edges' weights, so that the heaviest
//! matching is the pairing the rules prefer.
//!
//! Edge weights are doubled internally, so every dual stays an integer.

/// What the matching needs of a weight: an unsigned integer type whose
/// values stay below a quarter of its range.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// The sum (never overflows for weights below a quarter of the range).
    fn add(self, other: Self) -> Self;
    /// The difference (the caller makes sure it is not negative).
    fn sub(self, other: Self) -> Self;
    /// Half, rounded down.
    fn half(self) -> Self;
}

impl Weight for u64 {
    const ZERO: Self = 0;
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn sub(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
    fn half(self) -> Self {
        self >> 1
    }
}

impl Weight for u128 {
    const ZERO: Self = 0;
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn sub(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
    fn half(self) -> Self {
        self >> 1
    }
}

/// No vertex, edge or endpoint.
const NONE: usize = usize::MAX;

/// A label of a top-level blossom during a stage.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    Outer,
    Inner,
    /// An outer blossom met while looking for a common base.
    Seen,
}

/// A maximum-weight matching of the graph of `vertices` vertices and the
/// given edges `(u, v, weight)`; edges of weight zero are ignored. Returns
/// each vertex's partner (`None` when unmatched).
///
/// ```
/// use songo_notation::tournament::matching::maximum_weight_matching;
/// // A path a-b-c-d: the two outer edges weigh more than the middle one.
/// let mates = maximum_weight_matching(4, &[(0, 1, 5u64), (1, 2, 8), (2, 3, 5)]);
/// assert_eq!(mates, vec![Some(1), Some(0), Some(3), Some(2)]);
/// ```
pub fn maximum_weight_matching<W: Weight>(
    vertices: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    let mut matching = IncrementalMatching::new(vertices);
    for &(u, v, weight) in edges {
        if u != v && u < vertices && v < vertices {
            matching.set_weight(u, v, weight);
        }
    }
    matching.matching()
}

/// A maximum-weight matching of a graph whose edges' weights change
/// between solutions: the last solution's matching, duals and blossoms
/// are kept, and only the vertices whose edges changed (and their partners)
/// are matched anew, leaving their blossoms. The Dutch system asks for hundreds of matchings a round, each a
/// few edges away from the last.
///
/// The graph is complete; an edge of weight zero is no edge.
pub struct IncrementalMatching<W> {
    solver: Solver<W>,
    /// The edges whose weights changed since the last solution.
    changed: Vec<usize>,
    /// For each vertex, how many of its edges changed.
    touched: Vec<u32>,
    /// The vertices to match anew (a scratch list, kept to reuse it).
    reopened: Vec<usize>,
}

impl<W: Weight> IncrementalMatching<W> {
    /// `vertices` vertices, no edges.
    pub fn new(vertices: usize) -> IncrementalMatching<W> {
        IncrementalMatching {
            solver: Solver::complete(vertices),
            changed: Vec::new(),
            touched: vec![0; vertices],
            reopened: Vec::new(),
        }
    }

    /// Sets the weight of edge `u`–`v` (zero removes it).
    pub fn set_weight(&mut self, u: usize, v: usize, weight: W) {
        if u == v || u >= self.solver.n || v >= self.solver.n {
            return;
        }
        let k = edge_index(u, v);
        // The slack's term: the weight doubled (so that every dual stays
        // an integer), and doubled again as the slack counts it.
        let doubled = weight.add(weight);
        let term = doubled.add(doubled);
        let solver = &mut self.solver;
        let (uv, vu) = (u * solver.n + v, v * solver.n + u);
        if solver.weights[uv] != term {
            solver.weights[uv] = term;
            solver.weights[vu] = term;
            solver.present[uv] = weight != W::ZERO;
            solver.present[vu] = weight != W::ZERO;
            self.changed.push(k);
            self.touched[u] += 1;
            self.touched[v] += 1;
        }
    }

    /// A maximum-weight matching for the current weights: each vertex's
    /// partner, `None` when unmatched.
    pub fn matching(&mut self) -> Vec<Option<usize>> {
        // The last solution's blossoms are kept, but not one holding both
        // ends of a changed edge: the edge may be in its cycle, which must
        // stay tight.
        for &k in &self.changed {
            let (u, v) = self.solver.edges[k];
            self.solver.separate(u, v);
        }
        // The last duals still prove the matching the heaviest unless a
        // changed edge is now heavier than its ends' duals: one end of
        // each such edge is matched anew (the end with more changed
        // edges, so that a vertex whose whole row changed is the one).
        // Reopening only the vertices that need it keeps most of the
        // matching, and the stages that rebuild it, from one solution to
        // the next.
        let solver = &self.solver;
        self.reopened.clear();
        for &k in &self.changed {
            let (u, v) = solver.edges[k];
            let term = solver.weights[u * solver.n + v];
            // A reopened vertex (its count set to zero) gets a dual that
            // covers all its edges.
            if self.touched[u] == 0 || self.touched[v] == 0 {
                continue;
            }
            // The slack's formula, below zero.
            if solver.dual[u].add(solver.dual[v]) < term {
                let end = if self.touched[u] >= self.touched[v] {
                    u
                } else {
                    v
                };
                self.reopened.push(end);
                self.touched[end] = 0;
            }
        }
        for &k in &self.changed {
            let (u, v) = solver.edges[k];
            self.touched[u] = 0;
            self.touched[v] = 0;
        }
        // A reopened vertex leaves its blossoms (it is unmatched, and its
        // new dual would loosen their cycles).
        for &v in &self.reopened {
            self.solver.isolate(v);
        }
        self.solver.unmatch_loose(&self.changed);
        self.changed.clear();
        self.solver.reopen(&self.reopened);
        self.solver.solve();
        let solver = &self.solver;
        (0..solver.n)
            .map(|v| (solver.mate[v] != NONE).then(|| solver.endpoint[solver.mate[v]]))
            .collect()
    }
}

/// The index of edge `u`–`v` in the complete graph.
fn edge_index(u: usize, v: usize) -> usize {
    let (low, high) = if u < v { (u, v) } else { (v, u) };
    high * (high - 1) / 2 + low
}

/// The state of the primal-dual method. Blossoms are numbered after the
/// vertices (`n..2n`); endpoints `2k` and `2k + 1` are edge `k`'s ends.
struct Solver<W> {
    n: usize,
    /// Each edge's ends, the lower first.
    edges: Vec<(usize, usize)>,
    /// The (doubled) weight of edge `u`–`v` at `u * n + v` and `v * n + u`:
    /// a scan of a vertex's edges reads one row of memory in order, not
    /// edges spread over the whole graph.
    weights: Vec<W>,
    /// Whether each edge's weight is not zero (a zero weight is no edge),
    /// laid out as the weights: the scans test it without reading the
    /// wide weights.
    present: Vec<bool>,
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    label: Vec<Label>,
    /// The endpoint through which a labelled blossom got its label.
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The endpoints of the edges linking consecutive children.
    child_endpoints: Vec<Vec<usize>>,
    best_edge: Vec<usize>,
    /// The slack of each `best_edge`, kept beside it (and updated with the
    /// duals): the scans compare against it for every edge.
    best_slacks: Vec<W>,
    /// For an outer blossom, its least-slack edges to other outer blossoms.
    best_edges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<W>,
    /// Whether edge `u`–`v` is known tight this stage, at `u * n + v` and
    /// `v * n + u` (a scan reads its row in order).
    allowed: Vec<bool>,
    /// The edges set in `allowed`, to clear them at the next stage.
    allowed_edges: Vec<usize>,
    /// For a new blossom, its least-slack edge to each outer blossom and
    /// that edge's slack (scratch space, kept to reuse it: all `NONE`
    /// between uses), and the blossoms that have one.
    merge_to: Vec<usize>,
    merge_slacks: Vec<W>,
    merge_reached: Vec<usize>,
    queue: Vec<usize>,
    /// The vertices of the blossoms released since the last solution,
    /// whose matched edges may have loosened.
    loosened: Vec<usize>,
}

/// Which dual change ends a stage's search.
enum Delta {
    /// An outer vertex's dual reaches zero: it may stay unmatched.
    Zero(usize),
    /// An edge from an outer blossom to a free vertex becomes tight.
    Free(usize),
    /// An edge between outer blossoms becomes tight.
    Outer(usize),
    /// An inner blossom's dual reaches zero.
    Expand(usize),
}

impl<W: Weight> Solver<W> {
    /// The complete graph on `n` vertices, every weight zero.
    fn complete(n: usize) -> Solver<W> {
        let edge_count = n * n.saturating_sub(1) / 2;
        let mut edges = Vec::with_capacity(edge_count);
        let mut endpoint = Vec::with_capacity(2 * edge_count);
        for v in 0..n {
            for u in 0..v {
                edges.push((u, v));
                endpoint.push(u);
                endpoint.push(v);
            }
        }
        Solver {
            n,
            weights: vec![W::ZERO; n * n],
            present: vec![false; n * n],
            edges,
            endpoint,
            mate: vec![NONE; n],
            label: vec![Label::Free; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            child_endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_slacks: vec![W::ZERO; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual: vec![W::ZERO; 2 * n],
            allowed: vec![false; n * n],
            allowed_edges: Vec::new(),
            merge_to: vec![NONE; 2 * n],
            merge_slacks: vec![W::ZERO; 2 * n],
            merge_reached: Vec::new(),
            queue: Vec::new(),
            loosened: Vec::new(),
        }
    }

    /// The vertices whose edges changed lose their partners, and get the
    /// least dual that keeps every edge's slack non-negative.
    fn reopen(&mut self, changed: &[usize]) {
        for &v in changed {
            if self.mate[v] != NONE {
                let partner = self.endpoint[self.mate[v]];
                self.mate[partner] = NONE;
                self.mate[v] = NONE;
            }
        }
        for &v in changed {
            let mut dual = W::ZERO;
            let row = v * self.n..(v + 1) * self.n;
            for (w, (&term, &present)) in self.weights[row.clone()]
                .iter()
                .zip(&self.present[row])
                .enumerate()
            {
                if !present {
                    continue;
                }
                let other = self.dual[w];
                if term > other {
                    dual = dual.max(term.sub(other));
                }
            }
            self.dual[v] = dual;
        }
    }

    /// Expands the blossoms that hold both `u` and `v`, from the top.
    fn separate(&mut self, u: usize, v: usize) {
        loop {
            let top = self.in_blossom[u];
            if top < self.n || top != self.in_blossom[v] {
                return;
            }
            self.release(top);
        }
    }

    /// Expands the blossoms that hold `v`, from the top.
    fn isolate(&mut self, v: usize) {
        while self.in_blossom[v] >= self.n {
            self.release(self.in_blossom[v]);
        }
    }

    /// Expands top-level blossom `b` between two solutions: its dual goes
    /// into its vertices' (every edge's slack stays non-negative, those
    /// inside it unchanged); its children stay blossoms.
    fn release(&mut self, b: usize) {
        let z = self.dual[b];
        if z != W::ZERO {
            for leaf in self.leaves_of(b) {
                self.dual[leaf] = self.dual[leaf].add(z);
                // The edge matched at the base is no longer tight.
                self.loosened.push(leaf);
            }
            self.dual[b] = W::ZERO;
        }
        self.expand_blossom(b, true);
    }

    /// Unmatches the matched edges that the changes of weights and of
    /// duals left loose or removed: the changed edges' and the released
    /// blossoms' vertices'. (An edge inside a kept blossom is unchanged.)
    fn unmatch_loose(&mut self, changed: &[usize]) {
        let mut vertices = std::mem::take(&mut self.loosened);
        vertices.extend(changed.iter().flat_map(|&k| {
            let (u, v) = self.edges[k];
            [u, v]
        }));
        for &v in &vertices {
            let p = self.mate[v];
            if p == NONE || self.in_blossom[v] == self.in_blossom[self.endpoint[p]] {
                continue;
            }
            if self.slack(p / 2) != W::ZERO || !self.edge_present(p / 2) {
                self.mate[self.endpoint[p]] = NONE;
                self.mate[v] = NONE;
            }
        }
        vertices.clear();
        self.loosened = vertices;
    }

    fn slack(&self, k: usize) -> W {
        let (u, v) = self.edges[k];
        self.dual[u]
            .add(self.dual[v])
            .sub(self.weights[u * self.n + v])
    }

    /// Makes edge `k` (`NONE`: none) the least-slack edge of `x`.
    fn set_best(&mut self, x: usize, k: usize) {
        self.best_edge[x] = k;
        if k != NONE {
            self.best_slacks[x] = self.slack(k);
        }
    }

    /// The slack of `x`'s least-slack edge (there is one).
    fn best_slack(&self, x: usize) -> W {
        self.best_slacks[x]
    }

    /// Edge `k` is tight in this stage.
    fn allow(&mut self, k: usize) {
        let (u, v) = self.edges[k];
        if !self.allowed[u * self.n + v] {
            self.allowed[u * self.n + v] = true;
            self.allowed[v * self.n + u] = true;
            self.allowed_edges.push(k);
        }
    }

    fn edge_present(&self, k: usize) -> bool {
        let (u, v) = self.edges[k];
        self.present[u * self.n + v]
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &child in &self.children[b] {
                self.leaves(child, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, label: Label, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = label;
        self.label[b] = label;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if label == Label::Outer {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate], Label::Outer, mate ^ 1);
        }
    }

    /// Follows both alternating paths back from `v` and `w` to their roots:
    /// the base of the new blossom when they meet, `NONE` when they do not
    /// (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] == Label::Seen {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = Label::Seen;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = Label::Outer;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edges[k];
        let base_blossom = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused.pop() else { return };
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[base_blossom] = b;
        let mut path = Vec::new();
        let mut endpoints = Vec::new();
        while bv != base_blossom {
            self.parent[bv] = b;
            path.push(bv);
            endpoints.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(base_blossom);
        path.reverse();
        endpoints.reverse();
        endpoints.push(2 * k);
        while bw != base_blossom {
            self.parent[bw] = b;
            path.push(bw);
            endpoints.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = Label::Outer;
        self.label_end[b] = self.label_end[base_blossom];
        self.dual[b] = W::ZERO;
        self.children[b] = path;
        self.child_endpoints[b] = endpoints;
        for leaf in self.leaves_of(b) {
            if self.label[self.in_blossom[leaf]] == Label::Inner {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        self.merge_best_edges(b);
    }

    /// The new outer blossom `b`'s least-slack edges to each other outer
    /// blossom, from its children's.
    fn merge_best_edges(&mut self, b: usize) {
        let mut best_to = std::mem::take(&mut self.merge_to);
        let mut best_slack = std::mem::take(&mut self.merge_slacks);
        let mut reached = std::mem::take(&mut self.merge_reached);
        for child in self.children[b].clone() {
            match self.best_edges[child].take() {
                Some(list) => {
                    for k in list {
                        let (mut i, mut j) = self.edges[k];
                        if self.in_blossom[j] == b {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = i;
                        if self.edge_present(k) {
                            let slack = self.slack(k);
                            let best = (&mut best_to[..], &mut best_slack[..], &mut reached);
                            self.consider_best(b, j, k, slack, best);
                        }
                    }
                }
                // Every edge of the child's vertices, row by row.
                None => {
                    for leaf in self.leaves_of(child) {
                        let n = self.n;
                        for w in (0..n).filter(|&w| w != leaf) {
                            if self.present[leaf * n + w] {
                                let slack = self.dual[leaf]
                                    .add(self.dual[w])
                                    .sub(self.weights[leaf * n + w]);
                                let k = edge_index(leaf, w);
                                let best = (&mut best_to[..], &mut best_slack[..], &mut reached);
                                self.consider_best(b, w, k, slack, best);
                            }
                        }
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        // In the order of the blossoms reached, as a scan of them all.
        reached.sort_unstable();
        let list: Vec<usize> = reached.iter().map(|&bj| best_to[bj]).collect();
        for bj in reached.drain(..) {
            best_to[bj] = NONE;
        }
        self.merge_to = best_to;
        self.merge_slacks = best_slack;
        self.merge_reached = reached;
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.set_best(b, best);
        self.best_edges[b] = Some(list);
    }

    /// Keeps edge `k` (of slack `slack`) from blossom `b` to vertex `j`
    /// as the least-slack edge to `j`'s blossom when it is.
    fn consider_best(
        &self,
        b: usize,
        j: usize,
        k: usize,
        slack: W,
        (best_to, best_slack, reached): (&mut [usize], &mut [W], &mut Vec<usize>),
    ) {
        let bj = self.in_blossom[j];
        if bj != b
            && self.label[bj] == Label::Outer
            && (best_to[bj] == NONE || slack < best_slack[bj])
        {
            if best_to[bj] == NONE {
                reached.push(bj);
            }
            best_to[bj] = k;
            best_slack[bj] = slack;
        }
    }

    fn child_at(&self, b: usize, j: isize) -> usize {
        let len = self.children[b].len() as isize;
        self.children[b][j.rem_euclid(len) as usize]
    }

    fn endpoint_at(&self, b: usize, j: isize) -> usize {
        let len = self.child_endpoints[b].len() as isize;
        self.child_endpoints[b][j.rem_euclid(len) as usize]
    }

    /// Where to start walking around blossom `b` from its child at `index`
    /// to reach the base by an even path: (start, step, endpoint trick).
    fn walk_from(&self, b: usize, index: usize) -> (isize, isize, usize) {
        let index = index as isize;
        if index & 1 == 1 {
            (index - self.children[b].len() as isize, 1, 0)
        } else {
            (index, -1, 1)
        }
    }

    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for child in self.children[b].clone() {
            self.parent[child] = NONE;
            if child < self.n {
                self.in_blossom[child] = child;
            } else if end_of_stage && self.dual[child] == W::ZERO {
                self.expand_blossom(child, end_of_stage);
            } else {
                for leaf in self.leaves_of(child) {
                    self.in_blossom[leaf] = child;
                }
            }
        }
        if !end_of_stage && self.label[b] == Label::Inner {
            self.relabel_expanded(b);
        }
        self.label[b] = Label::Free;
        self.label_end[b] = NONE;
        self.children[b] = Vec::new();
        self.child_endpoints[b] = Vec::new();
        self.base[b] = NONE;
        self.best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// After an inner blossom is expanded mid-stage, its children on the
    /// even path from the entry to the base become inner and outer again.
    fn relabel_expanded(&mut self, b: usize) {
        let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
        let index = self.children[b]
            .iter()
            .position(|&c| c == entry_child)
            .unwrap_or(0);
        let (mut j, step, trick) = self.walk_from(b, index);
        let trick_i = trick as isize;
        let mut p = self.label_end[b];
        while j != 0 {
            self.label[self.endpoint[p ^ 1]] = Label::Free;
            let q = self.endpoint_at(b, j - trick_i) ^ trick ^ 1;
            self.label[self.endpoint[q]] = Label::Free;
            self.assign_label(self.endpoint[p ^ 1], Label::Inner, p);
            let linking = self.endpoint_at(b, j - trick_i) / 2;
            self.allow(linking);
            j += step;
            p = self.endpoint_at(b, j - trick_i) ^ trick;
            self.allow(p / 2);
            j += step;
        }
        let bv = self.child_at(b, j);
        let far = self.endpoint[p ^ 1];
        self.label[far] = Label::Inner;
        self.label[bv] = Label::Inner;
        self.label_end[far] = p;
        self.label_end[bv] = p;
        self.best_edge[bv] = NONE;
        j += step;
        while self.child_at(b, j) != entry_child {
            let bv = self.child_at(b, j);
            j += step;
            if self.label[bv] == Label::Outer {
                continue;
            }
            let reached = self
                .leaves_of(bv)
                .into_iter()
                .find(|&v| self.label[v] != Label::Free);
            if let Some(v) = reached {
                self.label[v] = Label::Free;
                let mate_of_base = self.endpoint[self.mate[self.base[bv]]];
                self.label[mate_of_base] = Label::Free;
                self.assign_label(v, Label::Inner, self.label_end[v]);
            }
        }
    }

    /// Swaps matched and unmatched edges on the even path from vertex `v`
    /// to the base of blossom `b`, making `v` the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let index = self.children[b].iter().position(|&c| c == t).unwrap_or(0);
        let (mut j, step, trick) = self.walk_from(b, index);
        let trick_i = trick as isize;
        while j != 0 {
            j += step;
            let t = self.child_at(b, j);
            let p = self.endpoint_at(b, j - trick_i) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.child_at(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.children[b].rotate_left(index);
        self.child_endpoints[b].rotate_left(index);
        self.base[b] = self.base[self.children[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edges[k];
        self.augment_from(v, 2 * k + 1);
        self.augment_from(w, 2 * k);
    }

    /// Matches vertex `s` by endpoint `p` (`NONE`: leaves it unmatched) and
    /// flips the alternating path from it back to its tree's root.
    fn augment_from(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.in_blossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.label_end[bs] == NONE {
                break;
            }
            let t = self.endpoint[self.label_end[bs]];
            let bt = self.in_blossom[t];
            s = self.endpoint[self.label_end[bt]];
            let j = self.endpoint[self.label_end[bt] ^ 1];
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.label_end[bt];
            p = self.label_end[bt] ^ 1;
        }
    }

    /// An outer vertex whose dual reached zero becomes unmatched, and its
    /// tree's root matched, by flipping the path between them.
    fn flip_to(&mut self, v: usize) {
        if v != NONE {
            self.augment_from(v, NONE);
        }
    }

    /// Stages until every unmatched vertex has a zero dual (the proof that
    /// the matching is the heaviest). Each stage matches, or brings to a zero
    /// dual, one more unmatched vertex whose dual is positive.
    fn solve(&mut self) {
        for _ in 0..2 * self.n + 2 {
            self.label.fill(Label::Free);
            self.label_end.fill(NONE);
            self.best_edge.fill(NONE);
            for b in self.n..2 * self.n {
                self.best_edges[b] = None;
            }
            for k in std::mem::take(&mut self.allowed_edges) {
                let (u, v) = self.edges[k];
                self.allowed[u * self.n + v] = false;
                self.allowed[v * self.n + u] = false;
            }
            self.queue.clear();
            let mut roots = false;
            for v in 0..self.n {
                if self.mate[v] == NONE
                    && self.dual[v] != W::ZERO
                    && self.label[self.in_blossom[v]] == Label::Free
                {
                    self.assign_label(v, Label::Outer, NONE);
                    roots = true;
                }
            }
            if !roots || !self.stage() {
                break;
            }
            for b in self.n..2 * self.n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == Label::Outer
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// One stage: grows the alternating trees until an augmenting path is
    /// found (true) or the duals prove the matching optimal (false).
    fn stage(&mut self) -> bool {
        // Each dual change labels a vertex, makes a blossom or expands
        // one: at most O(n) of them a stage. The bound only guards a bug
        // from turning into a hang.
        for _ in 0..8 * self.n + 8 {
            if self.scan_queue() {
                return true;
            }
            match self.change_duals() {
                Delta::Zero(v) => {
                    self.flip_to(v);
                    return true;
                }
                Delta::Free(k) => {
                    self.allow(k);
                    let (mut i, j) = self.edges[k];
                    if self.label[self.in_blossom[i]] == Label::Free {
                        i = j;
                    }
                    self.queue.push(i);
                }
                Delta::Outer(k) => {
                    self.allow(k);
                    self.queue.push(self.edges[k].0);
                }
                Delta::Expand(b) => self.expand_blossom(b, false),
            }
        }
        false
    }

    /// Scans the outer vertices in the queue; true when the matching grew.
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            let n = self.n;
            let dual_v = self.dual[v];
            // Vertex `v`'s row: its edges in the order of the other end.
            for w in (0..n).filter(|&w| w != v) {
                if !self.present[v * n + w] || self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let k = edge_index(v, w);
                // The endpoint at `w`: edge `k`'s ends are in order.
                let p = 2 * k + usize::from(w > v);
                let mut slack = W::ZERO;
                let mut allowed = self.allowed[v * n + w];
                if !allowed {
                    slack = dual_v.add(self.dual[w]).sub(self.weights[v * n + w]);
                    if slack == W::ZERO {
                        self.allow(k);
                        allowed = true;
                    }
                }
                let bw = self.in_blossom[w];
                if allowed {
                    if self.label[bw] == Label::Free && self.mate[self.base[bw]] == NONE {
                        // An unmatched vertex whose dual is zero: an
                        // augmenting path.
                        self.augment_matching(k);
                        return true;
                    } else if self.label[bw] == Label::Free {
                        self.assign_label(w, Label::Inner, p ^ 1);
                    } else if self.label[bw] == Label::Outer {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == Label::Free {
                        self.label[w] = Label::Inner;
                        self.label_end[w] = p ^ 1;
                    }
                } else if self.label[bw] == Label::Outer {
                    let b = self.in_blossom[v];
                    if self.best_edge[b] == NONE || slack < self.best_slack(b) {
                        self.best_edge[b] = k;
                        self.best_slacks[b] = slack;
                    }
                } else if self.label[w] == Label::Free
                    && (self.best_edge[w] == NONE || slack < self.best_slack(w))
                {
                    self.best_edge[w] = k;
                    self.best_slacks[w] = slack;
                }
            }
        }
        false
    }

    /// Chooses the largest dual change that keeps every slack non-negative,
    /// applies it, and says what it made possible.
    fn change_duals(&mut self) -> Delta {
        let outer = |v: usize| self.label[self.in_blossom[v]] == Label::Outer;
        let lowest = (0..self.n)
            .filter(|&v| outer(v))
            .min_by_key(|&v| (self.dual[v], self.mate[v] != NONE));
        let Some(lowest) = lowest else {
            return Delta::Zero(NONE);
        };
        let mut delta = self.dual[lowest];
        let mut kind = Delta::Zero(lowest);
        for v in 0..self.n {
            if self.label[self.in_blossom[v]] == Label::Free && self.best_edge[v] != NONE {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    kind = Delta::Free(self.best_edge[v]);
                }
            }
        }
        for b in 0..2 * self.n {
            if self.parent[b] == NONE
                && self.label[b] == Label::Outer
                && self.best_edge[b] != NONE
                && (b < self.n || self.base[b] != NONE)
            {
                let d = self.best_slack(b).half();
                if d < delta {
                    delta = d;
                    kind = Delta::Outer(self.best_edge[b]);
                }
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b] != NONE
                && self.parent[b] == NONE
                && self.label[b] == Label::Inner
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                kind = Delta::Expand(b);
            }
        }
        for v in 0..self.n {
            match self.label[self.in_blossom[v]] {
                Label::Outer => self.dual[v] = self.dual[v].sub(delta),
                Label::Inner => self.dual[v] = self.dual[v].add(delta),
                _ => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    Label::Outer => self.dual[b] = self.dual[b].add(delta),
                    Label::Inner => self.dual[b] = self.dual[b].sub(delta),
                    _ => {}
                }
            }
        }
        // The least-slack edges' slacks follow the duals.
        for x in 0..2 * self.n {
            if self.best_edge[x] != NONE {
                self.best_slacks[x] = self.slack(self.best_edge[x]);
            }
        }
        kind
    }
}

//! The crates' modules import each other without a loop: no file
//! reaches itself through the `use crate::…`, `use super::…` and
//! `crate::…` paths of its code (tests left out), and inside every folder
//! no two of its files or subfolders import each other, directly or
//! around a loop. A loop makes a module that cannot be read without the
//! module that reads it; `docs/architecture.md` draws the layers. The
//! crates read are the library's (`notation/src`) and every crate under
//! `service/` (each `src` folder there with a `lib.rs` or `main.rs`, tests
//! and build output left out: the service and the archive).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`lesson::read`; the root is empty).
type ModulePath = Vec<String>;

#[test]
fn no_file_imports_itself_around_a_loop() {
    let mut found = Vec::new();
    for (name, graph) in ModuleGraph::read_all() {
        let loops = strongly_connected(&graph.edges);
        if !loops.is_empty() {
            found.push(format!("in {name}: {}", describe(&loops)));
        }
    }
    assert!(
        found.is_empty(),
        "files import each other in a loop: {}",
        found.join("; ")
    );
}

#[test]
fn no_folder_holds_files_or_folders_that_import_each_other() {
    let mut found = Vec::new();
    for (name, graph) in ModuleGraph::read_all() {
        for folder in graph.folders() {
            let children = graph.children_graph(&folder);
            for cycle in strongly_connected(&children) {
                found.push(format!(
                    "in {name}/{}: {}",
                    folder.join("/"),
                    describe(&[cycle])
                ));
            }
        }
    }
    assert!(found.is_empty(), "module loops: {}", found.join("; "));
}

/// The graph finds a loop when there is one (the tests above cannot pass
/// on a graph they do not read).
#[test]
fn a_loop_is_found() {
    let edge = |a: &str, b: &str| (vec![a.to_owned()], vec![b.to_owned()]);
    let mut edges: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (a, b) in [
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("c", "d"),
    ] {
        edges.entry(a).or_default().insert(b);
    }
    let loops = strongly_connected(&edges);
    assert_eq!(loops.len(), 1);
    assert_eq!(loops[0].len(), 3);
    // And it reads every crate, and the imports their code has.
    let known: &[(&str, &[&str], &[&str])] = &[
        ("notation/src", &["any", "explain"], &["teach"]),
        ("notation/src", &["lesson", "pieces"], &["any"]),
        ("service/src", &["routes"], &["handlers"]),
        ("service/src", &["openapi"], &["route"]),
        ("service/archive/src", &["query"], &["counts"]),
    ];
    let graphs: BTreeMap<String, ModuleGraph> = ModuleGraph::read_all().into_iter().collect();
    let path = |names: &[&str]| -> ModulePath { names.iter().map(|&n| n.to_owned()).collect() };
    for (name, from, to) in known {
        let imports = graphs
            .get(*name)
            .unwrap_or_else(|| panic!("{name} was not read"))
            .edges
            .get(&path(from));
        assert!(
            imports.is_some_and(|imports| imports.contains(&path(to))),
            "{name}: {from:?} should import {to:?}"
        );
    }
}

/// The `src` folders of the crates checked, from the workspace's root:
/// the library's and every crate's under `service/`.
fn crate_sources() -> Vec<PathBuf> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace holds the crate");
    let mut sources = vec![workspace.join("notation/src")];
    find_sources(&workspace.join("service"), &mut sources);
    sources
}

/// Every crate's `src` folder under `dir`, leaving out tests, build output
/// and hidden folders.
fn find_sources(dir: &Path, sources: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder.file_name().unwrap_or_default().to_string_lossy();
        if name == "src" && (folder.join("lib.rs").exists() || folder.join("main.rs").exists()) {
            sources.push(folder);
        } else if !matches!(&*name, "tests" | "target" | "node_modules") && !name.starts_with('.') {
            find_sources(&folder, sources);
        }
    }
}

struct ModuleGraph {
    /// Every module (one a file) and the modules its code names.
    edges: BTreeMap<ModulePath, BTreeSet<ModulePath>>,
}

impl ModuleGraph {
    /// Every crate's graph, named by its `src` folder from the workspace's
    /// root (`service/archive/src`).
    fn read_all() -> Vec<(String, ModuleGraph)> {
        let sources = crate_sources();
        assert!(sources.len() >= 3, "the crates were not found: {sources:?}");
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace holds the crate");
        sources
            .iter()
            .map(|src| {
                let name = src
                    .strip_prefix(workspace)
                    .unwrap_or(src)
                    .to_string_lossy()
                    .replace('\\', "/");
                (name, ModuleGraph::read(src))
            })
            .collect()
    }

    fn read(root: &Path) -> ModuleGraph {
        let mut files = BTreeMap::new();
        collect(root, root, &mut files);
        let modules: BTreeSet<ModulePath> = files.keys().cloned().collect();
        let reexports = reexports(&code_of(&files[&Vec::new()]));
        let mut edges = BTreeMap::new();
        for (module, text) in &files {
            let mut named = BTreeSet::new();
            for path in paths_named(module, &code_of(text)) {
                if let Some(target) = resolve(&path, &modules, &reexports)
                    && &target != module
                    && !target.is_empty()
                {
                    named.insert(target);
                }
            }
            edges.insert(module.clone(), named);
        }
        ModuleGraph { edges }
    }

    /// Every folder: the root, and each module that has modules inside.
    fn folders(&self) -> BTreeSet<ModulePath> {
        self.edges
            .keys()
            .flat_map(|module| (0..module.len()).map(|n| module[..n].to_vec()))
            .collect()
    }

    /// The imports between the children of `folder` (its files and
    /// subfolders), each child standing for every module inside it.
    fn children_graph(&self, folder: &[String]) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
        let child = |module: &ModulePath| {
            (module.len() > folder.len() && module.starts_with(folder))
                .then(|| vec![module[folder.len()].clone()])
        };
        let mut graph: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
        for (from, targets) in &self.edges {
            let Some(a) = child(from) else { continue };
            for target in targets {
                if let Some(b) = child(target)
                    && a != b
                {
                    graph.entry(a.clone()).or_default().insert(b);
                }
            }
        }
        graph
    }
}

/// Every `.rs` file under `dir`, by module path, with its text.
fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<ModulePath, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a crate's src folder reads")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path
                .strip_prefix(root)
                .expect("under src")
                .with_extension("");
            let mut module: ModulePath = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if module
                .last()
                .is_some_and(|last| last == "mod" || last == "lib")
            {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            files.insert(module, text);
        }
    }
}

/// The code of a file: its unit tests and comment lines left out.
fn code_of(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at]);
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the crate root re-exports: a name and the path it stands for.
fn reexports(root: &str) -> BTreeMap<String, ModulePath> {
    let mut names = BTreeMap::new();
    for statement in statements(root, "pub use ") {
        for (path, alias) in expand(statement) {
            if let Some(name) = alias.or_else(|| path.last().cloned()) {
                names.insert(name, path);
            }
        }
    }
    names
}

/// The bodies of the statements of `code` that start with `keyword`, to
/// their `;`.
fn statements<'a>(code: &'a str, keyword: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(keyword) {
        let starts_word = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_');
        let body = &rest[at + keyword.len()..];
        let end = body.find(';').unwrap_or(body.len());
        if starts_word {
            found.push(&body[..end]);
        }
        rest = &body[end..];
    }
    found
}

/// The paths a use tree names (`a::{b, c::{d as e}}`), each with its alias.
fn expand(tree: &str) -> Vec<(ModulePath, Option<String>)> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let (path, alias) = match tree.split_once(" as ") {
            Some((path, alias)) => (path, Some(alias.trim().to_owned())),
            None => (tree, None),
        };
        return vec![(segments(path), alias)];
    };
    let prefix = segments(&tree[..open]);
    let close = tree.rfind('}').unwrap_or(tree.len());
    let mut paths = Vec::new();
    let (mut depth, mut start) = (0, open + 1);
    for (i, c) in tree.char_indices().take(close).skip(open + 1) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                paths.extend(expand(&tree[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    paths.extend(expand(&tree[start..close]));
    paths
        .into_iter()
        .filter(|(path, _)| !path.is_empty())
        .map(|(path, alias)| ([prefix.clone(), path].concat(), alias))
        .collect()
}

fn segments(path: &str) -> ModulePath {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "self")
        .map(str::to_owned)
        .collect()
}

/// The paths from the crate root that the code of `module` names: its
/// `use crate::`, `use super::` and `use self::` trees, and every
/// `crate::…` path written in place.
fn paths_named(module: &ModulePath, code: &str) -> Vec<ModulePath> {
    let mut paths = Vec::new();
    for statement in statements(code, "use ") {
        let statement = statement.trim();
        let (base, tree) = if let Some(tree) = statement.strip_prefix("crate::") {
            (Vec::new(), tree)
        } else if let Some(tree) = statement.strip_prefix("super::") {
            (module[..module.len().saturating_sub(1)].to_vec(), tree)
        } else if let Some(tree) = statement.strip_prefix("self::") {
            (module.clone(), tree)
        } else {
            continue;
        };
        for (path, _) in expand(tree) {
            paths.push([base.clone(), path].concat());
        }
    }
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let end = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        paths.push(segments(&after[..end]));
        rest = &after[end..];
    }
    paths
}

/// The module a path names: its longest prefix that is a module, through
/// the root's re-exports.
fn resolve(
    path: &ModulePath,
    modules: &BTreeSet<ModulePath>,
    reexports: &BTreeMap<String, ModulePath>,
) -> Option<ModulePath> {
    let first = path.first()?;
    let path = match reexports.get(first) {
        Some(target) if !modules.contains(&vec![first.clone()]) => {
            [target.clone(), path[1..].to_vec()].concat()
        }
        _ => path.clone(),
    };
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
}

/// The groups of two or more nodes that reach each other.
fn strongly_connected(edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    let reach = |from: &ModulePath| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&ModulePath, BTreeSet<ModulePath>> =
        edges.keys().map(|node| (node, reach(node))).collect();
    let mut groups: Vec<Vec<ModulePath>> = Vec::new();
    for (node, from_node) in &reached {
        if !from_node.contains(*node) || groups.iter().any(|g| g.contains(node)) {
            continue;
        }
        let group: Vec<ModulePath> = from_node
            .iter()
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*node)))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

fn describe(groups: &[Vec<ModulePath>]) -> String {
    groups
        .iter()
        .map(|group| {
            group
                .iter()
                .map(|module| module.join("::"))
                .collect::<Vec<_>>()
                .join(" <-> ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

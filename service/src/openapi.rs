//! The OpenAPI 3.1 document the server serves at `GET /openapi.json`,
//! assembled once from the route table: `service/openapi/document.json`
//! holds everything but the paths (`"paths": {}`), and each route of
//! `routes::ROUTES` adds its operation (`service/openapi/operations/`) under its
//! path, with the `operationId` and `summary` the table gives it. The text
//! is written as the pretty-printed JSON of those files is, two spaces an
//! indent, so that it reads as one hand-written document.

use crate::route::Route;
use std::fmt::Write as _;

/// The document without its paths.
const DOCUMENT: &str = include_str!("../openapi/document.json");

/// Where the paths go in [`DOCUMENT`].
const NO_PATHS: &str = "\n  \"paths\": {},\n";

/// The servers of the routes served on the metrics address.
const METRICS_SERVERS: &str = include_str!("../openapi/metrics-servers.json");

/// [`DOCUMENT`] with the paths of `routes` (routes of one path side by
/// side, as the route table keeps them).
pub(crate) fn assemble(routes: &[Route]) -> String {
    let mut paths = String::from("\n  \"paths\": {");
    let mut previous: Option<&str> = None;
    for route in routes {
        if previous == Some(route.path) {
            paths.push(',');
        } else {
            if previous.is_some() {
                paths.push_str("\n    },");
            }
            let _ = write!(paths, "\n    {}: {{", quoted(route.path));
            if !route.on_api() {
                let _ = write!(paths, "\n      \"servers\": {},", indented(METRICS_SERVERS));
            }
        }
        let _ = write!(
            paths,
            "\n      {}: {{\n        \"operationId\": {},\n        \"summary\": {},",
            quoted(&route.method.to_ascii_lowercase()),
            quoted(route.operation_id),
            quoted(route.summary),
        );
        // The operation's members, without the file's own braces.
        let members = route
            .operation
            .trim_end()
            .strip_prefix('{')
            .and_then(|members| members.strip_suffix('}'))
            .unwrap_or_default()
            .trim_matches('\n');
        let _ = write!(paths, "\n      {}\n      }}", indented(members));
        previous = Some(route.path);
    }
    if previous.is_some() {
        paths.push_str("\n    }");
    }
    paths.push_str("\n  },\n");
    DOCUMENT.replacen(NO_PATHS, &paths, 1)
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// The lines of `text` but the first indented by six spaces (the depth of
/// an operation's members), trailing newline dropped.
fn indented(text: &str) -> String {
    let mut lines = text.trim_end().lines();
    let mut out = lines.next().unwrap_or_default().to_owned();
    for line in lines {
        out.push('\n');
        if !line.is_empty() {
            out.push_str("      ");
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::routes::{ROUTES, openapi};

    #[test]
    fn the_document_is_json_with_every_route_once() {
        let document: serde_json::Value =
            serde_json::from_str(openapi()).expect("the assembled document is JSON");
        let mut operations = 0;
        for item in document["paths"].as_object().expect("paths").values() {
            operations += item.as_object().expect("a path item").len();
        }
        // `/metrics` has its servers beside its one operation.
        assert_eq!(operations, ROUTES.len() + 1);
        for route in ROUTES {
            let operation = &document["paths"][route.path][route.method.to_ascii_lowercase()];
            assert_eq!(operation["operationId"], route.operation_id);
            assert_eq!(operation["summary"], route.summary);
        }
    }

    #[test]
    fn every_operation_file_is_a_json_object_without_id_or_summary() {
        for route in ROUTES {
            let operation: serde_json::Value = serde_json::from_str(route.operation)
                .unwrap_or_else(|error| panic!("{}: {error}", route.operation_id));
            let members = operation.as_object().expect("an object");
            assert!(
                !members.contains_key("operationId"),
                "{}",
                route.operation_id
            );
            assert!(!members.contains_key("summary"), "{}", route.operation_id);
        }
    }

    #[test]
    fn routes_of_one_path_are_side_by_side_and_ids_are_unique() {
        for (i, route) in ROUTES.iter().enumerate() {
            for (j, other) in ROUTES.iter().enumerate().skip(i + 1) {
                assert_ne!(route.operation_id, other.operation_id);
                if route.path == other.path {
                    assert!(
                        ROUTES[i..=j]
                            .iter()
                            .all(|between| between.path == route.path),
                        "{} is split in the table",
                        route.path
                    );
                    assert_ne!(route.method, other.method, "{}", route.path);
                }
            }
        }
    }
}

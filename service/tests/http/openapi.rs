//! The OpenAPI document, assembled from the route table, lists every route
//! once, and the server answers every route it lists.

use crate::TestServer;

fn document() -> serde_json::Value {
    serde_json::from_str(songo_service::openapi()).expect("openapi.json is JSON")
}

/// (method, path) of every operation of the document.
fn operations() -> Vec<(String, String)> {
    let doc = document();
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            if ["get", "post", "put", "delete", "patch", "head", "options"]
                .contains(&method.as_str())
            {
                operations.push((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    operations.sort();
    operations
}

/// Whether the document serves `path` from servers of its own (the
/// metrics address), not the API's.
fn on_metrics_address(path: &str) -> bool {
    document()["paths"][path].get("servers").is_some()
}

#[test]
fn every_route_is_documented_and_every_documented_route_exists() {
    let mut routes: Vec<(String, String)> = songo_service::ROUTES
        .iter()
        .map(|r| (r.method.to_owned(), r.path.to_owned()))
        .collect();
    routes.sort();
    assert_eq!(routes, operations());
    // Only the metrics route is served elsewhere.
    for route in songo_service::ROUTES {
        assert_eq!(
            on_metrics_address(route.path),
            !route.on_api(),
            "{}",
            route.path
        );
    }
    assert!(!songo_service::METRICS_ROUTE.on_api());
}

#[test]
fn the_server_answers_every_documented_operation() {
    let server = TestServer::with_metrics(songo_service::Config::default());
    for (method, path) in operations() {
        let reply = if on_metrics_address(&path) {
            TestServer::request_to(server.metrics_addr.unwrap(), &method, &path)
        } else {
            server.request(&method, &path, &[], None)
        };
        assert!(
            reply.status != 404 && reply.status != 405,
            "{method} {path}: {}",
            reply.status
        );
    }
}

#[test]
fn the_document_is_openapi_3_1_with_every_problem_answer_described() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    for (method, path) in operations() {
        let operation = &doc["paths"][&path][method.to_ascii_lowercase()];
        assert!(
            operation["summary"].is_string(),
            "{method} {path} has a summary"
        );
        assert!(
            operation["operationId"].is_string(),
            "{method} {path} has an operationId"
        );
        assert!(
            ["200", "201", "204"]
                .iter()
                .any(|status| operation["responses"][status].is_object()),
            "{method} {path} describes 200 (201 for a creation, 204 for a removal)"
        );
        if method == "POST" {
            for status in ["400", "413", "415"] {
                assert!(
                    operation["responses"][status].is_object(),
                    "{method} {path} describes {status}"
                );
            }
        }
    }
    // Every $ref resolves.
    let text = songo_service::openapi();
    for reference in text.split("\"$ref\": \"#/").skip(1) {
        let pointer = &reference[..reference.find('"').unwrap()];
        assert!(
            doc.pointer(&format!("/{pointer}")).is_some(),
            "$ref #/{pointer} resolves"
        );
    }
}

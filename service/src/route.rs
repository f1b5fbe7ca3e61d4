//! What one route of the API is: its method, path, OpenAPI operation and
//! how it is answered. The table of every route is `routes::ROUTES`; this
//! leaf holds the type alone, so that the OpenAPI document is assembled
//! from the table without importing the router that serves it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use warp::reply::Response;

use crate::plumbing::{Request, State};
use crate::problem::Problem;

/// One route of the API.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// `GET`, `POST`, `PATCH` or `DELETE`.
    pub method: &'static str,
    /// The path, such as `/v1/play`; one `{name}` stands for a path
    /// segment, as in `/v1/games/{id}`.
    pub path: &'static str,
    /// What it does, in one line (the OpenAPI operation's `summary`).
    pub summary: &'static str,
    /// The OpenAPI `operationId`, also the name of the file of
    /// `service/openapi/operations/` that describes the rest of the
    /// operation.
    pub operation_id: &'static str,
    /// That file's text: a JSON object, the operation without its
    /// `operationId` and `summary`.
    pub(crate) operation: &'static str,
    /// How the route is answered.
    pub(crate) serve: Serve,
}

/// A handler run in the route's task: it reads the request and answers,
/// or says what is wrong with it.
pub(crate) type Handler = fn(Arc<State>, Request) -> Pending;

/// What a [`Handler`] returns.
pub(crate) type Pending = Pin<Box<dyn Future<Output = Result<Response, Problem>> + Send>>;

/// How a route is answered.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Serve {
    /// By a handler in its own task, under the time limit, its answer
    /// written in the request's language.
    Task(Handler),
    /// By a function of the path's `{…}` value and the query alone, so that
    /// the answer may be cached (board pictures; problems in English), in
    /// a job slot of its own task, within the answer budget.
    Direct(fn(&str, &str) -> Response),
    /// The page's files: `/` stands for every path of
    /// [`page::asset_paths`] and `/index.html`.
    PageFiles,
    /// On the metrics address (`metrics`), never on the API's.
    MetricsAddress,
}

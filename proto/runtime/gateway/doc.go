// Package gateway is the kit every HTTP API of the exchange is built on
// (the CLOB and Gamma gateways, the relayer), written once: the Echo
// instance with its middleware in their order, the error renderer, the
// documentation routes (GET /, /openapi.yaml, /docs, and for an API with
// streams /asyncapi.yaml and /docs/stream), the health probes (/livez,
// /readyz, /metrics), and serving with a graceful stop.
//
// A service's server package states only what is its own: its routes and
// handlers, its error body (ErrorBody, the hook for fields of its own),
// its readiness checks, its token buckets and the caller field it logs.
package gateway

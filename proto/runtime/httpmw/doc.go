// Package httpmw is the Echo middleware every HTTP service of the exchange
// runs (the CLOB and Gamma gateways, the relayer), written once: request
// ids, panic recovery, the request log, HTTP metrics, body limits and
// per-identity token buckets. What differs between the services (which
// buckets, their refusal messages, the metric prefix, the caller field
// logged, the largest body) is a parameter; the policy stays with each
// service.
//
// It is also where the APIs refuse what a client says loosely, once for
// all: Serve checks every request head before net/http reads it (guard.go),
// Strict refuses ambiguous queries and headers, and DecodeJSON reads a
// body as one strict JSON value.
package httpmw

// Package httpmw is the Echo middleware every HTTP service of the exchange
// runs (the CLOB and Gamma gateways, the relayer), written once: request
// ids, panic recovery, the request log, HTTP metrics, body limits and
// per-identity token buckets. What differs between the services (which
// buckets, their refusal messages, the metric prefix, the caller field
// logged, the largest body) is a parameter; the policy stays with each
// service.
package httpmw

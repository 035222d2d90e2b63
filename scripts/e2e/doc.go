// Package e2e holds the exchange's end-to-end tests. Nothing is faked:
// each test starts a devnet (package devnet: embedded NATS with
// JetStream, the real matching engine, real CLOB gateways on real HTTP
// listeners) on random ports in a temporary directory, or, for
// TestGatewayProcesses, natsd, the engine and two gateways as separate
// processes built from the workspace, and drives it with the Go SDK
// (pred.dev/proto/client/clob) or the pred CLI's package. Every response is
// checked against the gateway's OpenAPI document (package
// pred.dev/gateway-clob/apitest), which each gateway must serve.
package e2e

// Package gammaapi is the Gamma API's wire format: the JSON bodies of its
// requests and responses and the names of its headers. The gateway
// encodes its responses with these types and the Go client
// (pred.dev/proto/client/gamma) decodes them, so the two cannot disagree
// about a field name; the package imports no HTTP client and nothing of
// the server.
//
// Conventions (see GET /openapi.yaml):
//   - outcomes, outcomePrices and clobTokenIds are JSON arrays, YES first
//     (not the reference's JSON-encoded strings);
//   - the spec's number fields (volume, liquidity, sizes, the tick) are
//     JSON numbers written as exact decimals (Num); prices are decimal
//     strings;
//   - ids are decimal strings, slugs lowercase-dashed, times RFC 3339 UTC.
package gammaapi

// Header names.
const (
	// HeaderOperatorKey carries the operator key on /admin requests.
	HeaderOperatorKey = "PRED_OPERATOR_KEY"
	// HeaderAuthorization carries "Bearer <token>" from POST /auth/login.
	HeaderAuthorization = "Authorization"
)
